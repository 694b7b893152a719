import { type AccountStanding, isBlocked } from "../accounts/account-standing.js";
import { type Category, isBlockedForResellers } from "../categories/category.js";
import type { ProductRecord } from "../products/product.js";
import { unitPrice } from "../products/product-price.js";
import { shownRatingOf } from "../ratings/shown-rating.js";
import { filterText, indexTerms, searchWords } from "./search-text.js";

/**
 * A facet is one list of the public catalogue: everything (`A`), one category (`C#<id>`), one seller
 * (`S#<id>`), or the products with a word starting with a term (`T#<term>`). Every public product is
 * listed once in each facet it belongs to, newest first and by price, and each facet keeps its counts.
 */
export const facets = {
  all: "A",
  category: (categoryId: number) => `C#${categoryId}`,
  seller: (sellerId: number) => `S#${sellerId}`,
  term: (term: string) => `T#${term}`,
} as const;

/** Facets that also keep a price tree, so price-range totals cost the same at any catalogue size. */
export const keepsPriceTree = (facet: string): boolean =>
  facet === facets.all || facet.startsWith("C#") || facet.startsWith("S#");

/** What a listed product carries in every facet it is listed in: the values searches sort and filter by. */
export interface ListingValues {
  readonly product_id: string;
  /** The price a buyer pays per unit (discount applied); sorting and price filters use it. */
  readonly price: number;
  readonly in_stock: boolean;
  readonly category_id: number;
  readonly seller_id: number;
  /** The words of title and description, for filtering by further query words (see `filterText`). */
  readonly words: string;
  /**
   * The rating the product shows (1-5), what `sort=rating` orders by (#25); absent for a product without
   * an approved review, so a product nobody rated is listed exactly as before ratings existed.
   */
  readonly rating?: number;
}

/** A public product's place in the catalogue: the facets it is listed in and the values listed. */
export interface Listing {
  readonly facets: readonly string[];
  readonly values: ListingValues;
}

/** Whether two listings carry the same values (undefined: not listed). */
export const sameListingValues = (a: ListingValues | undefined, b: ListingValues | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.product_id === b.product_id &&
    a.price === b.price &&
    a.in_stock === b.in_stock &&
    a.category_id === b.category_id &&
    a.seller_id === b.seller_id &&
    a.words === b.words &&
    (a.rating ?? 0) === (b.rating ?? 0));

/** The text resellers search: the title and the description. */
export const searchableText = (product: Pick<ProductRecord, "name" | "meta_description">): string =>
  `${product.name} ${product.meta_description}`;

/**
 * Whether Reseller API v2 shows a product: approved (so not a draft, pending, rejected or deleted),
 * in an existing active category whose id does not start with 700.
 */
export const isPublic = (product: ProductRecord, category: Category | undefined): boolean =>
  product.status_moderation === "approved" &&
  category !== undefined &&
  category.status === "active" &&
  !isBlockedForResellers(category.id);

/**
 * Where a product is listed, or undefined when it is not public or its seller is blocked (a blocked
 * seller's products leave the catalogue). Without `seller` (none read, or no account), it is not blocked.
 */
export const listingOf = (
  product: ProductRecord,
  category: Category | undefined,
  seller?: AccountStanding,
): Listing | undefined => {
  if (!isPublic(product, category) || (seller !== undefined && isBlocked(seller))) return undefined;
  const words = searchWords(searchableText(product));
  const rating = shownRatingOf(product);
  return {
    facets: [
      facets.all,
      facets.category(product.id_categories),
      facets.seller(product.seller_id),
      ...indexTerms(words).map(facets.term),
    ],
    values: {
      product_id: product.id,
      price: unitPrice(product.price, product.discount),
      in_stock: product.count > 0,
      category_id: product.id_categories,
      seller_id: product.seller_id,
      words: filterText(words),
      ...(rating > 0 ? { rating } : {}),
    },
  };
};

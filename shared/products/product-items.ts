import { defineTableItem } from "../data/table-item.js";
import { indexAssignment, indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import type { ProductRecord } from "./product.js";
import { type SellerListing, sellerListingOf } from "./seller-lists.js";

/**
 * The table items a product is stored as, each declared once with its key, entity and projections: the
 * product itself, its name entries, and the guards of its name and uuid. (Its seller's count item is
 * declared on its own, `seller-counts-item.ts`.)
 */

/** A line of a seller's list: exactly what GET /api/v1/products shows of each product. */
const line = ["id", "name", "price", "count", "status_moderation"] as const;

/** What the product's readers ask for, by reader (named below); stored fields only (`productRecordSchema`). */
const projections = {
  line,
  row: [...line, "id_categories", "lists_indexed"],
  counts: ["status_moderation", "id_categories", "lists_indexed"],
} as const satisfies Readonly<Record<string, readonly (keyof ProductRecord)[]>>;

/** A product: in its seller's whole list and, once indexed, in its status and category lists. */
export const productTableItem = defineTableItem({
  entity: "product",
  key: keys.product,
  // SK "PRODUCT" is the product's alone: a stream's key filter finds every record of a product by it.
  prefix: keys.product(""),
  projections,
});

/** The attributes of a list line, as Queries and reads ask for them. */
export const productLineAttributes = projections.line;
/** The attributes of a row of the whole list (`listBySeller`). */
export const productRowAttributes = projections.row;
/** What a missing count item is built from. */
export const productCountAttributes = projections.counts;

/** A line of a seller's product list: exactly what GET /api/v1/products shows of each product. */
export type ProductListLine = Readonly<Pick<ProductRecord, (typeof productLineAttributes)[number]>>;
/** A row of a seller's whole product list: the line, and what filtering before the lists existed needs. */
export type ProductListEntry = Readonly<Pick<ProductRecord, (typeof productRowAttributes)[number]>>;

/** One word start of a product's name in its seller's name entries, with what a search filters on. */
export const productNameEntryTableItem = defineTableItem({
  entity: "product_name",
  key: keys.productNameEntry,
  projections: {
    /** What a search reads of each matching entry. */
    search: ["product_id", "created_at"],
  },
});

/** The guard that keeps a product name unique per seller: it holds the id of the product that has it. */
export const productNameGuardTableItem = defineTableItem({ entity: "guard", key: keys.productNameGuard });

/** The guard that keeps a product uuid unique per seller: it holds the id of the product that has it. */
export const productUuidGuardTableItem = defineTableItem({ entity: "guard", key: keys.productUuidGuard });

/** The index attributes that put a product into its status, category, and status-and-category lists. */
const listMemberships = (listing: SellerListing): Record<string, string> => {
  const sort: [string, string] = [listing.createdAt, listing.productId];
  const { sellerId, status, categoryId } = listing;
  return {
    ...indexMembership(indexedCollections.sellerProductsByStatus, [sellerId, status], sort),
    ...indexMembership(indexedCollections.sellerProductsByCategory, [sellerId, categoryId], sort),
    ...indexMembership(
      indexedCollections.sellerProductsByStatusAndCategory,
      [sellerId, status, categoryId],
      sort,
    ),
  };
};

/** The same as SET assignments of an update. */
export const listAssignments = (listing: SellerListing) => {
  const sort: [string, string] = [listing.createdAt, listing.productId];
  const { sellerId, status, categoryId } = listing;
  return [
    indexAssignment(indexedCollections.sellerProductsByStatus, [sellerId, status], sort),
    indexAssignment(indexedCollections.sellerProductsByCategory, [sellerId, categoryId], sort),
    indexAssignment(
      indexedCollections.sellerProductsByStatusAndCategory,
      [sellerId, status, categoryId],
      sort,
    ),
  ];
};

/** One word start of a product's name in its seller's name entries, with what a search filters on. */
export const productNameEntryItem = (listing: SellerListing, words: string) =>
  productNameEntryTableItem.item([listing.sellerId, words, listing.productId], {
    product_id: listing.productId,
    created_at: listing.createdAt,
    status_moderation: listing.status,
    id_categories: listing.categoryId,
  });

/**
 * A product as a table item: in its seller's whole list and, being indexed, in its status and category
 * lists. Its name entries are separate items (`productNameEntryItem`, written in the same transaction).
 */
export const productItem = (product: ProductRecord) => {
  const listing = sellerListingOf(product);
  return productTableItem.item([product.id], {
    ...product,
    lists_indexed: 1,
    ...indexMembership(
      indexedCollections.sellerProducts,
      [product.seller_id],
      [product.created_at, product.id],
    ),
    ...listMemberships(listing),
  });
};

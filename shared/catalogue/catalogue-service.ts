import type { AccountStore } from "../accounts/account-repository.js";
import { isBlockedSeller } from "../accounts/account-standing.js";
import { blockedCategory, isBlockedForResellers } from "../categories/category.js";
import type { CategoryStore } from "../categories/category-repository.js";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { ProductRecord } from "../products/product.js";
import type { ProductStore } from "../products/product-repository.js";
import { isPublic } from "./catalogue-listing.js";
import type { CatalogueSearch, PageEntry } from "./catalogue-search-repository.js";
import { type ProductSummary, type PublicProduct, productSummary, publicProduct } from "./public-product.js";
import type { PublicProductGuards } from "./public-product-checks.js";
import { candidateFacets, planSearch, type SearchQuery } from "./search-query.js";

/** One page of a list, with what v2 puts in `meta`. */
export interface Page<T> {
  readonly items: T[];
  readonly meta: { page: number; limit: number; total: number };
}

const productNotFound = () => refuse(refusals.productNotFound);

/** The items read for the ids `asked`, with those of `wanted` ids not among them read now (if any). */
const withUnlisted = async <V>(
  read: Map<number, V>,
  asked: ReadonlySet<number>,
  wanted: readonly number[],
  readMore: (ids: number[]) => Promise<Map<number, V>>,
): Promise<Map<number, V>> => {
  const missing = [...new Set(wanted)].filter((id) => !asked.has(id));
  return missing.length === 0 ? read : new Map([...read, ...(await readMore(missing))]);
};

/** The read side of Reseller API v2: search, a seller's catalogue and one public product. */
export const createCatalogueService = (deps: {
  catalogue: CatalogueSearch;
  products: Pick<ProductStore, "get" | "getMany">;
  accounts: Pick<AccountStore, "findById" | "findMany">;
  categories: Pick<CategoryStore, "get" | "getMany">;
}) => {
  // The page's products as they are now: one that stopped being public since it was listed is left out,
  // and so is one whose seller was blocked (the block unlists them; this covers the moments between).
  // The categories and sellers the entries were listed under are read beside the products, in one round;
  // only a product whose category is no longer the one it was listed under (the indexer is about to
  // move its entries) has its own read after.
  const summaries = async (entries: readonly PageEntry[]): Promise<ProductSummary[]> => {
    if (entries.length === 0) return [];
    const listedCategories = new Set(entries.map((e) => e.categoryId));
    const listedSellers = new Set(entries.map((e) => e.sellerId));
    const [products, listedCategoryItems, listedSellerItems] = await Promise.all([
      deps.products.getMany(entries.map((e) => e.productId)),
      deps.categories.getMany([...listedCategories]),
      deps.accounts.findMany([...listedSellers]),
    ]);
    const found = [...products.values()];
    const [categories, sellers] = await Promise.all([
      withUnlisted(
        listedCategoryItems,
        listedCategories,
        found.map((p) => p.id_categories),
        (ids) => deps.categories.getMany(ids),
      ),
      withUnlisted(
        listedSellerItems,
        listedSellers,
        found.map((p) => p.seller_id),
        (ids) => deps.accounts.findMany(ids),
      ),
    ]);
    return entries.flatMap(({ productId }) => {
      const product = products.get(productId);
      if (!product || !isPublic(product, categories.get(product.id_categories))) return [];
      const seller = sellers.get(product.seller_id);
      if (seller && isBlockedSeller(seller)) return [];
      return [productSummary(product, seller)];
    });
  };

  const search = async (query: SearchQuery): Promise<Page<ProductSummary>> => {
    if (query.category_id !== undefined && isBlockedForResellers(query.category_id)) throw blockedCategory();
    const counts = await deps.catalogue.counts(candidateFacets(query));
    const plan = planSearch(query, counts);
    const listed = counts.get(plan.facet)?.[plan.countField] ?? 0;
    const meta = { page: query.page, limit: query.limit };
    // Fractional bounds may leave no whole rouble between them (1000.2 to 1000.8): nothing to read.
    const emptyRange = plan.priceRange !== undefined && plan.priceRange.min > plan.priceRange.max;
    if (listed === 0 || emptyRange) return { items: [], meta: { ...meta, total: 0 } };
    const [entries, total] = await Promise.all([
      deps.catalogue.readPage(plan),
      plan.total === "counter"
        ? Promise.resolve(listed)
        : plan.total === "tree" && plan.priceRange
          ? deps.catalogue.countInPriceRange(plan.facet, plan.priceRange, plan.countField)
          : deps.catalogue.countMatches(plan),
    ]);
    return { items: await summaries(entries), meta: { ...meta, total } };
  };

  /** GET /product/{id}'s first check: the product, approved; anything else (none, not an id) is 404. */
  const approvedProduct = async (productId: string): Promise<ProductRecord> => {
    const found = isId(productId) ? await deps.products.get(productId) : undefined;
    if (found?.status_moderation !== "approved") throw productNotFound();
    return found;
  };

  /** The rest of GET /product/{id}'s rule for an approved product: its category and seller, checked in the spec's order. */
  const shown = async (product: ProductRecord): Promise<PublicProduct> => {
    // The seller is read beside the category, not after it: a refused product wastes one read.
    const [category, seller] = await Promise.all([
      deps.categories.get(product.id_categories),
      deps.accounts.findById(product.seller_id),
    ]);
    // Not public (no such category, or an inactive one) is 404 before a blocked category is 403.
    if (category?.status !== "active") throw productNotFound();
    if (isBlockedForResellers(product.id_categories)) throw blockedCategory();
    if (!isPublic(product, category) || (seller !== undefined && isBlockedSeller(seller)))
      throw productNotFound();
    return publicProduct(product, seller, category);
  };

  return {
    /** GET /search: public products matching every given criterion, in the asked order, one page. */
    search,

    /** GET /products/{seller_id}: a seller's public products, newest first; an unknown or blocked seller is 404. */
    async sellerProducts(sellerId: number, page: number, limit: number): Promise<Page<ProductSummary>> {
      // Only the seller's facet answers this query, newest first, its total from the facet's counter:
      // the plan needs no counts, so the seller, the counts and the page are read together, and the
      // page's products, categories and sellers after them (2 rounds; search is 3).
      const plan = planSearch({ seller_id: sellerId, page, limit, sort: "newest" }, new Map());
      const [seller, counts, entries] = await Promise.all([
        deps.accounts.findById(sellerId),
        deps.catalogue.counts([plan.facet]),
        deps.catalogue.readPage(plan),
      ]);
      if (!seller || isBlockedSeller(seller)) throw refuse(refusals.sellerNotFound);
      const total = counts.get(plan.facet)?.[plan.countField] ?? 0;
      const meta = { page, limit, total };
      return { items: total === 0 ? [] : await summaries(entries), meta };
    },

    /** GET /product/{id}: a public product in full; hidden ones and blocked sellers' are 404, blocked categories 403. */
    async product(productId: string): Promise<PublicProduct> {
      return shown(await approvedProduct(productId));
    },

    /**
     * What a write that stands on GET /product/{id}'s rule checks in its own transaction instead of
     * reading (`publicProductChecks`): from the product alone, one read, refusing what it refuses.
     */
    async publicProductGuards(productId: string): Promise<PublicProductGuards> {
      const product = await approvedProduct(productId);
      // A category hidden from resellers refuses it with 404 or 403 as the category's state says.
      if (isBlockedForResellers(product.id_categories)) await shown(product);
      return { categoryId: product.id_categories, sellerId: product.seller_id };
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;

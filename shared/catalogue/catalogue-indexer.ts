import type { AccountStore } from "../accounts/account-repository.js";
import type { AccountStandingStore } from "../accounts/account-standing-repository.js";
import type { CategoryStore } from "../categories/category-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import { listingOf, sameListingValues } from "./catalogue-listing.js";
import type { FacetChange } from "./catalogue-listing-repository.js";
import type { CatalogueStore } from "./catalogue-repository.js";

/** Runs that find the product or its entries changed under them start over, this many times at most. */
const MAX_ATTEMPTS = 6;

/**
 * Something kept in step with a product's listing (its favorites): told after every sync of the product,
 * once the catalogue is as the sync left it. It reads the listing itself, so a late call does no harm.
 */
export interface ListingFollower {
  /** Brings what follows the product in step; `productExists` is false once the sync found it deleted. */
  follow(productId: string, productExists: boolean): Promise<void>;
}

const sameFacets = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Keeps the catalogue in step with products. Fed by the table's stream, it always works from the
 * product and its entries as they are now (not from the change that woke it), and every write is
 * conditioned on both being still as read, so repeated, late, parallel or interrupted runs all end in
 * the same catalogue.
 */
export const createCatalogueIndexer = (deps: {
  products: Pick<ProductStore, "get" | "listBySeller">;
  categories: Pick<CategoryStore, "get">;
  accounts: Pick<AccountStore, "highestSellerId">;
  sellers: AccountStandingStore;
  catalogue: CatalogueStore;
  /** Told after each sync, in order; a failure fails the sync, so the stream hands the product again. */
  followers?: readonly ListingFollower[];
}) => {
  const tellFollowers = async (productId: string, productExists: boolean) => {
    for (const follower of deps.followers ?? []) await follower.follow(productId, productExists);
  };

  /** Lists, relists or unlists one product; returns how many facets changed. */
  const sync = async (productId: string): Promise<{ listed: boolean; facetsChanged: number }> => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const [product, recorded] = await Promise.all([
        deps.products.get(productId, { consistent: true }),
        deps.catalogue.recordedFacets(productId),
      ]);
      // The seller is read consistently: right after an unblock, a stale "blocked" would leave it unlisted.
      // A block after this read is caught by the listing's write, which requires the seller not blocked.
      const [category, seller] =
        product?.status_moderation === "approved"
          ? await Promise.all([
              deps.categories.get(product.id_categories),
              deps.sellers.find(product.seller_id, { consistent: true }),
            ])
          : [undefined, undefined];
      const listing = product ? listingOf(product, category, seller) : undefined;
      const touched = [...new Set([...recorded, ...(listing?.facets ?? [])])];
      const current = await deps.catalogue.entries(productId, touched);
      const changes: FacetChange[] = touched
        .map((facet) => ({
          facet,
          before: current.get(facet),
          after: listing?.facets.includes(facet) ? listing.values : undefined,
        }))
        .filter((c) => !sameListingValues(c.before, c.after));
      const result = { listed: listing !== undefined, facetsChanged: changes.length };
      const settled = changes.length === 0 && sameFacets(recorded, listing?.facets ?? []);
      if (
        settled ||
        (await deps.catalogue.applyUpdate({ productId, seen: product, recorded, touched, changes, listing }))
      ) {
        // Also when nothing changed here: a follower that failed last time (the stream's retry) catches up.
        await tellFollowers(productId, product !== undefined);
        return result;
      }
      // The product or an entry moved while this run worked: start again from what is stored now.
      await new Promise((r) => setTimeout(r, Math.random() * 25 * 2 ** attempt));
    }
    throw new Error(`Product ${productId} kept changing while its catalogue entries were updated`);
  };

  /** Syncs every product of one seller (walking the seller's product index). */
  const syncSeller = async (sellerId: number) => {
    let products = 0;
    let listed = 0;
    let facetsChanged = 0;
    for (const entry of await deps.products.listBySeller(sellerId)) {
      const result = await sync(entry.id);
      products += 1;
      listed += result.listed ? 1 : 0;
      facetsChanged += result.facetsChanged;
    }
    return { products, listed, facets_changed: facetsChanged };
  };

  return {
    sync,
    /** Operator: lists or unlists a seller's products after the seller was blocked or unblocked. */
    syncSeller,
    /**
     * Operator: syncs every product of every seller (walking each seller's product index, no table
     * scan), e.g. after the catalogue was first deployed over existing products, or to repair it.
     */
    async syncAll(): Promise<{ sellers: number; products: number; listed: number; facets_changed: number }> {
      const sellers = await deps.accounts.highestSellerId();
      const total = { sellers, products: 0, listed: 0, facets_changed: 0 };
      for (let sellerId = 1; sellerId <= sellers; sellerId++) {
        const result = await syncSeller(sellerId);
        total.products += result.products;
        total.listed += result.listed;
        total.facets_changed += result.facets_changed;
      }
      return total;
    },
  };
};

export type CatalogueIndexer = ReturnType<typeof createCatalogueIndexer>;

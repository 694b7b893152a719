import type { AccountStore } from "../accounts/account-repository.js";
import type { CategoryStore } from "../categories/category-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import { listingOf } from "./catalogue-listing.js";
import type { CatalogueStore, FacetChange } from "./catalogue-repository.js";

/**
 * Keeps the catalogue in step with products. Fed by the table's stream, it always works from the
 * product as it is now (not from the change that woke it), so repeated, late or out-of-order wake-ups
 * all end in the same catalogue.
 */
export const createCatalogueIndexer = (deps: {
  products: Pick<ProductStore, "get" | "listBySeller">;
  categories: Pick<CategoryStore, "get">;
  accounts: Pick<AccountStore, "highestSellerId">;
  catalogue: CatalogueStore;
}) => {
  /** Lists, relists or unlists one product; returns how many facets changed. */
  const sync = async (productId: string): Promise<{ listed: boolean; facetsChanged: number }> => {
    const product = await deps.products.get(productId, { consistent: true });
    const category = product ? await deps.categories.get(product.id_categories) : undefined;
    const next = product ? listingOf(product, category) : undefined;
    const previous = await deps.catalogue.listingOf(productId);
    const facets = new Set([...(previous?.facets ?? []), ...(next?.facets ?? [])]);
    const changes: FacetChange[] = [...facets].map((facet) => ({
      facet,
      before: previous?.facets.includes(facet) ? previous.values : undefined,
      after: next?.facets.includes(facet) ? next.values : undefined,
    }));
    const changed = changes.filter(
      (c) => JSON.stringify(c.before ?? null) !== JSON.stringify(c.after ?? null),
    );
    if (changed.length > 0) await deps.catalogue.applyChanges(changed);
    if (changed.length > 0 || (previous === undefined) !== (next === undefined)) {
      await deps.catalogue.recordListing(productId, next);
    }
    return { listed: next !== undefined, facetsChanged: changed.length };
  };

  return {
    sync,
    /**
     * Operator: syncs every product of every seller (walking each seller's product index, no table
     * scan), e.g. after the catalogue was first deployed over existing products, or to repair it.
     */
    async syncAll(): Promise<{ sellers: number; products: number; listed: number; facets_changed: number }> {
      const sellers = await deps.accounts.highestSellerId();
      let products = 0;
      let listed = 0;
      let facetsChanged = 0;
      for (let sellerId = 1; sellerId <= sellers; sellerId++) {
        for (const entry of await deps.products.listBySeller(sellerId)) {
          const result = await sync(entry.id);
          products += 1;
          listed += result.listed ? 1 : 0;
          facetsChanged += result.facetsChanged;
        }
      }
      return { sellers, products, listed, facets_changed: facetsChanged };
    },
  };
};

export type CatalogueIndexer = ReturnType<typeof createCatalogueIndexer>;

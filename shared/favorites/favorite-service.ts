import { isPublic } from "../catalogue/catalogue-listing.js";
import type { CategoryStore } from "../categories/category-repository.js";
import { conflict } from "../errors/domain-error.js";
import type { ProductStore } from "../products/product-repository.js";
import type { Clock } from "../time/clock.js";
import type { FavoriteBody, FavoriteItem, FavoriteRecord, FavoriteState } from "./favorite.js";
import type { FavoriteStore } from "./favorite-repository.js";

/**
 * Conditional writes a toggle tries before giving up. Each failed write means another request changed
 * the same favorite in between, so only more than this many concurrent changes of one favorite exhaust it.
 */
export const MAX_TOGGLE_ATTEMPTS = 50;

/** Favorites read per step while filling a page: one BatchGet of products holds 100 keys. */
const READ_STEP = 100;

/** One page of GET /favorites, with its `meta`. */
export interface FavoritePage {
  readonly items: FavoriteItem[];
  readonly meta: { page: number; limit: number };
}

/** A reseller's favorites: POST /favorites changes the list, GET /favorites shows its public products. */
export const createFavoriteService = (deps: {
  favorites: FavoriteStore;
  /** The catalogue's one-product read (`CatalogueService.product`): it throws unless resellers may see the product. */
  catalogue: { product(productId: string): Promise<unknown> };
  products: Pick<ProductStore, "getMany">;
  categories: Pick<CategoryStore, "getMany">;
  now: Clock;
}) => {
  // The favorites whose product is public now, with its current name, in the order given.
  const publicFavorites = async (productIds: readonly string[]): Promise<FavoriteItem[]> => {
    if (productIds.length === 0) return [];
    const products = await deps.products.getMany(productIds);
    if (products.size === 0) return [];
    const categories = await deps.categories.getMany([
      ...new Set([...products.values()].map((p) => p.id_categories)),
    ]);
    return productIds.flatMap((id) => {
      const product = products.get(id);
      if (!product || !isPublic(product, categories.get(product.id_categories))) return [];
      return [{ product_id: id, name: product.name }];
    });
  };

  // Flips the favorite with one successful conditional write: whichever of Put-if-absent and
  // Delete-if-present succeeds decides the answer, so parallel toggles each flip it exactly once.
  const toggle = async (record: FavoriteRecord): Promise<boolean> => {
    for (let attempt = 0; attempt < MAX_TOGGLE_ATTEMPTS; attempt++) {
      if (await deps.favorites.put(record)) return true;
      if (await deps.favorites.delete(record.account_id, record.product_id)) return false;
    }
    throw conflict("The favorite is being changed by other requests; try again", "favorite_conflict");
  };

  return {
    /**
     * GET /favorites: the caller's favorites whose product is public now, by product id (oldest product
     * first). Favorites of hidden products stay stored but are skipped, so pages are filled past them.
     */
    async list(accountId: number, page: number, limit: number): Promise<FavoritePage> {
      const items: FavoriteItem[] = [];
      let skip = (page - 1) * limit;
      let after: string | undefined;
      do {
        const wanted = skip + limit - items.length;
        const slice = await deps.favorites.slice(accountId, Math.min(wanted, READ_STEP), after);
        for (const favorite of await publicFavorites(slice.productIds)) {
          if (skip > 0) skip -= 1;
          else if (items.length < limit) items.push(favorite);
        }
        after = slice.next;
      } while (after !== undefined && items.length < limit);
      return { items, meta: { page, limit } };
    },

    /**
     * POST /favorites: add and remove are idempotent, toggle flips. Adding (or toggling) needs a public
     * product (404, or 403 for a blocked category); removing does not, so a favorite of a product that
     * was deleted or hidden can always be dropped.
     */
    async change(accountId: number, body: FavoriteBody): Promise<FavoriteState> {
      const { product_id, action } = body;
      if (action === "remove") {
        await deps.favorites.delete(accountId, product_id);
        return { product_id, favorite: false };
      }
      await deps.catalogue.product(product_id);
      const record: FavoriteRecord = {
        account_id: accountId,
        product_id,
        added_at: deps.now().toISOString(),
      };
      if (action === "add") {
        // Already there is just as good: the favorite is kept with the time it was first added.
        await deps.favorites.put(record);
        return { product_id, favorite: true };
      }
      return { product_id, favorite: await toggle(record) };
    },
  };
};

export type FavoriteService = ReturnType<typeof createFavoriteService>;

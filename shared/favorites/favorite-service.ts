import type { AccountStore } from "../accounts/account-repository.js";
import { isBlockedSeller } from "../accounts/account-standing.js";
import { isPublic } from "../catalogue/catalogue-listing.js";
import type { PublicProductGuards } from "../catalogue/public-product-checks.js";
import type { CategoryStore } from "../categories/category-repository.js";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { ProductStore } from "../products/product-repository.js";
import type { Clock } from "../time/clock.js";
import {
  type FavoriteBody,
  type FavoriteItem,
  type FavoriteRecord,
  type FavoriteState,
  favoritesFull,
} from "./favorite.js";
import type { FavoriteStore, FollowReading } from "./favorite-repository.js";

/**
 * Conditional writes a toggle (or an add) tries before giving up. Each failed write means another request
 * changed the same favorite, or the indexer what its product's favorites follow, in between; only more
 * than this many such changes exhaust it.
 */
export const MAX_TOGGLE_ATTEMPTS = 50;

/** Favorites skipped per request on the way to a deeper page: keys only, from the index. */
const SKIP_STEP = 500;

/** One page of GET /favorites, with its `meta`. */
export interface FavoritePage {
  readonly items: FavoriteItem[];
  readonly meta: { page: number; limit: number };
}

/**
 * A reseller's favorites: POST /favorites changes the list (at most `cap` of them), GET /favorites shows
 * those whose product is listed. The list is the index of listed favorites the catalogue indexer keeps
 * (`favorite-follower.ts`), so a page reads what it shows, never the hidden or deleted ones.
 */
export const createFavoriteService = (deps: {
  favorites: FavoriteStore;
  /**
   * The catalogue's rule for one product: `product` reads it whole and throws unless resellers may see
   * the product; `publicProductGuards` reads the product alone and leaves its category and seller to
   * the write's transaction (`CatalogueService`).
   */
  catalogue: {
    product(productId: string): Promise<unknown>;
    publicProductGuards(productId: string): Promise<PublicProductGuards>;
  };
  products: Pick<ProductStore, "getMany">;
  categories: Pick<CategoryStore, "getMany">;
  sellers: Pick<AccountStore, "findMany">;
  /** Favorites one account may hold (`FAVORITES_PER_ACCOUNT`). */
  cap: number;
  now: Clock;
}) => {
  // The page's favorites whose product is public now, with its current name, in the order given. The
  // index already left out what the indexer unlisted; this covers the moments before it did (a product
  // just sent back to moderation or deleted, a seller just blocked), as search pages do.
  const publicFavorites = async (productIds: readonly string[]): Promise<FavoriteItem[]> => {
    if (productIds.length === 0) return [];
    const products = await deps.products.getMany(productIds);
    if (products.size === 0) return [];
    const found = [...products.values()];
    const [categories, sellers] = await Promise.all([
      deps.categories.getMany([...new Set(found.map((p) => p.id_categories))]),
      deps.sellers.findMany([...new Set(found.map((p) => p.seller_id))]),
    ]);
    return productIds.flatMap((id) => {
      const product = products.get(id);
      if (!product || !isPublic(product, categories.get(product.id_categories))) return [];
      const seller = sellers.get(product.seller_id);
      if (seller && isBlockedSeller(seller)) return [];
      return [{ product_id: id, name: product.name }];
    });
  };

  // Adds or toggles with one successful conditional write: an add that finds the favorite there decides
  // (add: it stays; toggle: Delete-if-present), and an add that finds the product's favorites following
  // a new state reads it again, so parallel toggles each flip it exactly once and the count stays exact.
  // The write itself requires the product's category and seller to let resellers see it; when they no
  // longer do, the catalogue's whole rule says why (or, changed back meanwhile, the write is retried).
  const write = async (
    record: FavoriteRecord,
    first: { seen: FollowReading; guards: PublicProductGuards },
    toggle: boolean,
  ): Promise<boolean> => {
    let { seen, guards } = first;
    for (let attempt = 0; attempt < MAX_TOGGLE_ATTEMPTS; attempt++) {
      // Deleted since the catalogue was asked: its favorites are being removed.
      if (seen.record?.state === "gone") throw refuse(refusals.productNotFound);
      const outcome = await deps.favorites.add(record, seen, deps.cap, guards);
      if (outcome === "added") return true;
      if (outcome === "full") throw favoritesFull(deps.cap);
      if (outcome === "not_public") {
        await deps.catalogue.product(record.product_id);
        guards = await deps.catalogue.publicProductGuards(record.product_id);
      } else if (outcome === "moved") seen = await deps.favorites.follow(record.product_id);
      else if (!toggle) return true;
      else if (await deps.favorites.remove(record.account_id, record.product_id)) return false;
    }
    throw refuse(refusals.favoriteConflict);
  };

  return {
    /**
     * GET /favorites: the caller's favorites whose product is listed, by product id (oldest product
     * first). Favorites of hidden products stay stored but are not in the list, so they cost nothing.
     */
    async list(accountId: number, page: number, limit: number): Promise<FavoritePage> {
      const items: FavoriteItem[] = [];
      let after: string | undefined;
      // The pages before this one, by position in the list: their keys only, no product read.
      for (let skip = (page - 1) * limit; skip > 0; ) {
        const slice = await deps.favorites.listed(accountId, Math.min(skip, SKIP_STEP), after);
        skip -= slice.productIds.length;
        after = slice.productIds.at(-1) ?? after;
        // The list ends before this page starts, or exactly where it does.
        if (slice.next === undefined) return { items, meta: { page, limit } };
      }
      do {
        const slice = await deps.favorites.listed(accountId, limit - items.length, after);
        for (const favorite of await publicFavorites(slice.productIds)) items.push(favorite);
        after = slice.next;
      } while (after !== undefined && items.length < limit);
      return { items, meta: { page, limit } };
    },

    /**
     * POST /favorites: add and remove are idempotent, toggle flips. Adding (or toggling on) needs a public
     * product (404, or 403 for a blocked category) and room in the caller's list (409 favorites_full);
     * removing needs neither, so a favorite of a product since hidden can always be dropped.
     */
    async change(accountId: number, body: FavoriteBody): Promise<FavoriteState> {
      const { product_id, action } = body;
      if (action === "remove") {
        await deps.favorites.remove(accountId, product_id);
        return { product_id, favorite: false };
      }
      // What a new favorite must follow is read beside the product: no extra round trip. An id that is
      // not a product id is refused by the catalogue without any read, so nothing is looked up for it.
      const [guards, seen] = await Promise.all([
        deps.catalogue.publicProductGuards(product_id),
        isId(product_id) ? deps.favorites.follow(product_id) : undefined,
      ]);
      if (!seen) throw refuse(refusals.productNotFound);
      const record: FavoriteRecord = {
        account_id: accountId,
        product_id,
        added_at: deps.now().toISOString(),
      };
      return { product_id, favorite: await write(record, { seen, guards }, action === "toggle") };
    },
  };
};

export type FavoriteService = ReturnType<typeof createFavoriteService>;

import type { FollowedState } from "./favorite.js";
import type { FavoriteFollowStore, HeldFavorite } from "./favorite-repository.js";

/** Passes that find another follower's announcement come first start over, this many times at most. */
const MAX_ATTEMPTS = 6;
/** Favorites changed at once within one page of a product's favorites. */
const PARALLEL_WRITES = 25;

/**
 * Keeps a product's favorites in step with the product, for the catalogue indexer to call after every
 * sync: listed → each favorite is in its reseller's list (the sparse index GET /favorites reads);
 * unlisted (hidden, rejected, blocked seller, inactive category) → kept but out of the list; gone
 * (deleted; ids are never reused) → each favorite removed, freeing its reseller's room.
 *
 * The product's follow record makes it exact under concurrency without locks: a pass first announces its
 * target (a new version), so every add that commits afterwards already writes the target, and every add
 * before it is found by the pass's consistent Query; the pass then marks its version settled, which
 * fails if another pass announced meanwhile, and then it starts over from what is stored. A pass that
 * dies leaves the record unsettled, and the next sync of the product (the stream retries it) redoes it.
 */
export const createFavoriteFollower = (deps: { store: FavoriteFollowStore }) => {
  // Brings one favorite to the target; each write is idempotent, so a pass may be repeated at will.
  const bring = async (productId: string, target: FollowedState, favorite: HeldFavorite) => {
    if (target === "gone") await deps.store.remove(favorite.accountId, productId);
    else if (favorite.shown !== (target === "listed"))
      await deps.store.show(favorite.accountId, productId, target === "listed");
  };

  const pass = async (productId: string, target: FollowedState) => {
    let after: number | undefined;
    do {
      const page = await deps.store.holders(productId, after);
      for (let i = 0; i < page.favorites.length; i += PARALLEL_WRITES) {
        await Promise.all(
          page.favorites.slice(i, i + PARALLEL_WRITES).map((favorite) => bring(productId, target, favorite)),
        );
      }
      after = page.next;
    } while (after !== undefined);
  };

  return {
    /**
     * Brings the product's favorites to its state now: gone when the sync found no product, otherwise
     * listed or not as the catalogue's manifest says (read now, not as the sync saw it).
     */
    async follow(productId: string, productExists: boolean): Promise<void> {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const { record, listed } = await deps.store.follow(productId);
        // Never favorited: nothing follows it (a first favorite records the state it was added in).
        if (!record) return;
        // A deleted product never comes back, whatever a late sync of its last version read.
        const target: FollowedState =
          record.state === "gone" || !productExists ? "gone" : listed ? "listed" : "unlisted";
        if (record.state === target && record.settled) return;
        const version = await deps.store.announce(productId, target, record.version);
        if (version === undefined) continue;
        await pass(productId, target);
        if (await deps.store.settle(productId, version)) return;
      }
      throw new Error(`Favorites of product ${productId} kept changing while they were brought in step`);
    },
  };
};

export type FavoriteFollower = ReturnType<typeof createFavoriteFollower>;

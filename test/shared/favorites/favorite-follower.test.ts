import { describe, expect, it } from "vitest";
import type { FavoriteFollow } from "../../../shared/favorites/favorite.js";
import { createFavoriteFollower } from "../../../shared/favorites/favorite-follower.js";
import type { FavoriteFollowStore } from "../../../shared/favorites/favorite-repository.js";

const PRODUCT = "01M84QTVMR1RMGJ6TF16G0W001";

/**
 * FavoriteFollowStore in memory for one product: its follow record, whether the catalogue lists it, and
 * each reseller's favorite (shown or not), with the table's conditional semantics. It logs its calls.
 */
const memoryFollowStore = (options: {
  record?: FavoriteFollow;
  listed: boolean;
  favorites: Record<number, boolean>;
  pageSize?: number;
}) => {
  const state = {
    record: options.record,
    listed: options.listed,
    favorites: new Map(Object.entries(options.favorites).map(([id, shown]) => [Number(id), shown])),
    freed: [] as number[],
  };
  const calls: string[] = [];
  const pageSize = options.pageSize ?? 100;
  const store: FavoriteFollowStore = {
    follow: async () => {
      calls.push("follow");
      return { record: state.record, listed: state.listed };
    },
    announce: async (_productId, target, seenVersion) => {
      calls.push(`announce ${target}`);
      if (!state.record || state.record.version !== seenVersion) return undefined;
      state.record = { state: target, settled: false, version: seenVersion + 1 };
      return seenVersion + 1;
    },
    holders: async (_productId, after) => {
      calls.push(`holders ${after ?? "-"}`);
      const ids = [...state.favorites.keys()]
        .sort((a, b) => a - b)
        .filter((id) => after === undefined || id > after);
      const page = ids.slice(0, pageSize);
      return {
        favorites: page.map((accountId) => ({ accountId, shown: state.favorites.get(accountId) === true })),
        next: page.length === pageSize ? page.at(-1) : undefined,
      };
    },
    show: async (accountId, _productId, shown) => {
      calls.push(`show ${accountId} ${shown}`);
      if (state.favorites.has(accountId)) state.favorites.set(accountId, shown);
    },
    remove: async (accountId) => {
      calls.push(`remove ${accountId}`);
      if (!state.favorites.delete(accountId)) return false;
      state.freed.push(accountId);
      return true;
    },
    settle: async (_productId, version) => {
      calls.push(`settle ${version}`);
      if (!state.record || state.record.version !== version) return false;
      state.record = { ...state.record, settled: true };
      return true;
    },
  };
  return { store, state, calls };
};

const shownOf = (favorites: Map<number, boolean>) => Object.fromEntries(favorites);

describe("favorites follow their product", () => {
  it("an unlisted product takes every favorite out of its reseller's list, keeps them, and settles the new version", async () => {
    const { store, state, calls } = memoryFollowStore({
      record: { state: "listed", settled: true, version: 3 },
      listed: false,
      favorites: { 11: true, 12: true, 13: false },
    });
    await createFavoriteFollower({ store }).follow(PRODUCT, true);
    expect(shownOf(state.favorites)).toEqual({ 11: false, 12: false, 13: false });
    expect(state.record).toEqual({ state: "unlisted", settled: true, version: 4 });
    // The announcement comes before the consistent read of the favorites, the settlement after the writes.
    expect(calls).toEqual([
      "follow",
      "announce unlisted",
      "holders -",
      "show 11 false",
      "show 12 false",
      "settle 4",
    ]);
  });

  it("a listed product puts every favorite back into its list, page after page", async () => {
    const { store, state } = memoryFollowStore({
      record: { state: "unlisted", settled: true, version: 1 },
      listed: true,
      favorites: { 1: false, 2: false, 3: true, 4: false, 5: false },
      pageSize: 2,
    });
    await createFavoriteFollower({ store }).follow(PRODUCT, true);
    expect(shownOf(state.favorites)).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: true });
    expect(state.record).toEqual({ state: "listed", settled: true, version: 2 });
  });

  it("a deleted product's favorites are removed, freeing each reseller's room, and gone stays final", async () => {
    const { store, state, calls } = memoryFollowStore({
      record: { state: "listed", settled: true, version: 0 },
      listed: false,
      favorites: { 21: true, 22: false },
    });
    const follower = createFavoriteFollower({ store });
    await follower.follow(PRODUCT, false);
    expect(state.favorites.size).toBe(0);
    expect(state.freed).toEqual([21, 22]);
    expect(state.record).toEqual({ state: "gone", settled: true, version: 1 });
    // A late sync that read the product before its deletion changes nothing.
    calls.length = 0;
    await follower.follow(PRODUCT, true);
    expect(calls).toEqual(["follow"]);
    expect(state.record).toEqual({ state: "gone", settled: true, version: 1 });
  });

  it("does nothing but one read when the product has no favorites, or its favorites already show its state", async () => {
    const never = memoryFollowStore({ listed: true, favorites: {} });
    await createFavoriteFollower({ store: never.store }).follow(PRODUCT, true);
    expect(never.calls).toEqual(["follow"]);
    const inStep = memoryFollowStore({
      record: { state: "listed", settled: true, version: 2 },
      listed: true,
      favorites: { 1: true },
    });
    await createFavoriteFollower({ store: inStep.store }).follow(PRODUCT, true);
    expect(inStep.calls).toEqual(["follow"]);
  });

  it("redoes a pass that died before settling, even toward the same state", async () => {
    const { store, state } = memoryFollowStore({
      record: { state: "unlisted", settled: false, version: 5 },
      listed: false,
      favorites: { 1: true, 2: false },
    });
    await createFavoriteFollower({ store }).follow(PRODUCT, true);
    expect(shownOf(state.favorites)).toEqual({ 1: false, 2: false });
    expect(state.record).toEqual({ state: "unlisted", settled: true, version: 6 });
  });

  it("starts over from the stored state when another pass announced meanwhile, and ends in the latest state", async () => {
    const memory = memoryFollowStore({
      record: { state: "listed", settled: true, version: 0 },
      listed: false,
      favorites: { 1: true, 2: true },
    });
    let interrupted = false;
    const store: FavoriteFollowStore = {
      ...memory.store,
      // While this pass writes, the product is relisted and another pass announces (and writes) first.
      show: async (accountId, productId, shown) => {
        await memory.store.show(accountId, productId, shown);
        if (!interrupted) {
          interrupted = true;
          memory.state.listed = true;
          memory.state.record = { state: "listed", settled: false, version: 2 };
        }
      },
    };
    await createFavoriteFollower({ store }).follow(PRODUCT, true);
    expect(shownOf(memory.state.favorites)).toEqual({ 1: true, 2: true });
    expect(memory.state.record).toEqual({ state: "listed", settled: true, version: 3 });
  });

  it("gives up with an error after six announcements lost to others (the stream hands the product again)", async () => {
    const memory = memoryFollowStore({
      record: { state: "listed", settled: true, version: 0 },
      listed: false,
      favorites: {},
    });
    const store: FavoriteFollowStore = { ...memory.store, announce: async () => undefined };
    await expect(createFavoriteFollower({ store }).follow(PRODUCT, true)).rejects.toThrow(
      `Favorites of product ${PRODUCT} kept changing while they were brought in step`,
    );
  });
});

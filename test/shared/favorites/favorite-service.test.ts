import { describe, expect, it } from "vitest";
import type { AccountRecord } from "../../../shared/accounts/account.js";
import type { Category } from "../../../shared/categories/category.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import {
  FAVORITES_PER_ACCOUNT,
  type FavoriteFollow,
  type FavoriteRecord,
} from "../../../shared/favorites/favorite.js";
import type {
  AddOutcome,
  FavoriteSlice,
  FavoriteStore,
} from "../../../shared/favorites/favorite-repository.js";
import { createFavoriteService, MAX_TOGGLE_ATTEMPTS } from "../../../shared/favorites/favorite-service.js";
import type { ProductRecord } from "../../../shared/products/product.js";
import { forbidden, notFound } from "../../support/expected-refusals.js";

const ACCOUNT = 7;
const NOW = new Date("2026-11-23T10:00:00.000Z");

const activeCategory: Category = { id: 101, name: "Game keys", slug: "game-keys", status: "active" };
/** What a write of a public product's favorite requires of its category and seller (the memory store ignores it). */
const PUBLIC_GUARDS = { categoryId: activeCategory.id, sellerId: 9 };
const inactiveCategory: Category = { id: 102, name: "Old", slug: "old", status: "inactive" };

/** Product ids in id order: ULIDs of increasing time. */
const id = (n: number): string => `01M84QTVMR1RMGJ6TF16G0W${String(n).padStart(3, "0")}`;

const product = (productId: string, overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id: productId,
  seller_id: 9,
  id_categories: activeCategory.id,
  name: `Product ${productId.slice(-3)}`,
  name_key: productId,
  meta_title: "t",
  meta_description: "Steam key",
  tags: "rpg",
  text_page: "A long page.",
  price: 2500,
  count: 3,
  uuid: productId,
  features: "a,b,c",
  discount: 0,
  api_key: "",
  api_url: "",
  status_moderation: "approved",
  img: "https://img/x.png",
  img_key: "k",
  rating: 0,
  gift_available: 0,
  comment_status: 0,
  comment_regex: "",
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  ...overrides,
});

/** A favorite as the memory store keeps it: the record, and whether it is in its reseller's list. */
type Held = FavoriteRecord & { shown: boolean };

/**
 * FavoriteStore in memory, with the table's conditional semantics: the per-account count and cap, the
 * follow record each product gets with its first favorite, and the list of shown favorites in product id
 * order. `listedIds` says which products the catalogue lists now. It counts its list reads.
 */
const memoryStore = (listedIds: ReadonlySet<string> = new Set()) => {
  const stored = new Map<string, Held>();
  const counts = new Map<number, number>();
  const follows = new Map<string, FavoriteFollow>();
  const keyOf = (accountId: number, productId: string) => `${accountId}#${productId}`;
  const slices: { limit: number; after: string | undefined }[] = [];
  const store: FavoriteStore = {
    async follow(productId) {
      return { record: follows.get(productId), listed: listedIds.has(productId) };
    },
    async add(record, seen, cap) {
      const key = keyOf(record.account_id, record.product_id);
      if (stored.has(key)) return "present";
      const current = follows.get(record.product_id);
      const moved = seen.record
        ? current?.state !== seen.record.state
        : current !== undefined || listedIds.has(record.product_id) !== seen.listed;
      if (moved) return "moved";
      if ((counts.get(record.account_id) ?? 0) >= cap) return "full";
      const shown = seen.record ? seen.record.state === "listed" : seen.listed;
      if (!current)
        follows.set(record.product_id, { state: shown ? "listed" : "unlisted", settled: true, version: 0 });
      stored.set(key, { ...record, shown });
      counts.set(record.account_id, (counts.get(record.account_id) ?? 0) + 1);
      return "added";
    },
    async remove(accountId, productId) {
      if (!stored.delete(keyOf(accountId, productId))) return false;
      counts.set(accountId, (counts.get(accountId) ?? 0) - 1);
      return true;
    },
    async listed(accountId, limit, after): Promise<FavoriteSlice> {
      slices.push({ limit, after });
      const all = [...stored.values()]
        .filter((r) => r.account_id === accountId && r.shown && (after === undefined || r.product_id > after))
        .map((r) => r.product_id)
        .sort();
      const productIds = all.slice(0, limit);
      // Like DynamoDB, a full slice says where to go on even when nothing follows.
      return { productIds, next: productIds.length === limit ? productIds.at(-1) : undefined };
    },
  };
  return { store, stored, counts, follows, slices };
};

const BLOCKED_SELLER = 10;

/** A seller's account; BLOCKED_SELLER is blocked (status_moderation 2). */
const sellerAccount = (id: number): AccountRecord => ({
  account_id: id,
  id_user: id,
  name: `Store ${id}`,
  email: "seller@example.com",
  description: "",
  api_url: "",
  img: "",
  img_key: "",
  balance: 0,
  rating: 0,
  status_moderation: id === BLOCKED_SELLER ? 2 : 1,
  token_generation: 0,
  api_key_hash: "h",
  api_key_sealed: "s",
  totp_secret_sealed: "t",
  created_at: NOW.toISOString(),
});

const serviceOver = (
  products: ProductRecord[],
  store = memoryStore(new Set(products.map((p) => p.id))),
  cap = FAVORITES_PER_ACCOUNT,
) => {
  const byId = new Map(products.map((p) => [p.id, p]));
  const categories = new Map([activeCategory, inactiveCategory].map((c) => [c.id, c]));
  const catalogueCalls: string[] = [];
  const productBatches: string[][] = [];
  const service = createFavoriteService({
    favorites: store.store,
    // The catalogue's rule for one product, as GET /product applies it.
    catalogue: {
      async product(productId) {
        catalogueCalls.push(productId);
        const found = byId.get(productId);
        if (found?.status_moderation !== "approved") throw notFound("Product not found");
        if (String(found.id_categories).startsWith("700"))
          throw forbidden("This category is not available to resellers", "blocked_category");
        return found;
      },
      // The same rule; the memory store's writes check no category or seller.
      async publicProductGuards(productId) {
        await this.product(productId);
        const { id_categories, seller_id } = byId.get(productId) as ProductRecord;
        return { categoryId: id_categories, sellerId: seller_id };
      },
    },
    products: {
      async getMany(ids) {
        productBatches.push([...ids]);
        return new Map(ids.flatMap((i) => (byId.has(i) ? [[i, byId.get(i) as ProductRecord]] : [])));
      },
    },
    categories: {
      async getMany(ids) {
        return new Map(ids.flatMap((i) => (categories.has(i) ? [[i, categories.get(i) as Category]] : [])));
      },
    },
    sellers: {
      async findMany(ids) {
        return new Map(ids.map((i) => [i, sellerAccount(i)]));
      },
    },
    cap,
    now: () => NOW,
  });
  return { service, ...store, catalogueCalls, productBatches };
};

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a DomainError");
};

describe("favorite changes", () => {
  it("add stores the favorite once with the time it was first added, and answers favorite: true every time", async () => {
    const { service, stored, counts } = serviceOver([product(id(1))]);
    for (let i = 0; i < 2; i++) {
      expect(await service.change(ACCOUNT, { product_id: id(1), action: "add" })).toEqual({
        product_id: id(1),
        favorite: true,
      });
    }
    expect([...stored.values()]).toEqual([
      { account_id: ACCOUNT, product_id: id(1), added_at: NOW.toISOString(), shown: true },
    ]);
    expect(counts.get(ACCOUNT)).toBe(1);
  });

  it("remove is idempotent, frees the room and never asks the catalogue, so a favorite of a deleted product can be dropped", async () => {
    const setup = serviceOver([product(id(9))]);
    await setup.service.change(ACCOUNT, { product_id: id(9), action: "add" });
    setup.catalogueCalls.length = 0;
    for (let i = 0; i < 2; i++) {
      expect(await setup.service.change(ACCOUNT, { product_id: id(9), action: "remove" })).toEqual({
        product_id: id(9),
        favorite: false,
      });
    }
    expect(await setup.service.change(ACCOUNT, { product_id: "not-an-id", action: "remove" })).toEqual({
      product_id: "not-an-id",
      favorite: false,
    });
    expect(setup.stored.size).toBe(0);
    expect(setup.counts.get(ACCOUNT)).toBe(0);
    expect(setup.catalogueCalls).toEqual([]);
  });

  it("toggle flips: on, off, on", async () => {
    const { service, stored } = serviceOver([product(id(1))]);
    const toggle = () => service.change(ACCOUNT, { product_id: id(1), action: "toggle" });
    expect(await toggle()).toEqual({ product_id: id(1), favorite: true });
    expect(await toggle()).toEqual({ product_id: id(1), favorite: false });
    expect(await toggle()).toEqual({ product_id: id(1), favorite: true });
    expect(stored.size).toBe(1);
  });

  it("add and toggle of a product resellers cannot see fail as the catalogue says, and store nothing", async () => {
    const { service, stored } = serviceOver([
      product(id(1), { status_moderation: "pending" }),
      product(id(2), { id_categories: 700123 }),
    ]);
    for (const action of ["add", "toggle"] as const) {
      expect(await errorOf(service.change(ACCOUNT, { product_id: id(1), action }))).toEqual({
        kind: "not_found",
        code: "not_found",
        message: "Product not found",
      });
      expect(await errorOf(service.change(ACCOUNT, { product_id: id(2), action }))).toEqual({
        kind: "forbidden",
        code: "blocked_category",
        message: "This category is not available to resellers",
      });
    }
    expect(stored.size).toBe(0);
  });

  it("adding past the cap is 409 favorites_full, storing nothing; an add already there is still true, and a remove makes room", async () => {
    const products = [1, 2, 3, 4].map((n) => product(id(n)));
    const setup = serviceOver(products, undefined, 3);
    for (const n of [1, 2, 3]) await setup.service.change(ACCOUNT, { product_id: id(n), action: "add" });
    for (const action of ["add", "toggle"] as const) {
      expect(await errorOf(setup.service.change(ACCOUNT, { product_id: id(4), action }))).toEqual({
        kind: "conflict",
        code: "favorites_full",
        message: "At most 3 favorites: remove one to add another",
      });
    }
    expect(await setup.service.change(ACCOUNT, { product_id: id(2), action: "add" })).toEqual({
      product_id: id(2),
      favorite: true,
    });
    expect(setup.counts.get(ACCOUNT)).toBe(3);
    await setup.service.change(ACCOUNT, { product_id: id(1), action: "toggle" });
    expect(await setup.service.change(ACCOUNT, { product_id: id(4), action: "add" })).toEqual({
      product_id: id(4),
      favorite: true,
    });
    expect([...setup.stored.values()].map((f) => f.product_id).sort()).toEqual([id(2), id(3), id(4)]);
  });

  it("the cap is per account: a full list does not refuse another reseller", async () => {
    const setup = serviceOver([product(id(1)), product(id(2))], undefined, 1);
    await setup.service.change(ACCOUNT, { product_id: id(1), action: "add" });
    expect(await setup.service.change(ACCOUNT + 1, { product_id: id(2), action: "add" })).toEqual({
      product_id: id(2),
      favorite: true,
    });
  });

  it("a new favorite follows the product's listing: shown when listed, kept out of the list when the indexer has not listed it", async () => {
    const setup = serviceOver([product(id(1)), product(id(2))], memoryStore(new Set([id(1)])));
    await setup.service.change(ACCOUNT, { product_id: id(1), action: "add" });
    await setup.service.change(ACCOUNT, { product_id: id(2), action: "add" });
    expect([...setup.stored.values()].map((f) => [f.product_id, f.shown])).toEqual([
      [id(1), true],
      [id(2), false],
    ]);
    expect(setup.follows.get(id(2))).toEqual({ state: "unlisted", settled: true, version: 0 });
  });

  it("an add that finds the product's favorites following a new state reads it again and writes that state", async () => {
    const store = memoryStore(new Set([id(1)]));
    store.follows.set(id(1), { state: "listed", settled: true, version: 1 });
    const reads: string[] = [];
    const racing: FavoriteStore = {
      ...store.store,
      follow: async (productId) => {
        reads.push(productId);
        const reading = await store.store.follow(productId);
        // The indexer unlists the product right after the first read.
        store.follows.set(id(1), { state: "unlisted", settled: false, version: 2 });
        return reading;
      },
    };
    const setup = serviceOver([product(id(1))], { ...store, store: racing });
    expect(await setup.service.change(ACCOUNT, { product_id: id(1), action: "add" })).toEqual({
      product_id: id(1),
      favorite: true,
    });
    expect(reads).toEqual([id(1), id(1)]);
    expect([...setup.stored.values()].map((f) => f.shown)).toEqual([false]);
  });

  it("add of a product whose favorites follow its deletion is 404 Product not found, storing nothing", async () => {
    const store = memoryStore();
    store.follows.set(id(1), { state: "gone", settled: false, version: 4 });
    const setup = serviceOver([product(id(1))], store);
    expect(await errorOf(setup.service.change(ACCOUNT, { product_id: id(1), action: "add" }))).toEqual({
      kind: "not_found",
      code: "not_found",
      message: "Product not found",
    });
    expect(setup.stored.size).toBe(0);
  });

  it(`toggle gives up with 409 favorite_conflict after ${MAX_TOGGLE_ATTEMPTS} lost races, never reading to decide`, async () => {
    let writes = 0;
    // Every conditional write loses: another request always changed the favorite just before.
    const losing: FavoriteStore = {
      ...memoryStore().store,
      add: async () => {
        writes += 1;
        return "present";
      },
      remove: async () => {
        writes += 1;
        return false;
      },
    };
    const { service } = serviceOver([product(id(1))], { ...memoryStore(), store: losing });
    expect(await errorOf(service.change(ACCOUNT, { product_id: id(1), action: "toggle" }))).toEqual({
      kind: "conflict",
      code: "favorite_conflict",
      message: "The favorite is being changed by other requests; try again",
    });
    expect(writes).toBe(2 * MAX_TOGGLE_ATTEMPTS);
  });

  it("toggle retries a lost race and answers by the write that succeeded", async () => {
    const calls: string[] = [];
    // The favorite is there (add finds it), then gone before the remove (remove fails), then add succeeds.
    const outcomes = { add: ["present", "added"] as const, remove: [false] };
    let adds = 0;
    const racing: FavoriteStore = {
      ...memoryStore().store,
      add: async () => {
        calls.push("add");
        return outcomes.add[adds++] ?? "present";
      },
      remove: async () => {
        calls.push("remove");
        return outcomes.remove.shift() ?? false;
      },
    };
    const { service } = serviceOver([product(id(1))], { ...memoryStore(), store: racing });
    expect(await service.change(ACCOUNT, { product_id: id(1), action: "toggle" })).toEqual({
      product_id: id(1),
      favorite: true,
    });
    expect(calls).toEqual(["add", "remove", "add"]);
  });

  it("an add whose category or seller checks fail answers as the catalogue's whole rule says: its refusal, or, changed back since, the add again", async () => {
    const outcomes: AddOutcome[] = ["not_public", "not_public", "added"];
    const asked: string[] = [];
    let publicNow = false;
    const service = createFavoriteService({
      favorites: { ...memoryStore().store, add: async () => outcomes.shift() ?? "added" },
      catalogue: {
        product: async (productId) => {
          asked.push(`product ${productId}`);
          if (!publicNow) throw notFound("Product not found");
        },
        publicProductGuards: async (productId) => {
          asked.push(`guards ${productId}`);
          return PUBLIC_GUARDS;
        },
      },
      products: { getMany: async () => new Map() },
      categories: { getMany: async () => new Map() },
      sellers: { findMany: async () => new Map() },
      cap: FAVORITES_PER_ACCOUNT,
      now: () => NOW,
    });
    const add = () => service.change(ACCOUNT, { product_id: id(1), action: "add" });
    expect(await errorOf(add())).toEqual({
      kind: "not_found",
      code: "not_found",
      message: "Product not found",
    });
    // Switched back on before the catalogue's second look: the guards are read again and the add retried.
    publicNow = true;
    expect(await add()).toEqual({ product_id: id(1), favorite: true });
    const [guards, whole] = [`guards ${id(1)}`, `product ${id(1)}`];
    expect(asked).toEqual([guards, whole, guards, whole, guards]);
    expect(outcomes).toEqual([]);
  });
});

describe("favorite list", () => {
  /** Stores favorites of these products for ACCOUNT, each shown as its product is listed. */
  const favoriteAll = async (setup: ReturnType<typeof serviceOver>, ids: string[], accountId = ACCOUNT) => {
    for (const productId of ids) {
      const seen = await setup.store.follow(productId);
      await setup.store.add(
        { account_id: accountId, product_id: productId, added_at: "t" },
        seen,
        1000,
        PUBLIC_GUARDS,
      );
    }
  };

  it("lists listed favorites by product id with their current names and meta page and limit", async () => {
    const setup = serviceOver([product(id(3)), product(id(1), { name: "Renamed" }), product(id(2))]);
    await favoriteAll(setup, [id(3), id(1), id(2)]);
    await favoriteAll(setup, [id(2)], ACCOUNT + 1);
    expect(await setup.service.list(ACCOUNT, 1, 20)).toEqual({
      items: [
        { product_id: id(1), name: "Renamed" },
        { product_id: id(2), name: "Product 002" },
        { product_id: id(3), name: "Product 003" },
      ],
      meta: { page: 1, limit: 20 },
    });
  });

  it("never reads the products of favorites the indexer keeps out of the list (unlisted, blocked seller, deleted)", async () => {
    const setup = serviceOver([product(id(1)), product(id(7))], memoryStore(new Set([id(1), id(7)])));
    // Unlisted ones: stored, not shown.
    const hidden = [id(2), id(3), id(4), id(5), id(6)];
    for (const productId of hidden)
      await setup.store.add(
        { account_id: ACCOUNT, product_id: productId, added_at: "t" },
        { record: undefined, listed: false },
        1000,
        PUBLIC_GUARDS,
      );
    await favoriteAll(setup, [id(1), id(7)]);
    expect((await setup.service.list(ACCOUNT, 1, 20)).items.map((f) => f.product_id)).toEqual([id(1), id(7)]);
    expect(setup.productBatches).toEqual([[id(1), id(7)]]);
    expect(setup.stored.size).toBe(7);
  });

  it("leaves out a listed favorite whose product stopped being public or whose seller was blocked before the indexer caught up", async () => {
    const products = [
      product(id(1)),
      product(id(2), { status_moderation: "pending" }),
      product(id(3), { id_categories: inactiveCategory.id }),
      product(id(4), { id_categories: 999 }),
      product(id(5), { seller_id: BLOCKED_SELLER }),
      product(id(7)),
    ];
    // All listed as the index last heard (id(6) was deleted since).
    const setup = serviceOver(products, memoryStore(new Set([...products.map((p) => p.id), id(6)])));
    await favoriteAll(setup, [id(1), id(2), id(3), id(4), id(5), id(6), id(7)]);
    expect((await setup.service.list(ACCOUNT, 1, 20)).items.map((f) => f.product_id)).toEqual([id(1), id(7)]);
    expect(setup.stored.size).toBe(7);
  });

  it("fills each page past listed favorites found hidden: a page holds `limit` public ones whenever that many remain", async () => {
    const products = Array.from({ length: 10 }, (_, i) =>
      product(id(i + 1), i % 2 === 1 ? { status_moderation: "rejected" } : {}),
    );
    const setup = serviceOver(products);
    await favoriteAll(
      setup,
      products.map((p) => p.id),
    );
    // Public: 1, 3, 5, 7, 9 (the index still lists all ten); pages are positions in the index.
    const page = async (n: number) =>
      (await setup.service.list(ACCOUNT, n, 2)).items.map((f) => f.product_id);
    expect(await page(1)).toEqual([id(1), id(3)]);
    expect(await page(5)).toEqual([id(9)]);
    expect(await page(6)).toEqual([]);
  });

  it("reads only what page 1 needs: one slice of `limit` and one product batch", async () => {
    const products = Array.from({ length: 30 }, (_, i) => product(id(i + 1)));
    const setup = serviceOver(products);
    await favoriteAll(
      setup,
      products.map((p) => p.id),
    );
    expect((await setup.service.list(ACCOUNT, 1, 5)).items).toHaveLength(5);
    expect(setup.slices).toEqual([{ limit: 5, after: undefined }]);
    expect(setup.productBatches).toEqual([products.slice(0, 5).map((p) => p.id)]);
  });

  it("reaches a deeper page through the index's keys: the products of earlier pages are not read", async () => {
    const products = Array.from({ length: 30 }, (_, i) => product(id(i + 1)));
    const setup = serviceOver(products);
    await favoriteAll(
      setup,
      products.map((p) => p.id),
    );
    expect((await setup.service.list(ACCOUNT, 3, 5)).items.map((f) => f.product_id)).toEqual(
      [11, 12, 13, 14, 15].map(id),
    );
    expect(setup.slices).toEqual([
      { limit: 10, after: undefined },
      { limit: 5, after: id(10) },
    ]);
    expect(setup.productBatches).toEqual([[11, 12, 13, 14, 15].map(id)]);
    // Past the end, and exactly at it: nothing, and no product read.
    setup.productBatches.length = 0;
    expect((await setup.service.list(ACCOUNT, 8, 5)).items).toEqual([]);
    expect((await setup.service.list(ACCOUNT, 7, 5)).items).toEqual([]);
    expect(setup.productBatches).toEqual([]);
  });

  it("an account without favorites has an empty list", async () => {
    const setup = serviceOver([]);
    expect(await setup.service.list(ACCOUNT, 1, 20)).toEqual({ items: [], meta: { page: 1, limit: 20 } });
    expect(setup.productBatches).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { Category } from "../../../shared/categories/category.js";
import { DomainError, forbidden, notFound } from "../../../shared/errors/domain-error.js";
import type { FavoriteRecord } from "../../../shared/favorites/favorite.js";
import type { FavoriteSlice, FavoriteStore } from "../../../shared/favorites/favorite-repository.js";
import { createFavoriteService, MAX_TOGGLE_ATTEMPTS } from "../../../shared/favorites/favorite-service.js";
import type { ProductRecord } from "../../../shared/products/product.js";

const ACCOUNT = 7;
const NOW = new Date("2026-11-23T10:00:00.000Z");

const activeCategory: Category = { id: 101, name: "Game keys", slug: "game-keys", status: "active" };
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

/** FavoriteStore in memory, with the same conditional semantics and id order as the table; it counts its reads. */
const memoryStore = () => {
  const stored = new Map<string, FavoriteRecord>();
  const keyOf = (accountId: number, productId: string) => `${accountId}#${productId}`;
  const slices: { limit: number; after: string | undefined }[] = [];
  const store: FavoriteStore = {
    async put(record) {
      const key = keyOf(record.account_id, record.product_id);
      if (stored.has(key)) return false;
      stored.set(key, record);
      return true;
    },
    async delete(accountId, productId) {
      return stored.delete(keyOf(accountId, productId));
    },
    async slice(accountId, limit, after): Promise<FavoriteSlice> {
      slices.push({ limit, after });
      const all = [...stored.values()]
        .filter((r) => r.account_id === accountId && (after === undefined || r.product_id > after))
        .map((r) => r.product_id)
        .sort();
      const productIds = all.slice(0, limit);
      // Like DynamoDB, a full slice says where to go on even when nothing follows.
      return { productIds, next: productIds.length === limit ? productIds.at(-1) : undefined };
    },
  };
  return { store, stored, slices };
};

const serviceOver = (products: ProductRecord[], store = memoryStore()) => {
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
    const { service, stored } = serviceOver([product(id(1))]);
    expect(await service.change(ACCOUNT, { product_id: id(1), action: "add" })).toEqual({
      product_id: id(1),
      favorite: true,
    });
    expect(await service.change(ACCOUNT, { product_id: id(1), action: "add" })).toEqual({
      product_id: id(1),
      favorite: true,
    });
    expect([...stored.values()]).toEqual([
      { account_id: ACCOUNT, product_id: id(1), added_at: NOW.toISOString() },
    ]);
  });

  it("remove is idempotent and never asks the catalogue, so a favorite of a deleted product can be dropped", async () => {
    const store = memoryStore();
    await store.store.put({ account_id: ACCOUNT, product_id: id(9), added_at: NOW.toISOString() });
    const { service, stored, catalogueCalls } = serviceOver([], store);
    for (let i = 0; i < 2; i++) {
      expect(await service.change(ACCOUNT, { product_id: id(9), action: "remove" })).toEqual({
        product_id: id(9),
        favorite: false,
      });
    }
    expect(await service.change(ACCOUNT, { product_id: "not-an-id", action: "remove" })).toEqual({
      product_id: "not-an-id",
      favorite: false,
    });
    expect(stored.size).toBe(0);
    expect(catalogueCalls).toEqual([]);
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

  it(`toggle gives up with 409 favorite_conflict after ${MAX_TOGGLE_ATTEMPTS} lost races, never reading to decide`, async () => {
    let writes = 0;
    // Every conditional write loses: another request always changed the favorite just before.
    const losing: FavoriteStore = {
      put: async () => {
        writes += 1;
        return false;
      },
      delete: async () => {
        writes += 1;
        return false;
      },
      slice: async () => ({ productIds: [], next: undefined }),
    };
    const { service } = serviceOver([product(id(1))], { store: losing, stored: new Map(), slices: [] });
    expect(await errorOf(service.change(ACCOUNT, { product_id: id(1), action: "toggle" }))).toEqual({
      kind: "conflict",
      code: "favorite_conflict",
      message: "The favorite is being changed by other requests; try again",
    });
    expect(writes).toBe(2 * MAX_TOGGLE_ATTEMPTS);
  });

  it("toggle retries a lost race and answers by the write that succeeded", async () => {
    const calls: string[] = [];
    // The favorite is there (put fails), then gone before the delete (delete fails), then put succeeds.
    const outcomes = { put: [false, true], delete: [false] };
    const racing: FavoriteStore = {
      put: async () => {
        calls.push("put");
        return outcomes.put.shift() ?? false;
      },
      delete: async () => {
        calls.push("delete");
        return outcomes.delete.shift() ?? false;
      },
      slice: async () => ({ productIds: [], next: undefined }),
    };
    const { service } = serviceOver([product(id(1))], { store: racing, stored: new Map(), slices: [] });
    expect(await service.change(ACCOUNT, { product_id: id(1), action: "toggle" })).toEqual({
      product_id: id(1),
      favorite: true,
    });
    expect(calls).toEqual(["put", "delete", "put"]);
  });
});

describe("favorite list", () => {
  const favoriteAll = async (setup: ReturnType<typeof serviceOver>, ids: string[]) => {
    for (const productId of ids)
      await setup.store.put({ account_id: ACCOUNT, product_id: productId, added_at: "t" });
  };

  it("lists public favorites by product id with their current names and meta page and limit", async () => {
    const setup = serviceOver([product(id(3)), product(id(1), { name: "Renamed" }), product(id(2))]);
    await favoriteAll(setup, [id(3), id(1), id(2)]);
    await setup.store.put({ account_id: ACCOUNT + 1, product_id: id(2), added_at: "t" });
    expect(await setup.service.list(ACCOUNT, 1, 20)).toEqual({
      items: [
        { product_id: id(1), name: "Renamed" },
        { product_id: id(2), name: "Product 002" },
        { product_id: id(3), name: "Product 003" },
      ],
      meta: { page: 1, limit: 20 },
    });
  });

  it("leaves out favorites whose product is not public now, but keeps them stored", async () => {
    const setup = serviceOver([
      product(id(1)),
      product(id(2), { status_moderation: "pending" }),
      product(id(3), { id_categories: inactiveCategory.id }),
      product(id(4), { id_categories: 700123 }),
      product(id(5), { id_categories: 999 }),
      product(id(7)),
    ]);
    // id(6) names a deleted product.
    await favoriteAll(setup, [id(1), id(2), id(3), id(4), id(5), id(6), id(7)]);
    expect((await setup.service.list(ACCOUNT, 1, 20)).items.map((f) => f.product_id)).toEqual([id(1), id(7)]);
    expect(setup.stored.size).toBe(7);
  });

  it("fills each page past hidden favorites: a page holds `limit` public ones whenever that many remain", async () => {
    const products = Array.from({ length: 10 }, (_, i) =>
      product(id(i + 1), i % 2 === 1 ? { status_moderation: "rejected" } : {}),
    );
    const setup = serviceOver(products);
    await favoriteAll(
      setup,
      products.map((p) => p.id),
    );
    // Public: 1, 3, 5, 7, 9.
    const page = async (n: number) =>
      (await setup.service.list(ACCOUNT, n, 2)).items.map((f) => f.product_id);
    expect(await page(1)).toEqual([id(1), id(3)]);
    expect(await page(2)).toEqual([id(5), id(7)]);
    expect(await page(3)).toEqual([id(9)]);
    expect(await page(4)).toEqual([]);
  });

  it("reads only what page 1 needs when every favorite is public: one slice of `limit` and one product batch", async () => {
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

  it("an account without favorites has an empty list", async () => {
    const setup = serviceOver([]);
    expect(await setup.service.list(ACCOUNT, 1, 20)).toEqual({ items: [], meta: { page: 1, limit: 20 } });
    expect(setup.productBatches).toEqual([]);
  });
});

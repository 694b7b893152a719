import { BatchGetCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createAccountRepository } from "../../../shared/accounts/account-repository.js";
import { createCategoryRepository } from "../../../shared/categories/category-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { createFavoriteRepository } from "../../../shared/favorites/favorite-repository.js";
import { createFavoriteService } from "../../../shared/favorites/favorite-service.js";
import { createProductRepository } from "../../../shared/products/product-repository.js";
import {
  accountAccess,
  catalogueIndexer,
  catalogueService,
  productService,
} from "../../../shared/runtime/dependencies.js";
import { tableClient } from "../../../shared/runtime/table.js";
import { systemClock } from "../../../shared/time/clock.js";
import { createCountingClient } from "../../bench/read-counter.js";
import { createTestAccount } from "../../support/accounts.js";
import {
  createPublicCategory,
  PUBLISHING_TIMEOUT,
  syncCatalogue,
  uniqueWord,
} from "../../support/catalogue.js";
import { tinyPng, validProductBody } from "../../support/products.js";

const table = () => requireEnv("TABLE_NAME");

/** The favorite service over the stack's table through `client`, holding at most `cap` favorites per account. */
const favoritesOver = (client = tableClient(), cap = 500) =>
  createFavoriteService({
    favorites: createFavoriteRepository(client, table()),
    catalogue: catalogueService(),
    products: createProductRepository(client, table()),
    categories: createCategoryRepository(client, table()),
    sellers: createAccountRepository(client, table()),
    cap,
    now: systemClock,
  });

/** An approved product of the seller with a one-word name, through the product service (no HTTP). */
const approvedProduct = async (sellerId: number, category: number): Promise<{ id: string; name: string }> => {
  const name = uniqueWord();
  const { id } = await productService().create(
    sellerId,
    validProductBody(category, { name, meta_description: "Key" }),
  );
  await productService().uploadImage(sellerId, id, { bytes: tinyPng, truncated: false });
  await productService().approve(id);
  return { id, name };
};

/** Runs `task` for each item, `width` at a time, and returns the results in order. */
const inBatches = async <T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>) => {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return results;
};

/** How many favorites the account's count says it holds. */
const countOf = async (accountId: number): Promise<number | undefined> => {
  const result = await tableClient().send(
    new GetCommand({ TableName: table(), Key: keys.favoriteCount(accountId), ConsistentRead: true }),
  );
  return result.Item?.favorites as number | undefined;
};

/** The stored favorites of the account among these products: product id → whether it is in the list. */
const storedAmong = async (accountId: number, productIds: readonly string[]) => {
  const found = new Map<string, boolean>();
  for (let i = 0; i < productIds.length; i += 100) {
    const result = await tableClient().send(
      new BatchGetCommand({
        RequestItems: {
          [table()]: {
            Keys: productIds.slice(i, i + 100).map((id) => keys.favorite(accountId, id)),
            ConsistentRead: true,
          },
        },
      }),
    );
    for (const item of result.Responses?.[table()] ?? [])
      found.set(String(item.product_id), item.GSI2PK !== undefined);
  }
  return found;
};

const outcomeOf = (promise: Promise<{ favorite: boolean }>): Promise<string> =>
  promise.then(
    (state) => String(state.favorite),
    (error: unknown) => (error instanceof DomainError ? `${error.code}: ${error.message}` : String(error)),
  );

describe("GET /favorites reads what it shows", { timeout: PUBLISHING_TIMEOUT * 3 }, () => {
  it("300 favorites of products deleted since are removed with them: a page reads the one favorite it shows, and the room is free again", async () => {
    const [seller, reseller, category] = await Promise.all([
      createTestAccount(),
      createTestAccount(),
      createPublicCategory(),
    ]);
    const products = await inBatches(Array.from({ length: 301 }), 8, () =>
      approvedProduct(seller.seller_id, category),
    );
    // The one kept is the newest: listed by product id, the oldest first, it comes after all the others.
    const kept = products.reduce((a, b) => (a.id > b.id ? a : b));
    const deleted = products.filter((p) => p !== kept).map((p) => p.id);
    const service = favoritesOver();
    await inBatches(products, 8, (p) =>
      service.change(reseller.seller_id, { product_id: p.id, action: "add" }),
    );
    expect(await countOf(reseller.seller_id)).toBe(301);

    await inBatches(deleted, 8, (id) => productService().remove(seller.seller_id, id));
    // What the stream does for each change, forced so the test does not wait for it.
    await inBatches([...deleted, kept.id], 8, (id) => syncCatalogue(id));

    const counting = createCountingClient();
    const counted = favoritesOver(counting.client);
    counting.reset();
    expect(await counted.list(reseller.seller_id, 1, 20)).toEqual({
      items: [{ product_id: kept.id, name: kept.name }],
      meta: { page: 1, limit: 20 },
    });
    // One index entry, its product, the product's category and seller: nothing of the 300.
    expect(counting.tally().byOperation).toEqual({
      Query: { requests: 1, itemsRead: 1 },
      BatchGetItem: { requests: 3, itemsRead: 3 },
    });
    expect(await countOf(reseller.seller_id)).toBe(1);
    expect([...(await storedAmong(reseller.seller_id, deleted)).keys()]).toEqual([]);
  });

  it("a blocked seller's favorites leave the list without being read, are kept, and come back once unblocked", async () => {
    const [blockedSeller, otherSeller, reseller, category] = await Promise.all([
      createTestAccount(),
      createTestAccount(),
      createTestAccount(),
      createPublicCategory(),
    ]);
    const blockedProducts = await inBatches(Array.from({ length: 20 }), 5, () =>
      approvedProduct(blockedSeller.seller_id, category),
    );
    const other = await approvedProduct(otherSeller.seller_id, category);
    const all = [...blockedProducts, other];
    await inBatches(all, 7, (p) => syncCatalogue(p.id));
    const service = favoritesOver();
    await inBatches(all, 7, (p) => service.change(reseller.seller_id, { product_id: p.id, action: "add" }));

    // What `ops account block` does: the block, then the seller's products synced.
    await accountAccess().block(blockedSeller.seller_id);
    await catalogueIndexer().syncSeller(blockedSeller.seller_id);

    const counting = createCountingClient();
    const counted = favoritesOver(counting.client);
    counting.reset();
    expect((await counted.list(reseller.seller_id, 1, 100)).items).toEqual([
      { product_id: other.id, name: other.name },
    ]);
    expect(counting.tally().byOperation).toEqual({
      Query: { requests: 1, itemsRead: 1 },
      BatchGetItem: { requests: 3, itemsRead: 3 },
    });
    const stored = await storedAmong(
      reseller.seller_id,
      all.map((p) => p.id),
    );
    expect([...stored.values()].filter((shown) => !shown)).toHaveLength(20);
    expect(stored.get(other.id)).toBe(true);

    await accountAccess().unblock(blockedSeller.seller_id);
    await catalogueIndexer().syncSeller(blockedSeller.seller_id);
    expect((await service.list(reseller.seller_id, 1, 100)).items).toEqual(
      [...all].sort((a, b) => (a.id < b.id ? -1 : 1)).map((p) => ({ product_id: p.id, name: p.name })),
    );
  });
});

describe("favorites under concurrency", { timeout: PUBLISHING_TIMEOUT }, () => {
  it("12 parallel adds of different products to a list with room for 5 store exactly 5; a remove makes room for exactly one more", async () => {
    const [seller, reseller, category] = await Promise.all([
      createTestAccount(),
      createTestAccount(),
      createPublicCategory(),
    ]);
    const products = await inBatches(Array.from({ length: 12 }), 6, () =>
      approvedProduct(seller.seller_id, category),
    );
    const ids = products.map((p) => p.id);
    const service = favoritesOver(tableClient(), 5);
    const full = "favorites_full: At most 5 favorites: remove one to add another";

    const first = await Promise.all(
      ids.map((id) => outcomeOf(service.change(reseller.seller_id, { product_id: id, action: "add" }))),
    );
    expect(first.filter((o) => o === "true")).toHaveLength(5);
    expect(first.filter((o) => o === full)).toHaveLength(7);
    const held = [...(await storedAmong(reseller.seller_id, ids)).keys()];
    expect(held.sort()).toEqual(ids.filter((_, i) => first[i] === "true").sort());
    expect(await countOf(reseller.seller_id)).toBe(5);

    const refused = ids.filter((_, i) => first[i] !== "true");
    const [dropped] = held;
    if (!dropped) throw new Error("a held favorite expected");
    await service.change(reseller.seller_id, { product_id: dropped, action: "remove" });
    const second = await Promise.all(
      refused.map((id) =>
        outcomeOf(service.change(reseller.seller_id, { product_id: id, action: "toggle" })),
      ),
    );
    expect(second.filter((o) => o === "true")).toHaveLength(1);
    expect(second.filter((o) => o === full)).toHaveLength(6);
    expect((await storedAmong(reseller.seller_id, ids)).size).toBe(5);
    expect(await countOf(reseller.seller_id)).toBe(5);
  });

  it("favorites added in parallel with their seller's block all end out of the lists, kept, once the block's sync is done", async () => {
    const [seller, category] = await Promise.all([createTestAccount(), createPublicCategory()]);
    const [early, ...resellers] = await Promise.all(Array.from({ length: 20 }, () => createTestAccount()));
    const product = await approvedProduct(seller.seller_id, category);
    await syncCatalogue(product.id);
    const service = favoritesOver();
    const add = (r: { seller_id: number }) =>
      outcomeOf(service.change(r.seller_id, { product_id: product.id, action: "add" }));

    // One favorite is stored before the block, so the product has a follow to settle even when a loaded
    // machine lets the block win every race below.
    if (!early) throw new Error("no reseller created");
    const before = await add(early);
    const adds = Promise.all(resellers.map(add));
    await accountAccess().block(seller.seller_id);
    await catalogueIndexer().syncSeller(seller.seller_id);
    const outcomes = [before, ...(await adds)];
    expect(before).toBe("true");
    // Adds that read the product before the block are stored; later ones are refused as for GET /product.
    expect(
      outcomes.every((o) => o === "true" || o === "not_found: Product not found"),
      String(outcomes),
    ).toBe(true);
    const stored = await Promise.all(
      [early, ...resellers].map((r) => storedAmong(r.seller_id, [product.id])),
    );
    const shown = stored.flatMap((found) => [...found.values()]);
    expect(shown).toHaveLength(outcomes.filter((o) => o === "true").length);
    expect(shown.filter(Boolean)).toEqual([]);
    const follow = await tableClient().send(
      new GetCommand({ TableName: table(), Key: keys.favoriteFollow(product.id), ConsistentRead: true }),
    );
    expect(follow.Item).toMatchObject({ state: "unlisted", settled: true });
  });
});

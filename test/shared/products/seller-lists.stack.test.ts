import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { commands } from "../../../infra/ops/commands.js";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { collections, keys } from "../../../shared/data/table-keys.js";
import type { ImageStorage } from "../../../shared/images/image-storage.js";
import { type ModerationStatus, moderationStatuses } from "../../../shared/products/product.js";
import type { ProductListEntry } from "../../../shared/products/product-items.js";
import { createProductRepository, type ProductStore } from "../../../shared/products/product-repository.js";
import { createProductService, type ProductListQuery } from "../../../shared/products/product-service.js";
import { countsOf, listFilterOf, passesFilter } from "../../../shared/products/seller-lists.js";
import { systemClock } from "../../../shared/time/clock.js";
import { createCountingClient } from "../../bench/read-counter.js";
import { createTestAccount } from "../../support/accounts.js";
import { createTestCategory, validProductBody } from "../../support/products.js";

/** Image keys here are made up (see giveImage): removing one is a no-op. */
const noImages = (): ImageStorage => ({
  put: () => Promise.reject(new Error("no uploads in this test")),
  remove: () => Promise.resolve(),
});

const tableName = () => requireEnv("TABLE_NAME");

/** A product service over a client that counts what it reads. */
const counted = () => {
  const counting = createCountingClient();
  const store = createProductRepository(counting.client, tableName());
  return { counting, store, service: createProductService({ store, images: noImages, now: systemClock }) };
};

// The stack's environment is applied by the setup file before this module loads.
const store: ProductStore = createProductRepository(createDocumentClient(), tableName());
const service = createProductService({ store, images: noImages, now: systemClock });

const create = async (sellerId: number, categoryId: number, name: string) =>
  (await service.create(sellerId, validProductBody(categoryId, { name }))).id;

/** Gives a product an image key (not a list field), so it may be submitted and approved. */
const giveImage = (productId: string) =>
  createDocumentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.product(productId),
      UpdateExpression: "SET img = :url, img_key = :key",
      ExpressionAttributeValues: {
        ":url": `https://img.example/${productId}.png`,
        ":key": `products/${productId}.png`,
      },
    }),
  );

/** Moves a draft product to a status the way sellers and the operator do. */
const moveTo = async (sellerId: number, productId: string, status: ModerationStatus) => {
  if (status === "draft") return;
  await giveImage(productId);
  await service.submit(sellerId, productId);
  if (status === "approved") await service.approve(productId);
  if (status === "rejected") await service.reject(productId, "Not this time");
};

const countItem = async (sellerId: number) =>
  (
    await createDocumentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.sellerCounts(sellerId), ConsistentRead: true }),
    )
  ).Item ?? {};

/** The counts without the zeros a count item keeps for lists that emptied. */
const nonZeroCounts = (item: Record<string, unknown>) => ({
  indexed: 0,
  ...Object.fromEntries(
    Object.entries(item).filter(
      ([name, value]) =>
        typeof value === "number" && (value !== 0 || name === "products" || name === "indexed"),
    ),
  ),
});

const line = (row: ProductListEntry) => ({
  id: row.id,
  name: row.name,
  price: row.price,
  count: row.count,
  status_moderation: row.status_moderation,
});

/**
 * Every combination of status (each, or none), category (each, or none) and search (each, or none) is
 * listed page by page with limit 3, and must equal the seller's whole list filtered by the rule, with
 * that total; and the seller's count item must equal the counts of their products.
 */
const expectListsExact = async (sellerId: number, categories: number[], searches: string[], keyed = true) => {
  const rows = await store.listBySeller(sellerId);
  const counts = await countItem(sellerId);
  expect(nonZeroCounts(counts)).toEqual(countsOf(rows));
  if (keyed) expect(counts.indexed).toBe(counts.products);
  const limit = 3;
  for (const status of [undefined, ...moderationStatuses])
    for (const category of [undefined, ...categories])
      for (const search of [undefined, ...searches]) {
        const query: ProductListQuery = {
          ...(status ? { status } : {}),
          ...(category ? { category: String(category) } : {}),
          ...(search ? { search } : {}),
        };
        const filter = listFilterOf(query);
        if (filter === undefined) continue;
        if (filter === "nothing") throw new Error(`test filter ${JSON.stringify(query)} matches nothing`);
        const expected = rows.filter((row) => passesFilter(row, filter));
        const pages = Math.max(1, Math.ceil(expected.length / limit)) + 1;
        for (let page = 1; page <= pages; page++) {
          const answer = await service.list(sellerId, { ...query, page: String(page), limit: String(limit) });
          expect(answer, `${JSON.stringify(query)} page ${page}`).toEqual({
            products: expected.slice((page - 1) * limit, page * limit).map(line),
            pagination: { total: expected.length, page, limit },
          });
        }
      }
};

const names = ["Elden Ring Key", "Elden Ring Deluxe", "Ring of Fire", "Steam Gift Card", "Key Master"];
const searches = ["elden ring", "KEY", "ring of f"];

describe("seller product lists by status, category and name", () => {
  let sellerId = 0;
  let categories: number[] = [];
  const ids: string[] = [];

  it("each filter and every combination returns exactly the matching products, newest first, with the exact total on every page", async () => {
    sellerId = (await createTestAccount()).seller_id;
    categories = [await createTestCategory(), await createTestCategory()];
    const statuses: ModerationStatus[] = ["draft", "pending", "approved", "rejected"];
    for (let i = 0; i < 12; i++) {
      const id = await create(sellerId, categories[i % 2] ?? 0, `${names[i % names.length]} ${i}`);
      ids.push(id);
      await moveTo(sellerId, id, statuses[Math.floor(i / 3) % 4] ?? "draft");
    }
    await expectListsExact(sellerId, categories, searches);
  });

  it("totals stay exact after moderation decisions, content and category changes, renames, resubmissions and deletes", async () => {
    const [catA = 0, catB = 0] = categories;
    const id = (i: number) => ids[i] ?? "";
    await service.approve(id(3)); // pending → approved
    await service.reject(id(4), "Blurry"); // pending → rejected
    await service.update(sellerId, id(0), { id_categories: catB }); // draft in A → pending in B
    await service.update(sellerId, id(7), { id_categories: catA, name: "Steam Ring Key 7" }); // approved → pending, renamed
    await service.update(sellerId, id(8), { meta_title: "New title" }); // approved → pending
    await service.submit(sellerId, id(9)); // rejected → pending
    await service.update(sellerId, id(10), { price: 42, count: 3 }); // rejected, moves no list
    await service.remove(sellerId, id(6));
    await service.remove(sellerId, id(11));
    await expectListsExact(sellerId, categories, [...searches, "steam ring"]);
  });

  it("many parallel creates, deletes, moves and renames leave every list and count exact", async () => {
    const seller = (await createTestAccount()).seller_id;
    const cats = [await createTestCategory(), await createTestCategory()];
    const first = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        create(seller, cats[i % 2] ?? 0, `${names[i % names.length]} p${i}`),
      ),
    );
    await Promise.all(first.slice(6, 12).map(giveImage));
    const at = (i: number) => first[i] ?? "";
    const results = await Promise.allSettled([
      ...first.slice(0, 6).map((id) => service.remove(seller, id)),
      ...first.slice(6, 12).map((id) => service.submit(seller, id)),
      ...first
        .slice(12, 18)
        .map((id, i) => service.update(seller, id, { id_categories: cats[(i + 1) % 2] ?? 0 })),
      ...first.slice(18, 24).map((id, i) => service.update(seller, id, { name: `Ring Renamed ${i}` })),
      ...Array.from({ length: 6 }, (_, i) => create(seller, cats[i % 2] ?? 0, `Key Later ${i}`)),
      // Two writers on one product: both succeed one after the other, or one is told to try again.
      service.update(seller, at(12), { meta_title: "Both at once" }),
    ]);
    const failures = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    expect(failures.filter((f) => !f.includes("try again"))).toEqual([]);
    expect(failures.length).toBeLessThanOrEqual(1);
    await expectListsExact(seller, cats, ["ring", "key", "ring renamed"]);
  });

  it("a filtered page reads about `limit` items however many non-matching products the seller has", async () => {
    const seller = (await createTestAccount()).seller_id;
    const [catA = 0, catB = 0] = [await createTestCategory(), await createTestCategory()];
    for (let i = 0; i < 8; i++) {
      const id = await create(seller, catB, `Zeta Pack ${i}`);
      await service.update(seller, id, { meta_title: "Pending" });
    }
    const { counting, service: countedService } = counted();
    const queries: ProductListQuery[] = [
      { status: "pending", limit: "5" },
      { category: String(catB), limit: "5" },
      { status: "pending", category: String(catB), limit: "5" },
      { search: "zeta", limit: "5" },
      { search: "zeta pack", status: "pending", category: String(catB), limit: "5" },
      { status: "pending", limit: "5", page: "2" },
    ];
    const measure = async () => {
      const tallies = [];
      for (const query of queries) {
        counting.reset();
        const answer = await countedService.list(seller, query);
        tallies.push({
          query,
          total: answer.pagination.total,
          shown: answer.products.length,
          ...counting.tally(),
        });
      }
      return tallies;
    };
    const few = await measure();
    // 150 products that match none of the filters: drafts in the other category, named otherwise.
    for (let i = 0; i < 150; i++) await create(seller, catA, `Filler ${i}`);
    const many = await measure();
    expect(many).toEqual(few);
    const byQuery = many.map(({ total, shown, itemsRead, requests }) => ({
      total,
      shown,
      itemsRead,
      requests,
    }));
    expect(byQuery).toEqual([
      // The count item, and the page from the status list.
      { total: 8, shown: 5, itemsRead: 6, requests: 2 },
      { total: 8, shown: 5, itemsRead: 6, requests: 2 },
      { total: 8, shown: 5, itemsRead: 6, requests: 2 },
      // The count item, the 8 matching name entries, and the page's 5 products.
      { total: 8, shown: 5, itemsRead: 14, requests: 3 },
      { total: 8, shown: 5, itemsRead: 14, requests: 3 },
      // Page 2 skips page 1's items.
      { total: 8, shown: 3, itemsRead: 9, requests: 2 },
    ]);
  });

  it("a search longer than an entry's key is checked against the names; words past the 40th word start are not searched", async () => {
    const seller = (await createTestAccount()).seller_id;
    const category = await createTestCategory();
    const longName = Array.from({ length: 22 }, (_, i) => `word${String(i).padStart(2, "0")}xxxx`).join(" ");
    const long = await create(seller, category, longName);
    const manyWords = Array.from({ length: 45 }, (_, i) => `w${i + 1}`).join(" ");
    const many = await create(seller, category, manyWords);
    const found = async (search: string) =>
      (await service.list(seller, { search, limit: "100" })).products.map((p) => p.id);
    expect(await found(longName.toUpperCase())).toEqual([long]);
    expect(await found(`${longName.slice(0, -1)}y`)).toEqual([]);
    expect(await found("w40 w41 w42")).toEqual([many]);
    expect(await found("w41")).toEqual([]);
    expect(await found("w1 w2")).toEqual([many]);
  });
});

describe("products written before the filtered lists", () => {
  /** Takes a seller's products out of the lists as if written before them, with a count item of that time. */
  const makeLegacy = async (sellerId: number) => {
    const client = createDocumentClient();
    const rows = await store.listBySeller(sellerId);
    for (const row of rows)
      await client.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.product(row.id),
          UpdateExpression: "REMOVE GSI5PK, GSI5SK, GSI6PK, GSI6SK, GSI7PK, GSI7SK, lists_indexed",
        }),
      );
    const entries = await client.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "PK = :pk",
        ExpressionAttributeValues: { ":pk": collections.productNames(sellerId).PK },
      }),
    );
    for (const entry of entries.Items ?? [])
      await client.send(new DeleteCommand({ TableName: tableName(), Key: { PK: entry.PK, SK: entry.SK } }));
    await client.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.sellerCounts(sellerId), entity: "seller_counts", products: rows.length },
      }),
    );
    return rows.length;
  };

  it("are filtered from the whole list until indexed; writes index what they move; `ops product index-lists` indexes the rest, after which pages are keyed", async () => {
    const sellerId = (await createTestAccount()).seller_id;
    const categories = [await createTestCategory(), await createTestCategory()];
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) {
      ids.push(await create(sellerId, categories[i % 2] ?? 0, `${names[i % names.length]} ${i}`));
      if (i % 3 === 1) await service.update(sellerId, ids[i] ?? "", { meta_title: "Pending" });
    }
    expect(await makeLegacy(sellerId)).toBe(9);
    await expectListsExact(sellerId, categories, searches, false);
    const { counting, service: countedService } = counted();
    counting.reset();
    await countedService.list(sellerId, { status: "pending", limit: "2" });
    expect(counting.tally().byOperation.Query?.itemsRead).toBe(9);

    // A product moved or deleted meanwhile keeps the counts exact: the move indexes it, the delete only uncounts it.
    await giveImage(ids[0] ?? "");
    await service.submit(sellerId, ids[0] ?? "");
    await service.remove(sellerId, ids[2] ?? "");
    expect(await countItem(sellerId)).toMatchObject({ products: 8, indexed: 1, "status#pending": 1 });
    await expectListsExact(sellerId, categories, searches, false);

    const command = commands["product index-lists"];
    if (!command) throw new Error("no product index-lists command");
    const run = command.run;
    expect(await run(["--seller", String(sellerId)])).toEqual({
      seller_id: sellerId,
      products: 8,
      indexed: 7,
    });
    expect(await run(["--seller", String(sellerId)])).toEqual({
      seller_id: sellerId,
      products: 8,
      indexed: 0,
    });
    await expectListsExact(sellerId, categories, searches);
    counting.reset();
    await countedService.list(sellerId, { status: "pending", limit: "2" });
    expect(counting.tally().itemsRead).toBe(3);
  });

  it("a missing count item is rebuilt from the seller's products, lists included", async () => {
    const sellerId = (await createTestAccount()).seller_id;
    const categories = [await createTestCategory()];
    for (let i = 0; i < 4; i++) await create(sellerId, categories[0] ?? 0, `${names[i]} ${i}`);
    await createDocumentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.sellerCounts(sellerId) }),
    );
    expect((await service.list(sellerId, { status: "draft" })).pagination.total).toBe(4);
    await expectListsExact(sellerId, categories, ["ring"]);
    // A status change that finds no count item builds it first, then moves it.
    await createDocumentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.sellerCounts(sellerId) }),
    );
    const [first] = await store.listBySeller(sellerId);
    await service.update(sellerId, first?.id ?? "", { meta_title: "Pending now" });
    expect(await countItem(sellerId)).toMatchObject({
      products: 4,
      indexed: 4,
      "status#draft": 3,
      "status#pending": 1,
    });
  });
});

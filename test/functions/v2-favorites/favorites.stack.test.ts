import { BatchGetCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { FAVORITES_PER_ACCOUNT } from "../../../shared/favorites/favorite.js";
import { newId } from "../../../shared/ids/ids.js";
import { productService } from "../../../shared/runtime/dependencies.js";
import {
  blockedCategory,
  createBlockedCategory,
  createPublicCategory,
  createTestSeller,
  deleteProduct,
  invalidParameter,
  PUBLISHING_TIMEOUT,
  productNotFound,
  publishProduct,
  queryString,
  syncCatalogue,
  type TestSeller,
  unauthorized,
  uniqueWord,
  updateProduct,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
import { type JsonResponse, request } from "../../support/http.js";
import { runOps } from "../../support/ops-cli.js";
import { createProduct, validProductBody } from "../../support/products.js";
import { setSellerModeration } from "../../support/purchases.js";
import { settled } from "../../support/settled.js";

/** POST /api/v2/favorites with a Bearer token (or none); a string body is sent as is. */
const postFavorite = (token: string | undefined, body: unknown): Promise<JsonResponse> =>
  request("POST", "/api/v2/favorites", {
    headers: {
      "Content-Type": "application/json",
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const change = (token: string, product_id: string, action: string) =>
  postFavorite(token, { product_id, action });

/** The exact 200 of POST /favorites. */
const changed = (product_id: string, favorite: boolean) => ({
  status: 200,
  body: { ok: true, data: { product_id, favorite }, meta: {} },
});

const answer = (response: JsonResponse) => ({ status: response.status, body: response.body });

/** GET /api/v2/favorites with these parameters: status and body. */
const listFavorites = async (token: string, params: Record<string, string> = {}) =>
  answer(await v2Get(token, `/api/v2/favorites${queryString(params)}`));

/** The exact 200 of GET /favorites. */
const favoritesList = (items: { product_id: string; name: string }[], page = 1, limit = 20) => ({
  status: 200,
  body: { ok: true, data: items, meta: { page, limit } },
});

/** The favorite items stored for an account among these products (favorites live beside their product). */
const storedFavorites = async (
  accountId: number,
  productIds: readonly string[],
): Promise<Record<string, unknown>[]> => {
  const valid = productIds.filter((id) => id.length > 0);
  if (valid.length === 0) return [];
  const tableName = requireEnv("TABLE_NAME");
  const result = await createDocumentClient().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName]: { Keys: valid.map((id) => keys.favorite(accountId, id)), ConsistentRead: true },
      },
    }),
  );
  return result.Responses?.[tableName] ?? [];
};

/** Which of these products the account holds as favorites, sorted. */
const storedIds = async (accountId: number, productIds: readonly string[]) =>
  (await storedFavorites(accountId, productIds)).map((item) => String(item.product_id)).sort();

/** How many favorites the account's count says it holds (kept with each add and remove). */
const countOf = async (accountId: number): Promise<number | undefined> => {
  const result = await createDocumentClient().send(
    new GetCommand({
      TableName: requireEnv("TABLE_NAME"),
      Key: keys.favoriteCount(accountId),
      ConsistentRead: true,
    }),
  );
  return result.Item?.favorites as number | undefined;
};

describe("POST /api/v2/favorites", { timeout: PUBLISHING_TIMEOUT }, () => {
  let seller: TestSeller;
  let category: number;

  beforeAll(async () => {
    [seller, category] = await Promise.all([createTestSeller(), createPublicCategory()]);
  }, PUBLISHING_TIMEOUT);

  /** A public product with a known name, listed in the catalogue. */
  const publicProduct = async () => {
    const name = uniqueWord();
    const { id } = await publishProduct(seller, category, { name });
    return { id, name };
  };

  it("add answers favorite: true, stores one favorite item, and adding again is still 200 favorite: true", async () => {
    const reseller = await createTestSeller();
    const product = await publicProduct();
    expect(answer(await change(reseller.v2, product.id, "add"))).toEqual(changed(product.id, true));
    expect(answer(await change(reseller.v2, product.id, "add"))).toEqual(changed(product.id, true));
    const stored = await storedFavorites(reseller.id, [product.id]);
    expect(stored).toHaveLength(1);
    // Beside the product, and in the reseller's list of listed favorites (GSI2) while the product is listed.
    expect(stored[0]).toEqual({
      PK: `PRODUCT#${product.id}`,
      SK: `FAV#${reseller.id}`,
      entity: "favorite",
      account_id: reseller.id,
      product_id: product.id,
      added_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      GSI2PK: `ACCOUNT#${reseller.id}#FAVORITES`,
      GSI2SK: product.id,
    });
    expect(await countOf(reseller.id)).toBe(1);
    expect(await listFavorites(reseller.v2)).toEqual(
      favoritesList([{ product_id: product.id, name: product.name }]),
    );
  });

  it("remove answers favorite: false and removing a non-favorite is still 200 favorite: false", async () => {
    const reseller = await createTestSeller();
    const product = await publicProduct();
    await change(reseller.v2, product.id, "add");
    expect(answer(await change(reseller.v2, product.id, "remove"))).toEqual(changed(product.id, false));
    expect(answer(await change(reseller.v2, product.id, "remove"))).toEqual(changed(product.id, false));
    expect(await storedIds(reseller.id, [product.id])).toEqual([]);
    expect(await countOf(reseller.id)).toBe(0);
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([]));
  });

  it("remove does not need the product to exist: unknown and malformed ids are 200 favorite: false", async () => {
    const reseller = await createTestSeller();
    for (const id of [newId(), "not-an-id"]) {
      expect(answer(await change(reseller.v2, id, "remove")), id).toEqual(changed(id, false));
    }
    expect(await countOf(reseller.id)).toBeUndefined();
  });

  it("deleting a product removes its favorites and frees their room; remove still answers favorite: false", async () => {
    const [reseller, other] = await Promise.all([createTestSeller(), createTestSeller()]);
    const product = await publicProduct();
    await change(reseller.v2, product.id, "add");
    await change(other.v2, product.id, "add");
    await deleteProduct(seller.v1, product.id);
    // What the table's stream does after the delete, forced so the test does not wait for it.
    await syncCatalogue(product.id);
    expect(await storedIds(reseller.id, [product.id])).toEqual([]);
    expect(await storedIds(other.id, [product.id])).toEqual([]);
    expect([await countOf(reseller.id), await countOf(other.id)]).toEqual([0, 0]);
    expect(answer(await change(reseller.v2, product.id, "remove"))).toEqual(changed(product.id, false));
    expect(await countOf(reseller.id)).toBe(0);
  });

  it("toggle flips the favorite: on, off, on", async () => {
    const reseller = await createTestSeller();
    const product = await publicProduct();
    expect(answer(await change(reseller.v2, product.id, "toggle"))).toEqual(changed(product.id, true));
    expect(await storedIds(reseller.id, [product.id])).toEqual([product.id]);
    expect(answer(await change(reseller.v2, product.id, "toggle"))).toEqual(changed(product.id, false));
    expect(await storedIds(reseller.id, [product.id])).toEqual([]);
    expect(answer(await change(reseller.v2, product.id, "toggle"))).toEqual(changed(product.id, true));
    expect(await listFavorites(reseller.v2)).toEqual(
      favoritesList([{ product_id: product.id, name: product.name }]),
    );
  });

  it("add and toggle of a draft, pending, rejected, deleted, unknown or malformed product are 404 Product not found, storing nothing", async () => {
    const reseller = await createTestSeller();
    const draft = await createProduct(seller.v1, validProductBody(category));
    const pending = await publicProduct();
    await updateProduct(seller.v1, pending.id, { name: uniqueWord() });
    const rejected = await publicProduct();
    await updateProduct(seller.v1, rejected.id, { name: uniqueWord() });
    await productService().reject(rejected.id, "Wrong category");
    const deleted = await publicProduct();
    await deleteProduct(seller.v1, deleted.id);
    const ids = [draft, pending.id, rejected.id, deleted.id, newId(), "not-an-id", draft.toLowerCase()];
    for (const id of ids) {
      for (const action of ["add", "toggle"]) {
        expect(answer(await change(reseller.v2, id, action)), `${action} ${id}`).toEqual({
          status: 404,
          body: productNotFound,
        });
      }
    }
    expect(await storedIds(reseller.id, ids)).toEqual([]);
    expect(await countOf(reseller.id)).toBeUndefined();
  });

  it("add and toggle of a product in a category whose id starts with 700 are 403 blocked_category, storing nothing", async () => {
    const reseller = await createTestSeller();
    const { id } = await publishProduct(seller, await createBlockedCategory(), {}, { sync: false });
    for (const action of ["add", "toggle"]) {
      expect(answer(await change(reseller.v2, id, action)), action).toEqual({
        status: 403,
        body: blockedCategory,
      });
    }
    expect(await storedIds(reseller.id, [id])).toEqual([]);
  });

  it("add and toggle of a product whose category was switched off or whose seller was blocked since it was published are 404 Product not found, storing nothing, even with the favorite already there", async () => {
    const reseller = await createTestSeller();
    const switchedOff = await createPublicCategory();
    const inCategory = await publishProduct(seller, switchedOff, {}, { sync: false });
    expect(answer(await change(reseller.v2, inCategory.id, "add"))).toEqual(changed(inCategory.id, true));
    await createDocumentClient().send(
      new UpdateCommand({
        TableName: requireEnv("TABLE_NAME"),
        Key: keys.category(switchedOff),
        UpdateExpression: "SET #status = :inactive",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":inactive": "inactive" },
      }),
    );
    const blocked = await createTestSeller();
    const ofBlocked = await publishProduct(blocked, category, {}, { sync: false });
    await setSellerModeration(blocked.id, 2);
    for (const id of [inCategory.id, ofBlocked.id]) {
      for (const action of ["add", "toggle"]) {
        expect(answer(await change(reseller.v2, id, action)), `${action} ${id}`).toEqual({
          status: 404,
          body: productNotFound,
        });
      }
    }
    expect(await storedIds(reseller.id, [inCategory.id, ofBlocked.id])).toEqual([inCategory.id]);
    expect(await countOf(reseller.id)).toBe(1);
  });

  it("a bad body is 422 invalid_request naming each field in error.details", async () => {
    const reseller = await createTestSeller();
    const id = newId();
    const issue = (field: string, message: string) => ({ field, message });
    const refused = (...issues: { field: string; message: string }[]) => ({
      status: 422,
      body: v2Error(422, "invalid_request", issues[0]?.message ?? "", { issues }),
    });
    const cases: [unknown, ReturnType<typeof refused>][] = [
      [{ product_id: id }, refused(issue("action", "Field 'action' is required"))],
      [
        { product_id: id, action: "delete" },
        refused(issue("action", "action must be add, remove or toggle")),
      ],
      [{ product_id: id, action: "Add" }, refused(issue("action", "action must be add, remove or toggle"))],
      [{ action: "add" }, refused(issue("product_id", "Field 'product_id' is required"))],
      [{ product_id: 5, action: "add" }, refused(issue("product_id", "product_id must be a string"))],
      [{ product_id: "", action: "add" }, refused(issue("product_id", "product_id is required"))],
      [
        { product_id: "p".repeat(65), action: "remove" },
        refused(issue("product_id", "product_id must be at most 64 characters")),
      ],
      [
        { product_id: id, action: "add", favorite: true },
        refused(issue("favorite", "Field 'favorite' is not allowed")),
      ],
      [
        {},
        refused(
          issue("product_id", "Field 'product_id' is required"),
          issue("action", "Field 'action' is required"),
        ),
      ],
      [
        { product_id: 1, action: "flip", note: "x" },
        refused(
          issue("product_id", "product_id must be a string"),
          issue("action", "action must be add, remove or toggle"),
          issue("note", "Field 'note' is not allowed"),
        ),
      ],
      [[{ product_id: id, action: "add" }], refused(issue("", "Request body must be a JSON object"))],
      ["", refused(issue("", "Request body must be a JSON object"))],
    ];
    for (const [body, expected] of cases) {
      expect(answer(await postFavorite(reseller.v2, body)), JSON.stringify(body)).toEqual(expected);
    }
    expect(answer(await postFavorite(reseller.v2, '{"product_id":'))).toEqual({
      status: 400,
      body: v2Error(400, "invalid_request", "Invalid JSON"),
    });
    expect(await storedIds(reseller.id, [id])).toEqual([]);
    expect(await countOf(reseller.id)).toBeUndefined();
  });

  it("needs a v2 token", async () => {
    const product = await publicProduct();
    for (const bearer of [undefined, seller.v1, "garbage"]) {
      expect(answer(await postFavorite(bearer, { product_id: product.id, action: "add" }))).toEqual({
        status: 401,
        body: unauthorized,
      });
    }
    expect(await storedIds(seller.id, [product.id])).toEqual([]);
  });
});

describe("GET /api/v2/favorites", { timeout: PUBLISHING_TIMEOUT }, () => {
  let seller: TestSeller;
  let category: number;

  beforeAll(async () => {
    [seller, category] = await Promise.all([createTestSeller(), createPublicCategory()]);
  }, PUBLISHING_TIMEOUT);

  /** `n` public products with known names, oldest first (ids are ULIDs). */
  const publicProducts = async (n: number) => {
    const products: { product_id: string; name: string }[] = [];
    for (let i = 0; i < n; i++) {
      const name = uniqueWord();
      const { id } = await publishProduct(seller, category, { name });
      products.push({ product_id: id, name });
    }
    return products;
  };

  const addAll = async (token: string, ids: string[]) => {
    for (const id of ids) expect((await change(token, id, "add")).status).toBe(200);
  };

  it("lists the caller's favorites by product id, oldest product first, whatever order they were added in", async () => {
    const reseller = await createTestSeller();
    const products = await publicProducts(3);
    await addAll(
      reseller.v2,
      [products[2], products[0], products[1]].map((p) => p?.product_id ?? ""),
    );
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList(products));
  });

  it("an account without favorites gets an empty list with meta page 1, limit 20", async () => {
    const reseller = await createTestSeller();
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([]));
  });

  it("shows only the caller's own favorites", async () => {
    const [one, other] = await Promise.all([createTestSeller(), createTestSeller()]);
    const [mine, theirs] = await publicProducts(2);
    if (!mine || !theirs) throw new Error("two products expected");
    await change(one.v2, mine.product_id, "add");
    await change(other.v2, theirs.product_id, "add");
    expect(await listFavorites(one.v2)).toEqual(favoritesList([mine]));
    expect(await listFavorites(other.v2)).toEqual(favoritesList([theirs]));
    // Removing from one list leaves the other alone.
    await change(other.v2, mine.product_id, "remove");
    expect(await listFavorites(one.v2)).toEqual(favoritesList([mine]));
  });

  it("leaves out favorites whose product is no longer public, keeps them unless it was deleted, and shows them again with the current name", async () => {
    const reseller = await createTestSeller();
    const [kept, resubmitted, deleted] = await publicProducts(3);
    if (!kept || !resubmitted || !deleted) throw new Error("three products expected");
    const all = [kept.product_id, resubmitted.product_id, deleted.product_id];
    await addAll(reseller.v2, all);

    // A new name sends the product back to moderation: hidden, not forgotten. Both leave the list at
    // once (the page checks its products), and the indexer then takes them out of it for good.
    const newName = uniqueWord();
    await updateProduct(seller.v1, resubmitted.product_id, { name: newName });
    await deleteProduct(seller.v1, deleted.product_id);
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([kept]));
    await syncCatalogue(resubmitted.product_id, deleted.product_id);
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([kept]));
    expect(await storedIds(reseller.id, all)).toEqual([kept.product_id, resubmitted.product_id].sort());
    expect(await countOf(reseller.id)).toBe(2);

    // Listed again once approved and indexed (the stream's sync, forced here).
    await productService().approve(resubmitted.product_id);
    await syncCatalogue(resubmitted.product_id);
    const again = favoritesList([kept, { product_id: resubmitted.product_id, name: newName }]);
    expect(await settled(() => listFavorites(reseller.v2), again)).toEqual(again);
  });

  it("a blocked seller's products leave the list (kept), and come back once the seller is unblocked", async () => {
    const reseller = await createTestSeller();
    const [blocked, category2] = await Promise.all([createTestSeller(), createPublicCategory()]);
    const theirs = { name: uniqueWord(), product_id: "" };
    theirs.product_id = (await publishProduct(blocked, category2, { name: theirs.name })).id;
    const [mine] = await publicProducts(1);
    if (!mine) throw new Error("a product expected");
    await addAll(reseller.v2, [theirs.product_id, mine.product_id]);
    const both = favoritesList([theirs, mine].sort((a, b) => (a.product_id < b.product_id ? -1 : 1)));
    expect(await listFavorites(reseller.v2)).toEqual(both);

    const ops = async (...args: string[]) => {
      const result = await runOps(args);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    };
    await ops("account", "block", String(blocked.id));
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([mine]));
    expect(await storedIds(reseller.id, [theirs.product_id, mine.product_id])).toHaveLength(2);
    await ops("account", "unblock", String(blocked.id));
    expect(await settled(() => listFavorites(reseller.v2), both)).toEqual(both);
  });

  it("pages with page and limit over the favorites whose product is listed", async () => {
    const reseller = await createTestSeller();
    const products = await publicProducts(6);
    await addAll(
      reseller.v2,
      products.map((p) => p.product_id),
    );
    // The second and fifth go back to moderation: the public ones are 1, 3, 4, 6.
    for (const index of [1, 4]) {
      const id = products[index]?.product_id ?? "";
      await updateProduct(seller.v1, id, { name: uniqueWord() });
      await syncCatalogue(id);
    }
    const visible = [products[0], products[2], products[3], products[5]].flatMap((p) => (p ? [p] : []));
    const page = (n: number, limit = 2) =>
      listFavorites(reseller.v2, { page: String(n), limit: String(limit) });
    expect(await page(1)).toEqual(favoritesList(visible.slice(0, 2), 1, 2));
    expect(await page(2)).toEqual(favoritesList(visible.slice(2, 4), 2, 2));
    expect(await page(3)).toEqual(favoritesList([], 3, 2));
    expect(await page(2, 3)).toEqual(favoritesList(visible.slice(3), 2, 3));
    expect(await page(1, 100)).toEqual(favoritesList(visible, 1, 100));
  });

  it("bad paging or an unknown parameter is 422 naming it", async () => {
    const reseller = await createTestSeller();
    const cases: [Record<string, string>, string, string][] = [
      [{ page: "0" }, "page", "page must be a whole number from 1 to 10000"],
      [{ page: "x" }, "page", "page must be a whole number from 1 to 10000"],
      [{ limit: "0" }, "limit", "limit must be a whole number from 1 to 100"],
      [{ limit: "101" }, "limit", "limit must be a whole number from 1 to 100"],
      [{ product_id: newId() }, "product_id", "Parameter 'product_id' is not allowed"],
    ];
    for (const [params, field, message] of cases) {
      expect(await listFavorites(reseller.v2, params), JSON.stringify(params)).toEqual({
        status: 422,
        body: invalidParameter(field, message),
      });
    }
  });

  it("needs a v2 token", async () => {
    for (const bearer of [undefined, seller.v1, "garbage"]) {
      expect(answer(await v2Get(bearer, "/api/v2/favorites"))).toEqual({ status: 401, body: unauthorized });
    }
  });
});

describe("POST /api/v2/favorites under concurrency", { timeout: PUBLISHING_TIMEOUT }, () => {
  let seller: TestSeller;
  let category: number;

  beforeAll(async () => {
    [seller, category] = await Promise.all([createTestSeller(), createPublicCategory()]);
  }, PUBLISHING_TIMEOUT);

  const parallel = (n: number, token: string, productId: string, action: string) =>
    Promise.all(Array.from({ length: n }, () => change(token, productId, action)));

  it("20 parallel adds of one product all answer favorite: true and store exactly one favorite", async () => {
    const reseller = await createTestSeller();
    const name = uniqueWord();
    const { id } = await publishProduct(seller, category, { name });
    const responses = await parallel(20, reseller.v2, id, "add");
    for (const response of responses) expect(answer(response)).toEqual(changed(id, true));
    expect(await storedIds(reseller.id, [id])).toEqual([id]);
    expect(await countOf(reseller.id)).toBe(1);
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([{ product_id: id, name }]));
  });

  it("21 parallel toggles from not favorite each flip it once: 11 answer true, 10 false, and it ends favorite", async () => {
    const reseller = await createTestSeller();
    const name = uniqueWord();
    const { id } = await publishProduct(seller, category, { name });
    const responses = await parallel(21, reseller.v2, id, "toggle");
    expect(responses.map((r) => r.status)).toEqual(Array(21).fill(200));
    const answers = responses.map((r) => (r.body as { data: { favorite: boolean } }).data.favorite);
    expect(answers.filter((favorite) => favorite)).toHaveLength(11);
    expect(answers.filter((favorite) => !favorite)).toHaveLength(10);
    expect(await storedIds(reseller.id, [id])).toEqual([id]);
    expect(await countOf(reseller.id)).toBe(1);
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([{ product_id: id, name }]));
  });

  it("20 parallel toggles from favorite end favorite again (an even count), 10 answering each way", async () => {
    const reseller = await createTestSeller();
    const name = uniqueWord();
    const { id } = await publishProduct(seller, category, { name });
    await change(reseller.v2, id, "add");
    const responses = await parallel(20, reseller.v2, id, "toggle");
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const answers = responses.map((r) => (r.body as { data: { favorite: boolean } }).data.favorite);
    expect(answers.filter((favorite) => favorite)).toHaveLength(10);
    expect(await storedIds(reseller.id, [id])).toEqual([id]);
    expect(await countOf(reseller.id)).toBe(1);
    expect(await listFavorites(reseller.v2)).toEqual(favoritesList([{ product_id: id, name }]));
  });

  it(`holds at most ${FAVORITES_PER_ACCOUNT} favorites: with ${FAVORITES_PER_ACCOUNT - 2} held, 5 parallel adds of new products store exactly 2 and the rest are 409 favorites_full`, async () => {
    const reseller = await createTestSeller();
    const products = await Promise.all(
      Array.from({ length: 5 }, async () => (await publishProduct(seller, category)).id),
    );
    // The count as the service keeps it for an account that already holds 498 favorites.
    await createDocumentClient().send(
      new UpdateCommand({
        TableName: requireEnv("TABLE_NAME"),
        Key: keys.favoriteCount(reseller.id),
        UpdateExpression: "SET favorites = :held",
        ExpressionAttributeValues: { ":held": FAVORITES_PER_ACCOUNT - 2 },
      }),
    );
    const responses = await Promise.all(products.map((id) => change(reseller.v2, id, "add")));
    const full = {
      status: 409,
      body: v2Error(
        409,
        "favorites_full",
        `At most ${FAVORITES_PER_ACCOUNT} favorites: remove one to add another`,
      ),
    };
    expect(responses.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = responses.filter((r) => r.status !== 200).map(answer);
    expect(refused).toEqual([full, full, full]);
    const held = products.filter((_, i) => responses[i]?.status === 200);
    expect(await storedIds(reseller.id, products)).toEqual([...held].sort());
    expect(await countOf(reseller.id)).toBe(FAVORITES_PER_ACCOUNT);
    // An add of one already held is still 200; a remove makes room for exactly one.
    expect(answer(await change(reseller.v2, held[0] ?? "", "add"))).toEqual(changed(held[0] ?? "", true));
    await change(reseller.v2, held[0] ?? "", "remove");
    const others = products.filter((id) => !held.includes(id));
    const again = await Promise.all(others.map((id) => change(reseller.v2, id, "toggle")));
    expect(again.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await countOf(reseller.id)).toBe(FAVORITES_PER_ACCOUNT);
  });
});

import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { handler as catalogHandler } from "../../functions/v2-catalog/handler.js";
import { handler as favoritesHandler } from "../../functions/v2-favorites/handler.js";
import { handler as purchasesHandler } from "../../functions/v2-purchases/handler.js";
import { commentService, productService } from "../../shared/runtime/dependencies.js";
import {
  createPublicCategory,
  createTestSeller,
  PUBLISHING_TIMEOUT,
  publishProduct,
  uniqueWord,
} from "../support/catalogue.js";
import { buildContext, buildEvent, parseBody } from "../support/lambda-events.js";
import { balanceOf } from "../support/ledger.js";
import { stockOf } from "../support/orders.js";
import { buyableProduct, fundedReseller } from "../support/purchases.js";
import { recordedRounds } from "../support/recorded-rounds.js";

// The DynamoDB rounds of the endpoints whose written minimum (test/bench/endpoint-minimums.ts, argued in
// docs/benchmarks.md) needs a round fewer than a plain read-then-write: each request runs in-process on
// the composition roots' own document client, where the recorder sees every command. Requests sent before
// any of their round answered count once, as in `npm run bench -- capacity`.
//
// Handlers here run in the test's process with TOKEN_STATUS_CACHE_SECONDS=0 (the workers' setting), so
// every request is its account's first in its container: the token's standing is read in the first round
// (the extra GetItem there) and a write sent before it answered carries it (the key's claim goes out as a
// transaction), adding no round (#20 item 1).

type GroupHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

let requests = 0;
/** Calls a group handler in-process, as Lambda would: status, JSON body and the replay header. */
const invoke = async (
  handler: GroupHandler,
  routeKey: string,
  token: string,
  options: {
    body?: unknown;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    path?: Record<string, string>;
  } = {},
) => {
  requests += 1;
  const event = buildEvent({
    routeKey,
    token,
    requestId: `rounds-${process.pid}-${requests}`,
    ...(options.body === undefined
      ? {}
      : { contentType: "application/json", body: JSON.stringify(options.body) }),
  });
  Object.assign(event.headers, options.headers ?? {});
  if (options.path) event.pathParameters = options.path;
  if (options.query) {
    event.queryStringParameters = options.query;
    event.rawQueryString = new URLSearchParams(options.query).toString();
  }
  const response = await handler(event, buildContext());
  return {
    status: response.statusCode,
    body: parseBody(response),
    replayed: response.headers?.["idempotent-replayed"] ?? null,
  };
};

describe("GET /api/v2/search in 3 rounds: counts, one page of the facet, the page's products with their categories and sellers", () => {
  it(
    "reads the products, categories and sellers of a word's page together, and answers the page as it is now",
    async () => {
      const [sellerA, sellerB, reseller] = await Promise.all([
        createTestSeller(),
        createTestSeller(),
        createTestSeller(),
      ]);
      const [c1, c2] = await Promise.all([createPublicCategory(), createPublicCategory()]);
      const word = uniqueWord();
      const older = await publishProduct(sellerA, c1, { name: `${word} alpha` });
      const newer = await publishProduct(sellerB, c2, { name: `${word} beta` });
      const search = () => invoke(catalogHandler, "GET /api/v2/search", reseller.v2, { query: { q: word } });
      await search();

      const { result, rounds } = await recordedRounds(search);
      expect({
        status: result.status,
        ids: (result.body as { data: { product_id: string }[] }).data.map((p) => p.product_id),
        meta: (result.body as { meta: unknown }).meta,
      }).toEqual({ status: 200, ids: [newer.id, older.id], meta: { page: 1, limit: 20, total: 2 } });
      expect(rounds).toEqual(["BatchGetItem+GetItem", "Query", "BatchGetItem+BatchGetItem+BatchGetItem"]);
    },
    PUBLISHING_TIMEOUT,
  );
});

describe("POST /api/v2/buy and /gift with an Idempotency-Key in 2 rounds, as without one", () => {
  it(
    "claims the key beside the product and buyer reads, then commits one transaction; a replay is one round",
    async () => {
      const { product } = await buyableProduct({ price: 500, count: 10 });
      await productService().setFlags(product.id, { gift_available: 1 });
      const buyer = await fundedReseller(5000);
      const buy = (key: string) =>
        invoke(purchasesHandler, "POST /api/v2/buy", buyer.v2, {
          body: { product_id: product.id, quantity: 1 },
          headers: { "idempotency-key": key },
        });
      const stamp = `${process.pid}-${Date.now()}`;
      expect((await buy(`warm-${stamp}`)).status).toBe(201);

      // The first round reads four items: the three it always read and the marketplace's fee schedule
      // (#25), read beside them, so the fee adds a read to the round and no round.
      const first = await recordedRounds(() => buy(`rounds-${stamp}`));
      expect({ status: first.result.status, replayed: first.result.replayed }).toEqual({
        status: 201,
        replayed: null,
      });
      expect(first.rounds).toEqual([
        "GetItem+GetItem+GetItem+GetItem+TransactWriteItems",
        "TransactWriteItems",
      ]);

      // The claim finds the key completed and answers from it; the reads beside it go unused.
      const replay = await recordedRounds(() => buy(`rounds-${stamp}`));
      expect({
        status: replay.result.status,
        body: replay.result.body,
        replayed: replay.result.replayed,
      }).toEqual({ status: 201, body: first.result.body, replayed: "true" });
      expect(replay.rounds).toEqual(["GetItem+GetItem+GetItem+GetItem+TransactWriteItems"]);

      const gift = await recordedRounds(() =>
        invoke(purchasesHandler, "POST /api/v2/gift", buyer.v2, {
          body: { product_id: product.id },
          headers: { "idempotency-key": `gift-${stamp}` },
        }),
      );
      expect(gift.result.status).toBe(201);
      expect(gift.rounds).toEqual([
        "GetItem+GetItem+GetItem+GetItem+TransactWriteItems",
        "TransactWriteItems",
      ]);

      const plain = await recordedRounds(() =>
        invoke(purchasesHandler, "POST /api/v2/buy", buyer.v2, {
          body: { product_id: product.id, quantity: 1 },
        }),
      );
      expect(plain.result.status).toBe(201);
      expect(plain.rounds).toEqual(["GetItem+GetItem+GetItem+GetItem", "TransactWriteItems"]);

      expect(await balanceOf(buyer.id)).toBe(5000 - 4 * 500);
      expect(await stockOf(product.id)).toBe(6);
    },
    PUBLISHING_TIMEOUT,
  );
});

describe("POST /api/v2/favorites in 2 rounds: the product beside its favorites' follow record, then one transaction", () => {
  it(
    "adds a favorite with the category and seller checked in the transaction, not read before it",
    async () => {
      const [seller, reseller] = await Promise.all([createTestSeller(), createTestSeller()]);
      const category = await createPublicCategory();
      const [warm, added] = await Promise.all([
        publishProduct(seller, category),
        publishProduct(seller, category),
      ]);
      const add = (productId: string) =>
        invoke(favoritesHandler, "POST /api/v2/favorites", reseller.v2, {
          body: { product_id: productId, action: "add" },
        });
      expect((await add(warm.id)).status).toBe(200);

      const { result, rounds } = await recordedRounds(() => add(added.id));
      expect(result).toEqual({
        status: 200,
        body: { ok: true, data: { product_id: added.id, favorite: true }, meta: {} },
        replayed: null,
      });
      expect(rounds).toEqual(["BatchGetItem+GetItem+GetItem", "TransactWriteItems"]);
    },
    PUBLISHING_TIMEOUT,
  );
});

describe("GET /api/v2/products/{seller_id} in 2 rounds: the seller, its facet's counts and page together, then the page's products with their categories and sellers", () => {
  it(
    "answers a seller's catalogue newest first from two rounds of reads",
    async () => {
      const [seller, reseller] = await Promise.all([createTestSeller(), createTestSeller()]);
      const category = await createPublicCategory();
      const older = await publishProduct(seller, category);
      const newer = await publishProduct(seller, category);
      const list = () =>
        invoke(catalogHandler, "GET /api/v2/products/{seller_id}", reseller.v2, {
          path: { seller_id: String(seller.id) },
        });
      await list();

      const { result, rounds } = await recordedRounds(list);
      expect({
        status: result.status,
        ids: (result.body as { data: { product_id: string }[] }).data.map((p) => p.product_id),
        meta: (result.body as { meta: unknown }).meta,
      }).toEqual({ status: 200, ids: [newer.id, older.id], meta: { page: 1, limit: 20, total: 2 } });
      expect(rounds).toEqual([
        "BatchGetItem+GetItem+GetItem+Query",
        "BatchGetItem+BatchGetItem+BatchGetItem",
      ]);
    },
    PUBLISHING_TIMEOUT,
  );
});

describe("GET /api/v2/comment/{id} in 2 rounds: the product beside its comments' page and count, then its category and seller", () => {
  it(
    "answers a public product's comments from two rounds of reads",
    async () => {
      const [seller, reseller] = await Promise.all([createTestSeller(), createTestSeller()]);
      const product = await publishProduct(seller, await createPublicCategory());
      await commentService().add({ product_id: product.id, rating: 5, text: "Works as described" });
      const comments = () =>
        invoke(catalogHandler, "GET /api/v2/comment/{product_id}", reseller.v2, {
          path: { product_id: product.id },
        });
      await comments();

      const { result, rounds } = await recordedRounds(comments);
      expect({
        status: result.status,
        texts: (result.body as { data: { text: string }[] }).data.map((c) => c.text),
      }).toEqual({ status: 200, texts: ["Works as described"] });
      expect(rounds).toEqual(["GetItem+GetItem+GetItem+Query", "GetItem+GetItem"]);
    },
    PUBLISHING_TIMEOUT,
  );
});

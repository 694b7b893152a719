import { afterAll, describe, expect, it } from "vitest";
import { createMarketplaceClient, type MarketplaceClient } from "../../shared/client/marketplace-client.js";
import { accountAccess, productService } from "../../shared/runtime/dependencies.js";
import { createTestAccount } from "../support/accounts.js";
import { createPublicCategory, PUBLISHING_TIMEOUT, syncCatalogue, uniqueWord } from "../support/catalogue.js";
import { tinyPng, validProductBody } from "../support/products.js";
import { fundedReseller } from "../support/purchases.js";
import { eventually, type ReceivedCall, startReceiver } from "../support/receiver.js";
import { afterStandingCache } from "../support/standing-cache.js";
import { workerStack } from "../support/worker-stack.js";
import { gatewayFetch } from "./gateway-fetch.js";

/** A client of the stack under test for this API key, with the requests it sent. */
const clientFor = (apiKey: string) => {
  const { fetch, sent } = gatewayFetch();
  const client: MarketplaceClient = createMarketplaceClient({
    baseUrl: workerStack().gatewayUrl,
    apiKey,
    fetch,
  });
  return { client, sent };
};

/** The `data` of an answer that must succeed; a refusal fails the test showing its envelope. */
const dataOf = <R extends { ok: true; data: unknown } | { ok: false; status: number; error: unknown }>(
  result: R,
): Extract<R, { ok: true }>["data"] => {
  if (!result.ok) throw new Error(`refused: ${result.status} ${JSON.stringify(result.error)}`);
  return (result as Extract<R, { ok: true }>).data;
};

const webhooks: ReceivedCall[] = [];
const receiver = await startReceiver((call) => {
  webhooks.push(call);
  return 200;
});
afterAll(() => receiver.close());

/** A fresh seller with a webhook receiver (so its products sell in v2) and a product of its own, approved and listed. */
const sellerWithListedProduct = async (word: string) => {
  const account = await createTestAccount();
  const seller = clientFor(account.api_key);
  dataOf(await seller.client.v1.call("POST /seller/profile", { body: { api_url: receiver.url } }));
  receiver.namedBy({ seller: account.seller_id });
  const created = await seller.client.v1.call("POST /products", {
    body: validProductBody(await createPublicCategory(), { name: word, price: 700, count: 5 }),
  });
  const productId = (dataOf(created) as { id: string }).id;
  return { account, seller, productId };
};

describe("the typed client against the local stack", () => {
  it(
    "a seller lists a product: create, image upload and the operator's approval, with a refusal in between returned as a value",
    async () => {
      const word = uniqueWord();
      const { seller, productId } = await sellerWithListedProduct(word);

      const upload = await seller.client.v1.call("POST /products/img", {
        form: { id_product: productId, img: new File([tinyPng], "cover.png", { type: "image/png" }) },
      });
      expect(upload).toMatchObject({
        ok: true,
        status: 200,
        data: { message: "Image uploaded", url: expect.stringMatching(/\.png$/) },
      });
      const again = await seller.client.v1.call("POST /products/moderation", {
        body: { id_product: productId },
      });
      expect(again).toMatchObject({
        ok: false,
        status: 409,
        error: { status: "error", message: "Product is already under moderation" },
      });

      await productService().approve(productId);
      const info = await seller.client.v1.call("GET /products/info/{id}", { path: { id: productId } });
      expect(info).toMatchObject({
        ok: true,
        status: 200,
        data: {
          product: {
            id: productId,
            name: word,
            price: 700,
            count: 5,
            discount: 0,
            status_moderation: "approved",
          },
        },
      });
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "a reseller searches, buys, reads its history and the order; the seller sees it paid and delivers it with the webhook's token",
    async () => {
      const word = uniqueWord();
      const { seller, productId } = await sellerWithListedProduct(word);
      const imageForm = {
        id_product: productId,
        img: new File([tinyPng], "cover.png", { type: "image/png" }),
      };
      dataOf(await seller.client.v1.call("POST /products/img", { form: imageForm }));
      await productService().approve(productId);
      await syncCatalogue(productId);
      const resellerAccount = await fundedReseller(5000);
      const reseller = clientFor(resellerAccount.apiKey);

      const search = await reseller.client.v2.call("GET /search", { query: { q: word, limit: 10 } });
      expect(search).toMatchObject({
        ok: true,
        status: 200,
        data: [{ product_id: productId, price: 700 }],
        meta: { page: 1, limit: 10, total: 1 },
      });

      const bought = await reseller.client.v2.call("POST /buy", {
        body: { product_id: productId, quantity: 2 },
        headers: { "Idempotency-Key": `client-${word}` },
      });
      expect(bought).toMatchObject({
        ok: true,
        status: 201,
        data: { product_id: productId, quantity: 2, total: 1400, currency: "RUB" },
      });
      const orderId = (dataOf(bought) as { order_id: string }).order_id;

      const history = await reseller.client.v2.call("GET /history", { query: { product_id: productId } });
      expect(history).toMatchObject({ ok: true, data: [{ order_id: orderId, status: "paid" }] });
      expect(
        await reseller.client.v2.call("GET /order/{order_id}", { path: { order_id: orderId } }),
      ).toMatchObject({
        ok: true,
        data: { order_id: orderId, status: "paid", delivered: false },
      });
      expect(await reseller.client.v2.call("GET /balance")).toMatchObject({
        ok: true,
        data: { balance: 3600, currency: "RUB" },
      });

      expect(await seller.client.v1.call("GET /orders/info/{id}", { path: { id: orderId } })).toMatchObject({
        ok: true,
        data: { id_order: orderId, id_product: productId, status_order: "paid", amount: "1400", count: "2" },
      });
      const webhook = await eventually(
        async () => webhooks.find((call) => call.body.id_order === orderId),
        (call) => call !== undefined,
      );
      const token = String(webhook?.body.token);
      const delivery = await seller.client.v1.call("POST /orders/delivery/{token}", {
        path: { token },
        body: { text: "KEY-AAAA-BBBB" },
      });
      expect(delivery).toMatchObject({
        ok: true,
        data: { message: expect.any(String), id_order: orderId, delivered: true },
      });
      const twice = await seller.client.v1.call("POST /orders/delivery/{token}", {
        path: { token },
        body: { text: "KEY-AAAA-BBBB" },
      });
      expect(twice).toMatchObject({
        ok: false,
        status: 409,
        error: { status: "error", message: "Order already delivered" },
      });
      expect(
        await reseller.client.v2.call("GET /order/{order_id}", { path: { order_id: orderId } }),
      ).toMatchObject({
        ok: true,
        data: { order_id: orderId, delivered: true, delivery_text: "KEY-AAAA-BBBB" },
      });
    },
    PUBLISHING_TIMEOUT,
  );

  it("returns the service's refusals as values in each version's envelope, with the request id", async () => {
    const account = await createTestAccount();
    const { client } = clientFor(account.api_key);

    const missing = await client.v1.call("GET /products/info/{id}", { path: { id: "01NOSUCHPRODUCT" } });
    expect(missing).toMatchObject({
      ok: false,
      status: 404,
      requestId: expect.any(String),
      error: { status: "error", message: "Product not found" },
    });
    // The body's type requires a name; a caller that drops it anyway gets the service's 400 as a value.
    const { name: _name, ...withoutName } = validProductBody(await createPublicCategory());
    const invalid = await client.v1.call("POST /products", {
      body: withoutName as typeof withoutName & { name: string },
    });
    expect(invalid).toMatchObject({
      ok: false,
      status: 400,
      error: { status: "error", message: "Field 'name' is required" },
    });
    const poor = await client.v2.call("POST /buy", { body: { product_id: "01NOSUCHPRODUCT", quantity: 1 } });
    expect(poor).toMatchObject({
      ok: false,
      status: 404,
      error: {
        ok: false,
        code: "not_found",
        message: "Product not found",
        http_status: 404,
        error: { code: "not_found" },
      },
    });
  });

  it("returns a wrong API key's refused exchange as a 401 value in each version's envelope", async () => {
    const { client, sent } = clientFor("mk_not_a_key");

    expect(await client.v1.call("GET /seller")).toMatchObject({
      ok: false,
      status: 401,
      error: { status: "error", message: "Unauthorized" },
    });
    expect(await client.v2.call("GET /balance")).toMatchObject({
      ok: false,
      status: 401,
      error: { ok: false, code: "unauthorized", message: "Unauthorized", http_status: 401 },
    });
    expect(sent).toEqual(["POST /api/v1/auth/api-key/create", "POST /api/v2/auth/api-key/create"]);
  });

  it("replaces a revoked token with one fresh exchange and retries the call once", async () => {
    const account = await createTestAccount();
    const { client, sent } = clientFor(account.api_key);
    expect(await client.v1.call("GET /seller")).toMatchObject({ ok: true, data: { id: account.seller_id } });

    await accountAccess().revokeTokens(account.seller_id);
    await afterStandingCache();
    expect(await client.v1.call("GET /seller")).toMatchObject({ ok: true, data: { id: account.seller_id } });

    expect(sent).toEqual([
      "POST /api/v1/auth/api-key/create",
      "GET /api/v1/seller",
      "GET /api/v1/seller",
      "POST /api/v1/auth/api-key/create",
      "GET /api/v1/seller",
    ]);
  });
});

import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import {
  accountAccess,
  orderService,
  paymentService,
  webhookService,
} from "../../../shared/runtime/dependencies.js";
import { verifyWebhookSignature } from "../../../shared/webhooks/webhook-signature.js";
import { request } from "../../support/http.js";
import { sellerWithProduct } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { eventually, type ReceivedCall, startReceiver } from "../../support/receiver.js";

// Real payment webhooks from the stack's worker, checked by the standardwebhooks package (the reference
// implementation of Standard Webhooks) and by the spec's own signature (#23).

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** The three Standard Webhooks headers a receiver got, as the library reads them. */
const standardHeadersOf = (call: ReceivedCall) => ({
  "webhook-id": String(call.headers["webhook-id"]),
  "webhook-timestamp": String(call.headers["webhook-timestamp"]),
  "webhook-signature": String(call.headers["webhook-signature"]),
});

/** A seller whose product's webhooks go to a receiver scripted by `answer`, and one paid order of it. */
const paidOrderWebhooks = async (answer: (call: ReceivedCall, index: number) => number) =>
  paidOrderWebhooksOf(await sellerWithProduct({ price: 900, count: 5 }), answer);

/** `seller`'s product's webhooks sent to a receiver scripted by `answer`, and one paid order of it. */
const paidOrderWebhooksOf = async (
  seller: Awaited<ReturnType<typeof sellerWithProduct>>,
  answer: (call: ReceivedCall, index: number) => number,
) => {
  const receiver = await startReceiver(answer);
  receivers.push(receiver);
  const update = await request("POST", `/api/v1/products/update/${seller.productId}`, {
    headers: jsonHeaders(seller.token),
    body: JSON.stringify({ api_url: receiver.url }),
  });
  expect(update.status).toBe(200);
  receiver.namedBy({ product: seller.productId });
  const order = await orderService().createGuestOrder({
    product_id: seller.productId,
    quantity: 1,
    email: `signed-${Date.now()}@example.com`,
  });
  await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
  return { seller, receiver, orderId: order.id_order };
};

describe("payment webhooks carry Standard Webhooks signatures beside the spec's", () => {
  it("the standardwebhooks package verifies a real webhook with the seller's whsec_ secret, the spec's signature still verifies, and the body is exactly the spec's six fields", async () => {
    const { seller, receiver, orderId } = await paidOrderWebhooks(() => 200);
    await eventually(
      async () => receiver.calls.length,
      (n) => n > 0,
    );
    const [call] = receiver.calls as [ReceivedCall];
    expect(seller.account.webhook_secret).toMatch(/^whsec_/);
    const verified = new Webhook(seller.account.webhook_secret).verify(call.raw, {
      "webhook-id": String(call.headers["webhook-id"]),
      "webhook-timestamp": String(call.headers["webhook-timestamp"]),
      "webhook-signature": String(call.headers["webhook-signature"]),
    });
    expect(verified).toEqual(call.body);
    expect(call.headers["webhook-id"]).toBe(call.headers["x-webhook-id"]);
    const body = call.body as Record<string, string>;
    expect(Object.keys(body)).toEqual([
      "id_order",
      "id_product",
      "payment_status",
      "signature",
      "delivery_url",
      "token",
    ]);
    expect(body.id_order).toBe(orderId);
    expect(verifyWebhookSignature(seller.account.api_key, orderId, body.signature ?? "")).toBe(true);
    // Another seller's secret does not verify it.
    const other = await sellerWithProduct();
    expect(() =>
      new Webhook(other.account.webhook_secret).verify(call.raw, {
        "webhook-id": String(call.headers["webhook-id"]),
        "webhook-timestamp": String(call.headers["webhook-timestamp"]),
        "webhook-signature": String(call.headers["webhook-signature"]),
      }),
    ).toThrow("No matching signature found");
  });

  it("a retried webhook keeps its webhook-id and is signed anew at each attempt's time", async () => {
    const { seller, receiver, orderId } = await paidOrderWebhooks((_call, index) =>
      index === 0 ? 500 : 200,
    );
    await eventually(
      () => webhookService().attempts(orderId),
      (attempts) => attempts.some((a) => a.outcome === "delivered"),
    );
    expect(receiver.calls).toHaveLength(2);
    const [first, second] = receiver.calls as [ReceivedCall, ReceivedCall];
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    for (const call of [first, second])
      expect(
        new Webhook(seller.account.webhook_secret).verify(call.raw, {
          "webhook-id": String(call.headers["webhook-id"]),
          "webhook-timestamp": String(call.headers["webhook-timestamp"]),
          "webhook-signature": String(call.headers["webhook-signature"]),
        }),
      ).toEqual(call.body);
  });

  it("after a rotation (ops account rotate-webhook-secret) both the new and the replaced secret verify a webhook, for a day", async () => {
    const seller = await sellerWithProduct({ price: 900, count: 5 });
    const rotated = await accountAccess().rotateWebhookSecret(seller.account.seller_id);
    expect(rotated.webhook_secret).toMatch(/^whsec_/);
    expect(rotated.webhook_secret).not.toBe(seller.account.webhook_secret);
    expect(Date.parse(rotated.previous_signs_until ?? "") - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const { receiver } = await paidOrderWebhooksOf(seller, () => 200);
    await eventually(
      async () => receiver.calls.length,
      (n) => n > 0,
    );
    const [call] = receiver.calls as [ReceivedCall];
    expect(String(call.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [rotated.webhook_secret, seller.account.webhook_secret])
      expect(new Webhook(secret).verify(call.raw, standardHeadersOf(call))).toEqual(call.body);
  });
});

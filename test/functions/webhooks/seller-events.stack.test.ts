import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { deliveryUrl } from "../../../shared/delivery/delivery-url.js";
import { eventAttempts } from "../../../shared/runtime/event-attempts.js";
import { webhookSignature } from "../../../shared/webhooks/webhook-signature.js";
import {
  createPublicCategory,
  createTestSeller,
  publishProduct,
  type TestSeller,
} from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { keyProduct } from "../../support/key-stock.js";
import { runOps } from "../../support/ops-cli.js";
import { orderServiceAt, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { boughtOrder, fundedReseller, h2hSeller, v2Post } from "../../support/purchases.js";
import { eventually, type ReceivedCall, startReceiver } from "../../support/receiver.js";

// The events a seller opts into (#23), sent by the stack's own stream forwarder and webhook worker to a
// real receiver, verified by the standardwebhooks package; and the seller who opts into nothing.

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** Every event type a seller may opt into, in the order the API lists them. */
const EVERY_EVENT = [
  "order.canceled",
  "dispute.opened",
  "dispute.closed",
  "chat.message",
  "key_stock.low",
  "key_stock.empty",
];

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** The seller's own new signing secret (POST /api/v1/seller/webhook-secret). */
const rotatedSecret = async (seller: TestSeller): Promise<string> => {
  const response = await request("POST", "/api/v1/seller/webhook-secret", bearer(seller.v1));
  expect(response.status).toBe(200);
  return (response.body as { data: { webhook_secret: string } }).data.webhook_secret;
};

const subscribe = async (seller: TestSeller, body: Record<string, unknown>) => {
  const response = await request("POST", "/api/v1/seller/webhook-events", {
    headers: jsonHeaders(seller.v1),
    body: JSON.stringify(body),
  });
  expect(response.status, response.text).toBe(200);
  return response.body as { data: unknown };
};

/** A seller whose webhooks go to a receiver answering 200 (or as `answer` says), with its own secret. */
const sellerWithReceiver = async (answer: (call: ReceivedCall, index: number) => number = () => 200) => {
  const { seller, receiver } = await h2hSeller(answer);
  receivers.push(receiver);
  return {
    seller,
    receiver: receiver as typeof receiver & { calls: ReceivedCall[] },
    secret: await rotatedSecret(seller),
  };
};

/** A public product of `seller` (10 in stock) and a funded reseller's order of it, bought through v2. */
const soldOrderOf = async (seller: TestSeller) => {
  const product = await publishProduct(seller, await createPublicCategory(), { count: 10 }, { sync: false });
  const reseller = await fundedReseller(10_000);
  return { product, reseller, orderId: await boughtOrder(reseller, product.id) };
};

/** The calls of a receiver whose body has a `type`: the events, in arrival order. */
const eventsIn = (calls: readonly ReceivedCall[]) =>
  calls.filter((call) => typeof call.body.type === "string");

const verified = (secret: string, call: ReceivedCall) =>
  new Webhook(secret).verify(call.raw, {
    "webhook-id": String(call.headers["webhook-id"]),
    "webhook-timestamp": String(call.headers["webhook-timestamp"]),
    "webhook-signature": String(call.headers["webhook-signature"]),
  });

/** A storefront order of the product created half an hour ago, then canceled as the maintenance does. */
const canceledOrderOf = async (productId: string): Promise<string> => {
  const created = await orderServiceAt(-31 * 60_000).createGuestOrder({
    product_id: productId,
    quantity: 1,
    email: "late@example.com",
  });
  const order = await stores().orders.get(created.id_order);
  if (!order) throw new Error(`order ${created.id_order} not stored`);
  await stores().orders.cancelAndRelease(order, new Date().toISOString());
  return created.id_order;
};

describe("events a seller opts into", () => {
  it("a seller subscribed to every event gets order.canceled, dispute.opened, chat.message and dispute.closed as {type, timestamp, data}, each signed under its secret", async () => {
    const { seller, receiver, secret } = await sellerWithReceiver();
    const subscribed = await subscribe(seller, {
      events: EVERY_EVENT,
    });
    expect(subscribed).toEqual({
      status: "success",
      data: {
        events: EVERY_EVENT,
        key_stock_low_threshold: 10,
        available: EVERY_EVENT,
      },
    });
    const { product, reseller, orderId } = await soldOrderOf(seller);
    const act = async (path: string, body: unknown) =>
      expect((await v2Post(reseller.v2, path, body)).status).toBe(200);
    await act("/api/v2/dispute", { order_id: orderId, action: "open" });
    await eventually(
      async () => eventsIn(receiver.calls).length,
      (n) => n >= 1,
    );
    await act(`/api/v2/chat/${orderId}`, { message: "Where is my key? 🔑" });
    await eventually(
      async () => eventsIn(receiver.calls).length,
      (n) => n >= 2,
    );
    await act("/api/v2/dispute", { order_id: orderId, action: "close" });
    await eventually(
      async () => eventsIn(receiver.calls).length,
      (n) => n >= 3,
    );
    const canceledId = await canceledOrderOf(product.id);
    const events = await eventually(
      async () => eventsIn(receiver.calls),
      (calls) => calls.length >= 4,
    );

    const signature = webhookSignature(seller.apiKey, orderId);
    const bodies = events.map((call) => verified(secret, call) as Record<string, unknown>);
    expect(bodies.map(({ timestamp: _, ...body }) => body)).toEqual([
      { type: "dispute.opened", data: { id_order: orderId, id_product: product.id, signature } },
      {
        type: "chat.message",
        data: {
          id_order: orderId,
          id_product: product.id,
          message_id: expect.any(Number),
          message: "Where is my key? 🔑",
          signature,
        },
      },
      { type: "dispute.closed", data: { id_order: orderId, id_product: product.id, signature } },
      {
        type: "order.canceled",
        data: {
          id_order: canceledId,
          id_product: product.id,
          signature: webhookSignature(seller.apiKey, canceledId),
        },
      },
    ]);
    for (const body of bodies)
      expect(String(body.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Each event its own id, the same in both id headers; the order of keys is the documented one.
    const ids = events.map((call) => call.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(4);
    for (const call of events) {
      expect(call.headers["x-webhook-id"]).toBe(call.headers["webhook-id"]);
      expect(Object.keys(call.body)).toEqual(["type", "timestamp", "data"]);
    }
    // The seller's log of its events lists the four deliveries, newest first.
    const deliveries = await request("GET", "/api/v1/seller/webhook-events/deliveries", bearer(seller.v1));
    expect(deliveries.status).toBe(200);
    const lines = (
      deliveries.body as { data: { event_id: string; type: string; outcome: string; attempt: number }[] }
    ).data;
    expect(lines.map((line) => [line.type, line.outcome, line.attempt])).toEqual([
      ["order.canceled", "delivered", 1],
      ["dispute.closed", "delivered", 1],
      ["chat.message", "delivered", 1],
      ["dispute.opened", "delivered", 1],
    ]);
    expect(lines.map((line) => line.event_id)).toEqual([...ids].reverse());
  });

  it("a seller subscribed to nothing receives exactly the spec's payment webhook, byte for byte, and no event", async () => {
    const { seller, receiver } = await sellerWithReceiver();
    const { product, reseller, orderId } = await soldOrderOf(seller);
    const [payment] = await eventually(
      async () => [...receiver.calls],
      (calls) => calls.length >= 1,
    );
    const token = String((payment as ReceivedCall).body.token);
    // The spec's six fields in the spec's order, and nothing else: the exact bytes a receiver gets.
    expect((payment as ReceivedCall).raw).toBe(
      JSON.stringify({
        id_order: orderId,
        id_product: product.id,
        payment_status: "paid",
        signature: webhookSignature(seller.apiKey, orderId),
        delivery_url: deliveryUrl(String(process.env.PUBLIC_BASE_URL), token),
        token,
      }),
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // Every change an event is made of, unsubscribed.
    await v2Post(reseller.v2, "/api/v2/dispute", { order_id: orderId, action: "open" });
    await v2Post(reseller.v2, `/api/v2/chat/${orderId}`, { message: "Anyone there? 🔑" });
    await canceledOrderOf(product.id);
    // Then one event opted into, after them in the order's own stream: once it is in, the others were
    // decided (unsubscribed: each is decided when sent, and none of them is of this type).
    await subscribe(seller, { events: ["dispute.closed"] });
    await v2Post(reseller.v2, "/api/v2/dispute", { order_id: orderId, action: "close" });
    const calls = await eventually(
      async () => [...receiver.calls],
      (all) => eventsIn(all).length >= 1,
    );
    expect(calls.map((call) => call.body.type ?? "payment")).toEqual(["payment", "dispute.closed"]);
  });

  it("key_stock.low is sent once as the available codes cross the seller's threshold, key_stock.empty when the last one goes", async () => {
    const { seller, product } = await keyProduct(3);
    const receiver = await startReceiver(() => 200);
    receivers.push(receiver);
    const profile = await request("POST", "/api/v1/seller/profile", {
      headers: jsonHeaders(seller.v1),
      body: JSON.stringify({ api_url: receiver.url }),
    });
    expect(profile.status).toBe(200);
    receiver.namedBy({ seller: seller.id });
    const secret = await rotatedSecret(seller);
    await subscribe(seller, { events: ["key_stock.low", "key_stock.empty"], key_stock_low_threshold: 2 });
    const reseller = await fundedReseller(100_000);
    const start = Date.now();
    // 3 → 2: not below 2 yet. 2 → 1: crossed, low. 1 → 0: already below, so no second low; empty.
    for (let i = 0; i < 3; i++) await boughtOrder(reseller, product.id);
    const events = await eventually(
      async () => eventsIn(receiver.calls),
      (calls) => calls.length >= 2,
    );
    expect(
      events
        .map((call) => verified(secret, call) as Record<string, unknown>)
        .map(({ timestamp: _, ...body }) => body),
    ).toEqual([
      { type: "key_stock.low", data: { id_product: product.id, available: 1 } },
      { type: "key_stock.empty", data: { id_product: product.id, available: 0 } },
    ]);
    // When the stock changed, as the table's stream dates the change (DynamoDB Local rounds down to the
    // minute): not before the minute the purchases began, not after they were sent.
    for (const call of events) {
      const at = Date.parse(String(call.body.timestamp));
      expect(at).toBeGreaterThanOrEqual(Math.floor(start / 60_000) * 60_000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
    // The three payment webhooks came too (a key order's, sent where there is a target), and nothing else.
    await eventually(
      async () => receiver.calls.length,
      (n) => n >= 5,
    );
    expect(receiver.calls.filter((call) => call.body.payment_status === "paid")).toHaveLength(3);
  });

  it("an event whose receiver failed is retried with the same id and body, and the deliveries show each attempt", async () => {
    const { seller, receiver, secret } = await sellerWithReceiver((call, index) =>
      call.body.type === "dispute.opened" && index < 3 ? 503 : 200,
    );
    await subscribe(seller, { events: ["dispute.opened"] });
    const { reseller, orderId } = await soldOrderOf(seller);
    await v2Post(reseller.v2, "/api/v2/dispute", { order_id: orderId, action: "open" });
    const lines = await eventually(
      async () => {
        const response = await request("GET", "/api/v1/seller/webhook-events/deliveries", bearer(seller.v1));
        return (response.body as { data: { outcome: string; http_status: number | null; attempt: number }[] })
          .data;
      },
      (all) => all.some((line) => line.outcome === "delivered"),
    );
    const events = eventsIn(receiver.calls);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(new Set(events.map((call) => call.headers["webhook-id"])).size).toBe(1);
    expect(new Set(events.map((call) => call.raw)).size).toBe(1);
    for (const call of events) expect(verified(secret, call)).toEqual(call.body);
    const [last, ...before] = lines;
    expect(last).toMatchObject({ outcome: "delivered", http_status: 200, attempt: events.length });
    expect(before.map((line) => [line.outcome, line.http_status])).toEqual(before.map(() => ["failed", 503]));
  });

  it("the subscription refuses an unknown event type and a threshold out of range, changing nothing", async () => {
    const seller = await createTestSeller();
    const refused = async (body: unknown, message: string) => {
      const response = await request("POST", "/api/v1/seller/webhook-events", {
        headers: jsonHeaders(seller.v1),
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: "error", message });
    };
    const types =
      "Field 'events' must be a list of known event types (GET /api/v1/seller/webhook-events lists them as available)";
    await refused({ events: ["order.paid"] }, types);
    await refused({ events: "dispute.opened" }, types);
    await refused(
      {
        events: [
          "dispute.opened",
          "dispute.opened",
          "chat.message",
          "order.canceled",
          "dispute.closed",
          "key_stock.low",
          "key_stock.empty",
        ],
      },
      types,
    );
    const threshold = "key_stock_low_threshold must be a whole number from 1 to 100000";
    await refused({ events: [], key_stock_low_threshold: 0 }, threshold);
    await refused({ events: [], key_stock_low_threshold: 100_001 }, threshold);
    await refused({ events: [], key_stock_low_threshold: 2.5 }, threshold);
    await refused({ events: [], extra: 1 }, "Field 'extra' is not allowed");
    const read = await request("GET", "/api/v1/seller/webhook-events", bearer(seller.v1));
    expect((read.body as { data: unknown }).data).toEqual({
      events: [],
      key_stock_low_threshold: 10,
      available: EVERY_EVENT,
    });
  });

  it("an event whose receiver always fails goes to the dead-letter queue after five attempts; ops webhook redrive-event queues it afresh and it is delivered once, after which a re-drive is refused", async () => {
    let healthy = false;
    const { seller, receiver, secret } = await sellerWithReceiver((call) =>
      call.body.type === "dispute.opened" && !healthy ? 503 : 200,
    );
    await subscribe(seller, { events: ["dispute.opened"] });
    const { reseller, orderId } = await soldOrderOf(seller);
    expect((await v2Post(reseller.v2, "/api/v2/dispute", { order_id: orderId, action: "open" })).status).toBe(
      200,
    );
    const failed = await eventually(
      () => eventAttempts().latest(seller.id, 100),
      (attempts) => attempts.length >= 5,
    );
    // Give the queue a moment to move the job to the dead-letter queue, then check nothing more comes.
    await new Promise((r) => setTimeout(r, 2500));
    const [first] = failed;
    if (!first) throw new Error("no attempt");
    expect(
      (await eventAttempts().ofEvent(seller.id, first.event_id)).map((a) => [a.attempt, a.outcome]),
    ).toEqual([
      [1, "failed"],
      [2, "failed"],
      [3, "failed"],
      [4, "failed"],
      [5, "failed"],
    ]);
    healthy = true;
    const redrive = await runOps(["webhook", "redrive-event", first.event_id, "--seller", String(seller.id)]);
    expect(redrive.stderr).toBe("");
    expect(JSON.parse(redrive.stdout)).toEqual({
      seller_id: seller.id,
      event_id: first.event_id,
      type: "dispute.opened",
      redriven: true,
      removed_from_dead_letter: 1,
    });
    const attempts = await eventually(
      () => eventAttempts().ofEvent(seller.id, first.event_id),
      (all) => all.some((a) => a.outcome === "delivered"),
    );
    expect(attempts.filter((a) => a.outcome === "delivered")).toHaveLength(1);
    const delivered = eventsIn(receiver.calls).at(-1);
    if (!delivered) throw new Error("no event delivered");
    expect(delivered.headers["webhook-id"]).toBe(first.event_id);
    expect(verified(secret, delivered)).toEqual(delivered.body);
    const again = await runOps(["webhook", "redrive-event", first.event_id, "--seller", String(seller.id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Event ${first.event_id} was already delivered\n`);
    const unknown = await runOps(["webhook", "redrive-event", "evt_0", "--seller", String(seller.id)]);
    expect(unknown.stderr).toBe(
      `Seller ${seller.id} has no attempt of event evt_0 in the last 7 days (an event nobody subscribed to is never attempted)\n`,
    );
  });
});

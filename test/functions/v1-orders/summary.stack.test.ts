import { afterEach, describe, expect, it } from "vitest";
import { orderService, paymentService } from "../../../shared/runtime/dependencies.js";
import { isoDate } from "../../../shared/time/formats.js";
import {
  createPublicCategory,
  createTestSeller,
  PUBLISHING_TIMEOUT,
  publishProduct,
} from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { keyProduct } from "../../support/key-stock.js";
import { deliveryTokenFor, paidOrder, sellerWithProduct, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { boughtOrder, buyableProduct, fundedReseller, h2hSeller, v2Post } from "../../support/purchases.js";
import { eventually } from "../../support/receiver.js";

/** What GET /api/v1/orders/summary answers. */
interface Summary {
  readonly waiting_payment: number;
  readonly undelivered: number;
  readonly webhook_failing: number;
  readonly delivered_today: number;
  readonly open_disputes: number;
}

const NOTHING: Summary = {
  waiting_payment: 0,
  undelivered: 0,
  webhook_failing: 0,
  delivered_today: 0,
  open_disputes: 0,
};

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const summaryOf = async (token: string): Promise<Summary> => {
  const response = await request("GET", "/api/v1/orders/summary", bearer(token));
  expect(response.status).toBe(200);
  return (response.body as { data: Summary }).data;
};

/**
 * The summary once it shows `expected` (its indexes follow a write a moment after it, as the order list
 * does), asserted exactly: a count that never gets there fails with what it showed last.
 */
const summaryReaches = async (token: string, expected: Partial<Summary>): Promise<void> => {
  const want = { ...NOTHING, ...expected };
  const seen = await eventually(
    () => summaryOf(token),
    (summary) => JSON.stringify(summary) === JSON.stringify(want),
  ).catch(async () => summaryOf(token));
  expect(seen).toEqual(want);
};

/** The seller's order list, by order id: the dispute state of each. */
const disputeStatuses = async (token: string): Promise<Record<string, string>> => {
  const list = await request("GET", "/api/v1/orders", bearer(token));
  expect(list.status).toBe(200);
  const orders = (list.body as { data: { id_order: string; dispute_status: string }[] }).data;
  return Object.fromEntries(orders.map((order) => [order.id_order, order.dispute_status]));
};

const deliver = async (token: string, orderId: string) => {
  const response = await request("POST", `/api/v1/orders/delivery/${await deliveryTokenFor(orderId)}`, {
    headers: jsonHeaders(token),
    body: JSON.stringify({ text: `KEY-${orderId}` }),
  });
  expect(response.body).toEqual({
    status: "success",
    data: { message: "Product delivered", id_order: orderId, delivered: true },
  });
};

const guestOrder = (productId: string, n = 0) =>
  orderService().createGuestOrder({ product_id: productId, quantity: 1, email: `summary-${n}@example.com` });

const pay = (orderId: string) => paymentService().confirm({ orderId, paymentSystem: "card" });

/** A storefront product of an H2H seller whose receiver answers as `answer` says (accepts all by default). */
const hookedProduct = async (answer?: () => number, count = 10) => {
  const { seller, receiver } = await h2hSeller(answer);
  const product = await publishProduct(seller, await createPublicCategory(), { count }, { sync: false });
  return { seller, receiver, productId: product.id };
};

/** Whether the order's webhook got through, as the order records it. */
const webhookDelivered = async (orderId: string) =>
  (await stores().orders.getLatest(orderId))?.webhook_delivered_at !== undefined;

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

describe("GET /api/v1/orders/summary (extension)", () => {
  it("answers the five counts, all 0 for a seller without orders, and 401 without a token", async () => {
    const { token } = await sellerWithProduct();
    const response = await request("GET", "/api/v1/orders/summary", bearer(token));
    expect(response.body).toEqual({ status: "success", data: NOTHING });
    const anonymous = await request("GET", "/api/v1/orders/summary");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "error", message: "Unauthorized" });
  });

  it(
    "follows an order through its states: created waits, paid is undelivered while its webhook gets through, delivered counts today and no longer undelivered",
    async () => {
      const { seller, productId } = await hookedProduct();
      const order = await guestOrder(productId);
      await summaryReaches(seller.v1, { waiting_payment: 1 });
      await pay(order.id_order);
      await eventually(() => webhookDelivered(order.id_order), Boolean);
      await summaryReaches(seller.v1, { undelivered: 1 });
      await deliver(seller.v1, order.id_order);
      await summaryReaches(seller.v1, { delivered_today: 1 });
    },
    PUBLISHING_TIMEOUT,
  );

  it("an order canceled unpaid (as its expiry cancels it) no longer waits and counts nowhere", async () => {
    const { token, productId } = await sellerWithProduct({ count: 3 });
    const order = await guestOrder(productId);
    await summaryReaches(token, { waiting_payment: 1 });
    const stored = await stores().orders.get(order.id_order);
    if (!stored) throw new Error("order not stored");
    expect(await stores().orders.cancelAndRelease(stored, new Date().toISOString())).toBe(true);
    await summaryReaches(token, {});
  });

  it(
    "a failing webhook: the order counts webhook_failing and still undelivered; the webhook's later success puts it back to undelivered alone",
    async () => {
      let status = 503;
      const { seller, receiver, productId } = await hookedProduct(() => status);
      receivers.push(receiver);
      const order = await guestOrder(productId);
      await pay(order.id_order);
      await summaryReaches(seller.v1, { undelivered: 1, webhook_failing: 1 });
      status = 200;
      await eventually(() => webhookDelivered(order.id_order), Boolean);
      await summaryReaches(seller.v1, { undelivered: 1 });
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "delivered while its webhook fails, an order counts delivered today; neither a later failed attempt nor the webhook's success undoes it",
    async () => {
      let status = 503;
      const { seller, receiver, productId } = await hookedProduct(() => status);
      receivers.push(receiver);
      const order = await guestOrder(productId);
      await pay(order.id_order);
      await summaryReaches(seller.v1, { undelivered: 1, webhook_failing: 1 });
      await deliver(seller.v1, order.id_order);
      const callsAtDelivery = receiver.calls.length;
      // One more attempt fails after the delivery, then the receiver accepts the next.
      await eventually(
        async () => receiver.calls.length,
        (calls) => calls > callsAtDelivery,
      );
      status = 200;
      await eventually(() => webhookDelivered(order.id_order), Boolean);
      await summaryReaches(seller.v1, { delivered_today: 1 });
    },
    PUBLISHING_TIMEOUT,
  );

  it("a seller without api_url: its paid orders' webhooks are refused, so they count webhook_failing until delivered", async () => {
    const { token, order, deliveryToken } = await paidOrder();
    await summaryReaches(token, { undelivered: 1, webhook_failing: 1 });
    const delivered = await request("POST", `/api/v1/orders/delivery/${deliveryToken}`, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ text: "KEY" }),
    });
    expect(delivered.status).toBe(200);
    await summaryReaches(token, { delivered_today: 1 });
    expect((await stores().orders.get(order.id_order))?.delivered).toBe(true);
  });

  it(
    "a key product's order, delivered with its codes by its payment, counts delivered today and never undelivered",
    async () => {
      const { seller, product } = await keyProduct(2);
      const order = await guestOrder(product.id);
      await summaryReaches(seller.v1, { waiting_payment: 1 });
      await pay(order.id_order);
      await summaryReaches(seller.v1, { delivered_today: 1 });
      // The paying write filed it delivered at once: its stored stage was never undelivered.
      expect((await stores().orders.get(order.id_order))?.delivered).toBe(true);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "a reseller's purchase counts undelivered from its write; an open dispute counts until closed; the list shows none, open, closed",
    async () => {
      const { seller, product } = await buyableProduct({ price: 500, count: 5 });
      const reseller = await fundedReseller(2000);
      const disputed = await boughtOrder(reseller, product.id);
      const untouched = await boughtOrder(reseller, product.id);
      await summaryReaches(seller.v1, { undelivered: 2 });
      expect(await disputeStatuses(seller.v1)).toEqual({ [disputed]: "none", [untouched]: "none" });

      const dispute = (action: string) =>
        v2Post(reseller.v2, "/api/v2/dispute", { order_id: disputed, action });
      expect((await dispute("open")).status).toBe(200);
      await summaryReaches(seller.v1, { undelivered: 2, open_disputes: 1 });
      expect(await disputeStatuses(seller.v1)).toEqual({ [disputed]: "open", [untouched]: "none" });

      expect((await dispute("close")).status).toBe(200);
      await summaryReaches(seller.v1, { undelivered: 2 });
      expect(await disputeStatuses(seller.v1)).toEqual({ [disputed]: "closed", [untouched]: "none" });
      // The list and the detail say the same.
      const detail = await request("GET", `/api/v1/orders/info/${disputed}`, bearer(seller.v1));
      expect((detail.body as { data: { dispute_status: string } }).data.dispute_status).toBe("closed");

      // Opened again: open once more, and counted once.
      expect((await dispute("open")).status).toBe(200);
      await summaryReaches(seller.v1, { undelivered: 2, open_disputes: 1 });
      expect((await disputeStatuses(seller.v1))[disputed]).toBe("open");
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "30 orders made at once, then 20 paid while 10 are canceled, then the 20 delivered at once: exact counts after each step, and another seller's stay 0",
    async () => {
      const { seller, receiver, productId } = await hookedProduct(undefined, 40);
      const bystander = await createTestSeller();
      const orders = await Promise.all(Array.from({ length: 30 }, (_, n) => guestOrder(productId, n)));
      await summaryReaches(seller.v1, { waiting_payment: 30 });

      const [paid, canceled] = [orders.slice(0, 20), orders.slice(20)];
      const stored = await Promise.all(canceled.map((order) => stores().orders.get(order.id_order)));
      const now = new Date().toISOString();
      const outcomes = await Promise.all([
        ...paid.map((order) => pay(order.id_order).then(() => true)),
        ...stored.map((order) => (order ? stores().orders.cancelAndRelease(order, now) : false)),
      ]);
      expect(outcomes).toEqual(Array(30).fill(true));
      await summaryReaches(seller.v1, { undelivered: 20 });

      // Deliveries race the webhooks' own writes (the receiver accepts each): neither undoes the other.
      await Promise.all(paid.map((order) => deliver(seller.v1, order.id_order)));
      const day = isoDate(new Date());
      await summaryReaches(seller.v1, { delivered_today: 20 });
      await eventually(
        async () => (await Promise.all(paid.map((order) => webhookDelivered(order.id_order)))).every(Boolean),
        Boolean,
      );
      expect(receiver.calls.length).toBeGreaterThanOrEqual(20);
      // Still exact once every webhook got through (the day only matters if the test ran past midnight UTC).
      expect(await summaryOf(seller.v1)).toEqual(
        isoDate(new Date()) === day ? { ...NOTHING, delivered_today: 20 } : NOTHING,
      );
      expect(await summaryOf(bystander.v1)).toEqual(NOTHING);
    },
    PUBLISHING_TIMEOUT,
  );
});

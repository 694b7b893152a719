import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { keys } from "../../../shared/data/table-keys.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { unitPrice } from "../../../shared/products/product-price.js";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { tableClient, tableName } from "../../../shared/runtime/table.js";
import { request } from "../../support/http.js";
import { orderServiceAt, paidOrder, sellerWithProduct, stockOf, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { eventually } from "../../support/receiver.js";

describe("order prices", () => {
  it("the unit price is the price less the floored discount, and the total is unit × quantity", async () => {
    expect(unitPrice(999, 15)).toBe(850);
    expect(unitPrice(1000, 0)).toBe(1000);
    expect(unitPrice(1, 99)).toBe(1);
    const { productId } = await sellerWithProduct({ price: 999, discount: 15, count: 5 });
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 3,
      email: "b@example.com",
    });
    expect(order.status_order).toBe("wait");
    expect(order.amount).toBe(2550);
    const stored = await stores().orders.get(order.id_order);
    expect(stored).toMatchObject({
      unit_price: 850,
      amount: 2550,
      quantity: 3,
      buyer_email: "b@example.com",
    });
    expect(await stockOf(productId)).toBe(2);
  });
});

describe("stock reservation", () => {
  it("50 parallel orders on a stock of 10 yield exactly 10 orders and a stock of 0, never below", async () => {
    const { account, productId } = await sellerWithProduct({ count: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        orderService().createGuestOrder({
          product_id: productId,
          quantity: 1,
          email: `buyer${i}@example.com`,
        }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(10);
    expect(lost.map((r) => (r.reason as DomainError).message)).toEqual(Array(40).fill("Insufficient stock"));
    expect(await stockOf(productId)).toBe(0);
    expect((await orderService().listForSeller(account.seller_id)).items.length).toBe(10);
  });

  it("an order larger than the stock is refused and takes nothing", async () => {
    const { productId } = await sellerWithProduct({ count: 2 });
    await expect(
      orderService().createGuestOrder({ product_id: productId, quantity: 3, email: "b@example.com" }),
    ).rejects.toThrow("Insufficient stock");
    expect(await stockOf(productId)).toBe(2);
  });

  it("a product back in moderation cannot be ordered, and its stock is untouched", async () => {
    const { token, productId } = await sellerWithProduct({ count: 4 });
    const update = await request("POST", `/api/v1/products/update/${productId}`, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ meta_title: "New title" }),
    });
    expect(update.status).toBe(200);
    const error = await orderService()
      .createGuestOrder({ product_id: productId, quantity: 1, email: "b@example.com" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("not_found");
    expect((error as DomainError).message).toBe(`Product ${productId} is not for sale`);
    expect(await stockOf(productId)).toBe(4);
  });
});

describe("unpaid order expiry", () => {
  it("cancels an unpaid order past its expiry and returns its stock exactly once, though the stack's own timer races it", async () => {
    const { productId } = await sellerWithProduct({ count: 5 });
    // Ordered 31 minutes ago with a 30-minute hold: already expired.
    const past = orderServiceAt(-31 * 60_000);
    const first = await past.createGuestOrder({
      product_id: productId,
      quantity: 2,
      email: "late@example.com",
    });
    const second = await past.createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "late2@example.com",
    });
    // No check of the reserved stock here: the stack's timer may already have expired the orders
    // (they are born expired); what must hold is that all of it comes back exactly once.
    await Promise.all([orderService().expireUnpaid(), orderService().expireUnpaid()]);
    for (const id of [first.id_order, second.id_order]) {
      const order = await stores().orders.get(id);
      expect(order?.status).toBe("canceled");
      expect(order?.canceled_at).toBeDefined();
    }
    expect(await stockOf(productId)).toBe(5);
    await orderService().expireUnpaid();
    expect(await stockOf(productId)).toBe(5);
  });

  it("leaves orders that have not expired yet alone", async () => {
    const { productId } = await sellerWithProduct({ count: 3 });
    const fresh = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    await orderService().expireUnpaid();
    expect((await stores().orders.get(fresh.id_order))?.status).toBe("wait");
    expect(await stockOf(productId)).toBe(2);
  });

  it("cancels an expired order whose product was deleted, with no stock to return", async () => {
    const { token, productId } = await sellerWithProduct({ count: 3 });
    const order = await orderServiceAt(-31 * 60_000).createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    const deleted = await request("DELETE", `/api/v1/products/${productId}`, { headers: jsonHeaders(token) });
    expect(deleted.status).toBe(200);
    await orderService().expireUnpaid();
    expect((await stores().orders.get(order.id_order))?.status).toBe("canceled");
    expect(await stores().products.get(productId)).toBeUndefined();
  });
});

describe("the seller's order summary (GET /orders/summary)", () => {
  const DAY_MS = 24 * 60 * 60_000;

  it("delivered_today counts the orders delivered on the service's current UTC day, not another day's", async () => {
    const { account, token, deliveryToken } = await paidOrder();
    const delivered = await request("POST", `/api/v1/orders/delivery/${deliveryToken}`, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ text: "KEY" }),
    });
    expect(delivered.status).toBe(200);
    const today = await eventually(
      () => orderService().summaryForSeller(account.seller_id),
      (summary) => summary.delivered_today === 1 && summary.undelivered === 0,
    );
    expect(today).toEqual({
      waiting_payment: 0,
      undelivered: 0,
      webhook_failing: 0,
      delivered_today: 1,
      open_disputes: 0,
    });
    // A day later (a service whose clock runs a day ahead) the same delivery is yesterday's.
    expect(await orderServiceAt(DAY_MS).summaryForSeller(account.seller_id)).toEqual({
      ...today,
      delivered_today: 0,
    });
  });

  it("the expiry takes a waiting order out of every stage in the write that cancels it", async () => {
    const { account, productId } = await sellerWithProduct({ count: 2 });
    const order = await orderServiceAt(-31 * 60_000).createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    await orderService().expireUnpaid();
    const item = await tableClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.order(order.id_order), ConsistentRead: true }),
    );
    expect(item.Item).toMatchObject({ status: "canceled" });
    expect(item.Item).not.toHaveProperty("GSI8PK");
    expect(item.Item).not.toHaveProperty("GSI8SK");
    expect((await orderService().summaryForSeller(account.seller_id)).waiting_payment).toBe(0);
  });
});

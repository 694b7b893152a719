import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { keys } from "../../../shared/data/table-keys.js";
import { newId } from "../../../shared/ids/ids.js";
import type { OrderRecord } from "../../../shared/orders/order.js";
import { orderItem } from "../../../shared/orders/order-items.js";
import { tableClient, tableName } from "../../../shared/runtime/table.js";
import { createWebhookRepository } from "../../../shared/webhooks/webhook-repository.js";

// The orders here are written as items, never paid: no webhook job exists for them, so the stack's own
// webhook worker never writes to them while a test looks.

const PAID_AT = "2026-05-04T10:00:00.000Z";
const DELIVERED_AT = "2026-05-04T11:00:00.000Z";
let nextSeller = 900_000_000 + Math.floor(Math.random() * 50_000_000);

const webhooks = () => createWebhookRepository(tableClient(), tableName());

/** Writes an order item in the state given (paid and undelivered by default) and answers how the webhook's writes name it. */
const storedOrder = async (overrides: Partial<OrderRecord> = {}) => {
  const order: OrderRecord = {
    id_order: newId(),
    seller_id: nextSeller++,
    product_id: newId(),
    quantity: 1,
    unit_price: 100,
    amount: 100,
    status: "paid",
    buyer_email: "webhook-stage@example.com",
    buyer_type: "guest",
    guest_id: "g",
    payment_system: "card",
    created_at: "2026-05-04T09:59:00.000Z",
    expires_at: "2026-05-04T10:29:00.000Z",
    paid_at: PAID_AT,
    delivered: false,
    ...overrides,
  };
  await tableClient().send(new PutCommand({ TableName: tableName(), Item: orderItem(order) }));
  return { orderId: order.id_order, sellerId: order.seller_id, paidAt: PAID_AT };
};

/** Where the order is filed among its seller's orders by stage, read strongly consistent, and its webhook's fact. */
const stageOf = async (orderId: string) => {
  const item = (
    await tableClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.order(orderId), ConsistentRead: true }),
    )
  ).Item;
  return {
    stage: item?.GSI8PK,
    sort: item?.GSI8SK,
    webhookDelivered: item?.webhook_delivered_at !== undefined,
  };
};

describe("the webhook's writes move a paid order between undelivered and webhook_failing, never out of a delivery", () => {
  it("a failed attempt files a paid, undelivered order under webhook_failing by payment time; the webhook's success files it back under undelivered", async () => {
    const order = await storedOrder();
    expect(await stageOf(order.orderId)).toEqual({
      stage: `SELLER#${order.sellerId}#ORDERS#STAGE#undelivered`,
      sort: `${PAID_AT}#${order.orderId}`,
      webhookDelivered: false,
    });
    expect(await webhooks().markFailing(order)).toBe(true);
    expect(await stageOf(order.orderId)).toEqual({
      stage: `SELLER#${order.sellerId}#ORDERS#STAGE#webhook_failing`,
      sort: `${PAID_AT}#${order.orderId}`,
      webhookDelivered: false,
    });
    expect(await webhooks().markDelivered(order, "event-1", "2026-05-04T10:05:00.000Z")).toBe(true);
    expect(await stageOf(order.orderId)).toEqual({
      stage: `SELLER#${order.sellerId}#ORDERS#STAGE#undelivered`,
      sort: `${PAID_AT}#${order.orderId}`,
      webhookDelivered: true,
    });
  });

  it("once the webhook got through, a late failed attempt (a duplicate job) leaves the order undelivered, and a second success answers false", async () => {
    const order = await storedOrder();
    expect(await webhooks().markDelivered(order, "event-1", "2026-05-04T10:05:00.000Z")).toBe(true);
    expect(await webhooks().markFailing(order)).toBe(false);
    expect(await webhooks().markDelivered(order, "event-1", "2026-05-04T10:06:00.000Z")).toBe(false);
    expect((await stageOf(order.orderId)).stage).toBe(`SELLER#${order.sellerId}#ORDERS#STAGE#undelivered`);
  });

  it("a delivered order stays in its delivery's day: a failed attempt does not move it, and the webhook's success is recorded without moving it", async () => {
    const order = await storedOrder({ delivered: true, delivered_at: DELIVERED_AT });
    const delivered = {
      stage: `SELLER#${order.sellerId}#ORDERS#STAGE#delivered#2026-05-04`,
      sort: `${DELIVERED_AT}#${order.orderId}`,
    };
    expect(await webhooks().markFailing(order)).toBe(false);
    expect(await stageOf(order.orderId)).toEqual({ ...delivered, webhookDelivered: false });
    expect(await webhooks().markDelivered(order, "event-1", "2026-05-04T11:05:00.000Z")).toBe(true);
    expect(await stageOf(order.orderId)).toEqual({ ...delivered, webhookDelivered: true });
  });

  it("an order that is not paid (waiting or canceled) is never filed by the webhook's writes", async () => {
    const waiting = await storedOrder({ status: "wait", paid_at: undefined });
    expect(await webhooks().markFailing(waiting)).toBe(false);
    expect((await stageOf(waiting.orderId)).stage).toBe(`SELLER#${waiting.sellerId}#ORDERS#STAGE#wait`);
    const canceled = await storedOrder({ status: "canceled", paid_at: undefined });
    expect(await webhooks().markFailing(canceled)).toBe(false);
    expect((await stageOf(canceled.orderId)).stage).toBeUndefined();
  });

  it("an order that does not exist is not created by either write", async () => {
    const missing = { orderId: newId(), sellerId: nextSeller++, paidAt: PAID_AT };
    expect(await webhooks().markFailing(missing)).toBe(false);
    expect(await webhooks().markDelivered(missing, "event-1", PAID_AT)).toBe(false);
    const item = await tableClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.order(missing.orderId), ConsistentRead: true }),
    );
    expect(item.Item).toBeUndefined();
  });
});

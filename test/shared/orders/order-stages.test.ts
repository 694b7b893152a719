import { describe, expect, it } from "vitest";
import type { OrderRecord } from "../../../shared/orders/order.js";
import { orderItem } from "../../../shared/orders/order-items.js";
import { deliveredPlace, paidPlace, placeOf } from "../../../shared/orders/order-stages.js";

const CREATED = "2026-05-03T23:50:00.000Z";
const PAID = "2026-05-03T23:55:00.000Z";
const DELIVERED = "2026-05-04T00:05:00.000Z";
const ORDER_ID = "01JORDER000000000000000000";

const order = (overrides: Partial<OrderRecord> = {}): OrderRecord => ({
  id_order: ORDER_ID,
  seller_id: 41,
  product_id: "01JPRODUCT0000000000000000",
  quantity: 1,
  unit_price: 300,
  amount: 300,
  status: "wait",
  buyer_email: "buyer@example.com",
  buyer_type: "guest",
  guest_id: "g",
  payment_system: "",
  created_at: CREATED,
  expires_at: "2026-05-04T00:20:00.000Z",
  delivered: false,
  ...overrides,
});

describe("an order's stage among its seller's orders (GET /orders/summary)", () => {
  it("a waiting order is in wait by creation time; a paid one undelivered by payment time; a delivered one in its UTC day's stage by delivery time; a canceled one in none", () => {
    expect(placeOf(order())).toEqual({ stage: "wait", at: CREATED });
    expect(placeOf(order({ status: "paid", paid_at: PAID }))).toEqual({ stage: "undelivered", at: PAID });
    expect(
      placeOf(order({ status: "paid", paid_at: PAID, delivered: true, delivered_at: DELIVERED })),
    ).toEqual({ stage: "delivered#2026-05-04", at: DELIVERED });
    expect(placeOf(order({ status: "canceled", canceled_at: "2026-05-04T00:21:00.000Z" }))).toBeUndefined();
  });

  it("the delivered stage is the UTC day of the delivery, not the payment's", () => {
    expect(deliveredPlace("2026-12-31T23:59:59.999Z")).toEqual({
      stage: "delivered#2026-12-31",
      at: "2026-12-31T23:59:59.999Z",
    });
    expect(deliveredPlace("2027-01-01T00:00:00.000Z").stage).toBe("delivered#2027-01-01");
  });

  it("a paid, undelivered order whose webhook fails is in webhook_failing, still by payment time", () => {
    expect(paidPlace(PAID, true)).toEqual({ stage: "webhook_failing", at: PAID });
    expect(paidPlace(PAID)).toEqual({ stage: "undelivered", at: PAID });
  });
});

describe("a whole order item's index memberships", () => {
  it("a new storefront order is in its seller's list, the expiry queue and the wait stage, and in no open disputes", () => {
    const item = orderItem(order());
    expect(item).toMatchObject({
      GSI1PK: "SELLER#41#ORDERS",
      GSI4PK: "EXPIRING_ORDERS",
      GSI8PK: "SELLER#41#ORDERS#STAGE#wait",
      GSI8SK: `${CREATED}#${ORDER_ID}`,
    });
    expect(item).not.toHaveProperty("GSI9PK");
  });

  it("a canceled order is in no stage; a paid one with an open dispute is in its seller's open disputes by opening time", () => {
    const canceled = orderItem(order({ status: "canceled" }));
    expect(canceled).not.toHaveProperty("GSI8PK");
    expect(canceled).not.toHaveProperty("GSI8SK");
    const disputed = orderItem(
      order({ status: "paid", paid_at: PAID, dispute_open: true, dispute_opened_at: DELIVERED }),
    );
    expect(disputed).toMatchObject({
      GSI8PK: "SELLER#41#ORDERS#STAGE#undelivered",
      GSI9PK: "SELLER#41#ORDERS#DISPUTES",
      GSI9SK: `${DELIVERED}#${ORDER_ID}`,
    });
    expect(orderItem(order({ status: "paid", paid_at: PAID, dispute_open: false }))).not.toHaveProperty(
      "GSI9PK",
    );
  });
});

import { describe, expect, it } from "vitest";
import { keys } from "../../../shared/data/table-keys.js";
import type { TransactItem } from "../../../shared/data/transactions.js";
import { historyFacet } from "../../../shared/orders/buyer-history.js";
import type { OrderRecord } from "../../../shared/orders/order.js";
import type { PaidOrder } from "../../../shared/paid-orders/paid-order.js";
import { paidOrderItems } from "../../../shared/paid-orders/paid-order-items.js";

const TABLE = "marketplace";
const AT = "2026-05-04T12:00:00.000Z";
const ORDER_ID = "01JORDER000000000000000000";
const PRODUCT_ID = "01JPRODUCT0000000000000000";

/** An item's action and key as `shapeOf` writes it. */
const shape = (action: string, key: { PK: string; SK: string }) => `${action} ${key.PK} ${key.SK}`;

/** Each item as `<action> <PK> <SK>`, in the transaction's order. */
const shapeOf = (items: readonly TransactItem[]): string[] =>
  items.map((item) => {
    if (item.Put) return `Put ${item.Put.Item?.PK} ${item.Put.Item?.SK}`;
    if (item.Update) return `Update ${item.Update.Key?.PK} ${item.Update.Key?.SK}`;
    if (item.ConditionCheck)
      return `ConditionCheck ${item.ConditionCheck.Key?.PK} ${item.ConditionCheck.Key?.SK}`;
    return "Delete";
  });

const webhook = {
  type: "payment_confirmed",
  event_id: "event-1",
  order_id: ORDER_ID,
  token_sealed: "s1.x",
} as const;

const payment = (from: "wait" | "canceled"): PaidOrder => ({
  orderId: ORDER_ID,
  sellerId: 41,
  amount: 450,
  at: AT,
  paidBy: { kind: "payment", from, paymentSystem: "card", paymentId: "pay-1" },
  ...(from === "canceled"
    ? { stock: { kind: "reserved" as const, productId: PRODUCT_ID, quantity: 3, sellerId: 41 } }
    : {}),
  tokenHash: "hash-1",
  tokenSealed: "s1.x",
  events: [webhook],
  chatMessages: [],
});

const purchasedOrder: OrderRecord = {
  id_order: ORDER_ID,
  seller_id: 41,
  product_id: PRODUCT_ID,
  quantity: 1,
  unit_price: 270,
  amount: 270,
  status: "paid",
  buyer_email: "reseller@example.com",
  buyer_type: "registered",
  buyer_account_id: 77,
  guest_id: "",
  payment_system: "balance",
  payment_id: `balance-${ORDER_ID}`,
  created_at: AT,
  expires_at: AT,
  paid_at: AT,
  delivered: false,
  webhook_event_id: "event-1",
  channel: "reseller",
  h2h: 1,
  gift: 1,
  gift_code: "code",
  chat_buyer_only: 1,
};

const gift: PaidOrder = {
  orderId: ORDER_ID,
  sellerId: 41,
  amount: 270,
  at: AT,
  paidBy: {
    kind: "purchase",
    order: purchasedOrder,
    debit: { accountId: 77, amount: -270, kind: "purchase", entryId: "entry-1", at: AT, orderId: ORDER_ID },
  },
  stock: { kind: "quoted", productId: PRODUCT_ID, quantity: 1, quoted: { price: 300, discount: 10 } },
  tokenHash: "hash-1",
  tokenSealed: "s1.x",
  events: [webhook, { type: "gift_issued", event_id: "event-2", order_id: ORDER_ID }],
  chatMessages: [
    {
      message_id: 1,
      order_id: ORDER_ID,
      position: 1,
      type_user: "system",
      message: "Gift code: code",
      created_at: AT,
      audience: "buyer",
    },
  ],
};

describe("the items of a paid order's write", () => {
  it("a payment in time: the order's update from wait, the token, the webhook; no stock, no money", () => {
    const { items, positions } = paidOrderItems(TABLE, payment("wait"));
    expect(shapeOf(items)).toEqual([
      shape("Update", keys.order(ORDER_ID)),
      shape("Put", keys.deliveryToken("hash-1")),
      shape("Put", keys.outboxEvent("event-1")),
    ]);
    expect(positions).toEqual({ order: 0, stock: undefined, seller: undefined, balance: undefined });
    expect(items[0]?.Update).toMatchObject({
      ConditionExpression: "#status = :from",
      ExpressionAttributeValues: {
        ":from": "wait",
        ":system": "card",
        ":paymentId": "pay-1",
        ":at": AT,
        ":eventId": "event-1",
        ":sealedToken": "s1.x",
      },
    });
  });

  it("a late payment: its stock taken at no quoted price and its seller checked, then the order's update from canceled", () => {
    const { items, positions } = paidOrderItems(TABLE, payment("canceled"));
    expect(shapeOf(items)).toEqual([
      shape("Update", keys.product(PRODUCT_ID)),
      shape("ConditionCheck", keys.account(41)),
      shape("Update", keys.order(ORDER_ID)),
      shape("Put", keys.deliveryToken("hash-1")),
      shape("Put", keys.outboxEvent("event-1")),
    ]);
    expect(positions).toEqual({ stock: 0, seller: 1, order: 2, balance: undefined });
    expect(items[0]?.Update?.ConditionExpression).toBe(
      "status_moderation = :approved AND #count >= :q AND attribute_not_exists(key_stock)",
    );
    expect(items[2]?.Update?.ExpressionAttributeValues?.[":from"]).toBe("canceled");
  });

  it("a gift: stock at the quoted price, debit and ledger entry, the new order, token, both events, the buyer's history and the code's message", () => {
    const { items, positions } = paidOrderItems(TABLE, gift);
    expect(shapeOf(items)).toEqual([
      shape("Update", keys.product(PRODUCT_ID)),
      shape("Update", keys.account(77)),
      shape("Put", keys.ledgerEntry(77, AT, "entry-1")),
      shape("Put", keys.order(ORDER_ID)),
      shape("Put", keys.deliveryToken("hash-1")),
      shape("Put", keys.outboxEvent("event-1")),
      shape("Put", keys.outboxEvent("event-2")),
      shape("Put", keys.buyerOrderEntry(77, historyFacet.all, AT, ORDER_ID)),
      shape("Put", keys.buyerOrderEntry(77, historyFacet.status("paid"), AT, ORDER_ID)),
      shape("Put", keys.buyerOrderEntry(77, historyFacet.seller(41), AT, ORDER_ID)),
      shape("Put", keys.buyerOrderEntry(77, historyFacet.product(PRODUCT_ID), AT, ORDER_ID)),
      shape("Put", keys.chatMessage(ORDER_ID, 1)),
    ]);
    expect(positions).toEqual({ stock: 0, seller: undefined, balance: 1, order: 3 });
    expect(items[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ":price": 300, ":discount": 10 });
    expect(items[3]?.Put).toMatchObject({
      Item: { status: "paid", webhook_event_id: "event-1" },
      ConditionExpression: "attribute_not_exists(PK)",
    });
  });

  const keyDelivery = (from: "available" | "reserved") => ({
    productId: PRODUCT_ID,
    codeIds: ["code-a", "code-b", "code-c"],
    from,
    credit: {
      accountId: 41,
      amount: 450,
      kind: "sale" as const,
      entryId: "credit-1",
      at: AT,
      orderId: ORDER_ID,
    },
    delivered: { type: "order_delivered" as const, event_id: "event-3", order_id: ORDER_ID },
  });

  it("a key order paid in time: its reserved codes delivered and counted, the order delivered with them, the token spent, the seller credited", () => {
    const { items, positions } = paidOrderItems(TABLE, { ...payment("wait"), keys: keyDelivery("reserved") });
    expect(shapeOf(items)).toEqual([
      shape("Update", keys.product(PRODUCT_ID)),
      shape("Update", keys.keyCode(41, "code-a")),
      shape("Update", keys.keyCode(41, "code-b")),
      shape("Update", keys.keyCode(41, "code-c")),
      shape("Update", keys.order(ORDER_ID)),
      shape("Put", keys.deliveryToken("hash-1")),
      shape("Put", keys.outboxEvent("event-1")),
      shape("Put", keys.outboxEvent("event-3")),
      shape("Update", keys.account(41)),
      shape("Put", keys.ledgerEntry(41, AT, "credit-1")),
    ]);
    expect(positions).toEqual({ order: 4, codes: 1, credit: 8 });
    expect(items[0]?.Update?.UpdateExpression).toBe("ADD key_reserved :minus, key_delivered :q");
    expect(items[1]?.Update).toMatchObject({
      ConditionExpression: "#state = :from AND product_id = :product AND order_id = :held",
      ExpressionAttributeValues: {
        ":from": "reserved",
        ":to": "delivered",
        ":held": ORDER_ID,
        ":order": ORDER_ID,
      },
    });
    expect(items[4]?.Update?.UpdateExpression).toContain(
      "delivered = :delivered, delivered_at = :at, key_codes = :codes",
    );
    expect(items[4]?.Update?.UpdateExpression).not.toContain("#sealedToken");
    expect(items[5]?.Put?.Item).toMatchObject({ used_at: AT });
    // Paid in time, the seller is not checked: the order was taken while it could sell.
    expect(items[8]?.Update?.ConditionExpression).toBe("attribute_exists(PK)");
  });

  it("a key order paid late: available codes taken with the stock, the seller checked by its credit (its account named once)", () => {
    const { items, positions } = paidOrderItems(TABLE, {
      ...payment("canceled"),
      keys: keyDelivery("available"),
    });
    expect(shapeOf(items)).toEqual([
      shape("Update", keys.product(PRODUCT_ID)),
      shape("Update", keys.keyCode(41, "code-a")),
      shape("Update", keys.keyCode(41, "code-b")),
      shape("Update", keys.keyCode(41, "code-c")),
      shape("Update", keys.order(ORDER_ID)),
      shape("Put", keys.deliveryToken("hash-1")),
      shape("Put", keys.outboxEvent("event-1")),
      shape("Put", keys.outboxEvent("event-3")),
      shape("Update", keys.account(41)),
      shape("Put", keys.ledgerEntry(41, AT, "credit-1")),
    ]);
    expect(positions).toEqual({ stock: 0, order: 4, codes: 1, seller: 8, credit: 8 });
    expect(items[0]?.Update).toMatchObject({
      UpdateExpression: "SET #count = #count - :q ADD key_delivered :q",
      ConditionExpression: "status_moderation = :approved AND #count >= :q AND key_stock = :keyed",
    });
    expect(items[1]?.Update?.ConditionExpression).toBe("#state = :from AND product_id = :product");
    expect(items[8]?.Update?.ConditionExpression).toBe(
      "attribute_exists(PK) AND status_moderation <> :moderation",
    );
  });

  it("the paying write files the order among its seller's orders by stage: undelivered by payment time, or its day's delivered stage when its codes come with it", () => {
    const inTime = paidOrderItems(TABLE, payment("wait")).items[0]?.Update;
    expect(inTime?.UpdateExpression).toContain("GSI8PK = :GSI8PK, GSI8SK = :GSI8SK");
    expect(inTime?.ExpressionAttributeValues).toMatchObject({
      ":GSI8PK": "SELLER#41#ORDERS#STAGE#undelivered",
      ":GSI8SK": `${AT}#${ORDER_ID}`,
    });
    // A late payment puts back in a stage the order its cancellation took out of every stage.
    expect(
      paidOrderItems(TABLE, payment("canceled")).items[2]?.Update?.ExpressionAttributeValues,
    ).toMatchObject({ ":GSI8PK": "SELLER#41#ORDERS#STAGE#undelivered" });
    const keyed = paidOrderItems(TABLE, { ...payment("wait"), keys: keyDelivery("reserved") }).items[4]
      ?.Update;
    expect(keyed?.ExpressionAttributeValues).toMatchObject({
      ":GSI8PK": "SELLER#41#ORDERS#STAGE#delivered#2026-05-04",
      ":GSI8SK": `${AT}#${ORDER_ID}`,
    });
    const bought = paidOrderItems(TABLE, gift).items[3]?.Put?.Item;
    expect(bought).toMatchObject({
      GSI8PK: "SELLER#41#ORDERS#STAGE#undelivered",
      GSI8SK: `${AT}#${ORDER_ID}`,
    });
    expect(bought).not.toHaveProperty("GSI9PK");
    const boughtWithCodes = paidOrderItems(TABLE, {
      ...gift,
      paidBy: { ...gift.paidBy, order: { ...purchasedOrder, delivered: true, delivered_at: AT } },
      keys: keyDelivery("available"),
    } as PaidOrder).items.find((item) => item.Put?.Item?.PK === keys.order(ORDER_ID).PK)?.Put?.Item;
    expect(boughtWithCodes).toMatchObject({ GSI8PK: "SELLER#41#ORDERS#STAGE#delivered#2026-05-04" });
  });

  it("a key purchase of 50 codes, a gift's every item included, fits in one transaction of at most 100 items", () => {
    const codeIds = Array.from({ length: 50 }, (_, i) => `code-${i}`);
    const { items } = paidOrderItems(TABLE, {
      ...gift,
      keys: { ...keyDelivery("available"), codeIds },
    });
    // The purchase's writer adds its Idempotency-Key completion and the category check.
    expect(items.length + 2).toBeLessThanOrEqual(100);
    expect(items.length).toBe(12 + 50 + 3);
  });
});

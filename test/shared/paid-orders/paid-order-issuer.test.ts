import { describe, expect, it } from "vitest";
import { hashDeliveryToken } from "../../../shared/delivery/delivery-token.js";
import type { Randomness } from "../../../shared/ids/randomness.js";
import type { OrderRecord } from "../../../shared/orders/order.js";
import { type BoughtOrder, createPaidOrderIssuer } from "../../../shared/paid-orders/paid-order-issuer.js";
import { open } from "../../../shared/secrets/sealed-box.js";

const dataKey = Buffer.alloc(32, 3);
const NOW = "2026-05-04T12:00:00.000Z";

/** Randomness that counts: uuids `uuid-1`, `uuid-2`…, and byte blocks filled with the draw's number. */
const countingRandomness = (): Randomness => {
  let draws = 0;
  return {
    uuid: () => `uuid-${++draws}`,
    bytes: (size) => Buffer.alloc(size, ++draws),
  };
};

const issuer = () =>
  createPaidOrderIssuer({
    dataKey: async () => dataKey,
    now: () => new Date(NOW),
    random: countingRandomness(),
  });

/** The delivery token the first draw of `countingRandomness` makes: 32 bytes of 1. */
const FIRST_TOKEN = Buffer.alloc(32, 1).toString("base64url");

const storefrontOrder = (status: OrderRecord["status"]): OrderRecord => ({
  id_order: "01JSTOREFRONTORDER00000000",
  seller_id: 41,
  product_id: "01JPRODUCT0000000000000000",
  quantity: 3,
  unit_price: 150,
  amount: 450,
  status,
  buyer_email: "buyer@example.com",
  buyer_type: "guest",
  guest_id: "guest-1",
  payment_system: "",
  created_at: "2026-05-04T11:00:00.000Z",
  expires_at: "2026-05-04T11:30:00.000Z",
  delivered: false,
});

const bought = (gift?: string): BoughtOrder => ({
  id_order: "01JPURCHASEORDER0000000000",
  seller_id: 41,
  product_id: "01JPRODUCT0000000000000000",
  quantity: 2,
  unit_price: 135,
  amount: 270,
  buyer_email: "reseller@example.com",
  buyer_type: "registered",
  buyer_account_id: 77,
  guest_id: "",
  created_at: "2026-05-04T12:00:00.000Z",
  expires_at: "2026-05-04T12:00:00.000Z",
  channel: "reseller",
  h2h: 1,
  ...(gift === undefined ? {} : { gift: 1 as const, gift_code: gift }),
});

describe("the issuer of paid orders", () => {
  it("a storefront payment in time: the order paid from wait, no stock, the token's hash and the webhook carrying it sealed", async () => {
    const paid = await issuer().payment(storefrontOrder("wait"), {
      paymentSystem: "card",
      paymentId: "pay-1",
    });
    expect(paid).toEqual({
      orderId: "01JSTOREFRONTORDER00000000",
      sellerId: 41,
      amount: 450,
      at: NOW,
      paidBy: { kind: "payment", from: "wait", paymentSystem: "card", paymentId: "pay-1" },
      tokenHash: hashDeliveryToken(FIRST_TOKEN),
      tokenSealed: expect.stringMatching(/^s1\./),
      events: [
        {
          type: "payment_confirmed",
          event_id: "uuid-2",
          order_id: "01JSTOREFRONTORDER00000000",
          token_sealed: paid.tokenSealed,
        },
      ],
      chatMessages: [],
    });
    expect(paid).not.toHaveProperty("stock");
    expect(open(dataKey, paid.tokenSealed)).toBe(FIRST_TOKEN);
  });

  it("a late payment of a canceled order: paid from canceled, its quantity taken again under the reservation's conditions", async () => {
    const paid = await issuer().payment(storefrontOrder("canceled"), {
      paymentSystem: "card",
      paymentId: "pay-2",
    });
    expect(paid.paidBy).toEqual({
      kind: "payment",
      from: "canceled",
      paymentSystem: "card",
      paymentId: "pay-2",
    });
    expect(paid.stock).toEqual({
      kind: "reserved",
      productId: "01JPRODUCT0000000000000000",
      quantity: 3,
      sellerId: 41,
    });
    expect(paid.events.map((event) => event.type)).toEqual(["payment_confirmed"]);
  });

  it("a buy: the order written paid by balance, its stock at the quoted price, the buyer debited, the webhook", async () => {
    const paid = await issuer().purchase(bought(), { price: 150, discount: 10 });
    const order = {
      ...bought(),
      status: "paid",
      payment_system: "balance",
      payment_id: "balance-01JPURCHASEORDER0000000000",
      paid_at: "2026-05-04T12:00:00.000Z",
      delivered: false,
      webhook_event_id: "uuid-2",
    };
    expect(paid).toEqual({
      orderId: "01JPURCHASEORDER0000000000",
      sellerId: 41,
      amount: 270,
      at: "2026-05-04T12:00:00.000Z",
      paidBy: {
        kind: "purchase",
        order,
        debit: {
          accountId: 77,
          amount: -270,
          kind: "purchase",
          entryId: "uuid-3",
          at: "2026-05-04T12:00:00.000Z",
          orderId: "01JPURCHASEORDER0000000000",
        },
      },
      stock: {
        kind: "quoted",
        productId: "01JPRODUCT0000000000000000",
        quantity: 2,
        quoted: { price: 150, discount: 10 },
      },
      tokenHash: hashDeliveryToken(FIRST_TOKEN),
      tokenSealed: expect.stringMatching(/^s1\./),
      events: [
        {
          type: "payment_confirmed",
          event_id: "uuid-2",
          order_id: "01JPURCHASEORDER0000000000",
          token_sealed: paid.tokenSealed,
        },
      ],
      chatMessages: [],
    });
    expect(paid.paidBy.order).not.toHaveProperty("chat_buyer_only");
  });

  it("a gift: as a buy, plus the gift e-mail's event and the code opening the chat for the buyer alone", async () => {
    const paid = await issuer().purchase(bought("gift-code-1"), { price: 150, discount: 10 });
    expect(paid.paidBy.order).toMatchObject({ gift: 1, gift_code: "gift-code-1", chat_buyer_only: 1 });
    expect(paid.events).toEqual([
      expect.objectContaining({ type: "payment_confirmed", event_id: "uuid-2" }),
      { type: "gift_issued", event_id: "uuid-4", order_id: "01JPURCHASEORDER0000000000" },
    ]);
    expect(paid.chatMessages).toEqual([
      {
        message_id: Date.parse("2026-05-04T12:00:00.000Z") * 1000 + 1,
        order_id: "01JPURCHASEORDER0000000000",
        position: 1,
        type_user: "system",
        message: "Gift code: gift-code-1",
        created_at: "2026-05-04T12:00:00.000Z",
        audience: "buyer",
      },
    ]);
  });
});

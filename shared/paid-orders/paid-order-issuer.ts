import { newChatMessage } from "../chat/chat-message.js";
import { hashDeliveryToken, newDeliveryToken } from "../delivery/delivery-token.js";
import type { Randomness } from "../ids/randomness.js";
import type { OrderRecord } from "../orders/order.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import type { QuotedPrice } from "../products/stock-take.js";
import { seal } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import type { PaidOrder, PaidPurchase, ProviderPayment } from "./paid-order.js";

/**
 * A purchase's order as bought: who buys what, for how much, and as a gift or not. What makes it paid
 * (status, payment, webhook, the gift's chat) the issuer adds.
 */
export type BoughtOrder = Omit<
  OrderRecord,
  | "status"
  | "payment_system"
  | "payment_id"
  | "paid_at"
  | "delivered"
  | "webhook_event_id"
  | "chat_buyer_only"
> & { readonly buyer_account_id: number };

/**
 * The one issuer of paid orders: a storefront order paid by its provider's payment (in time, or late
 * once canceled) and a purchase from balance (v2 /buy, /gift) both become paid through it, so each paid
 * order gets its delivery token, its seller's webhook and its stock, debit and chat in the same way.
 * Pure: what it decides, `paidOrderItems` writes.
 */
export const createPaidOrderIssuer = (deps: {
  dataKey: () => Promise<Buffer>;
  now: Clock;
  random: Randomness;
}) => {
  /** A new delivery token for `orderId`, and the seller's webhook that carries it sealed. */
  const tokenAndWebhook = async (orderId: string) => {
    const token = newDeliveryToken(deps.random);
    const tokenSealed = seal(await deps.dataKey(), token);
    const webhook: OutboxEvent = {
      type: "payment_confirmed",
      event_id: deps.random.uuid(),
      order_id: orderId,
      token_sealed: tokenSealed,
    };
    return { tokenHash: hashDeliveryToken(token), tokenSealed, webhook };
  };

  return {
    /** `order` paid by `payment` from the state it is in now: a canceled one takes its stock again. */
    async payment(
      order: OrderRecord,
      payment: Pick<ProviderPayment, "paymentSystem" | "paymentId">,
    ): Promise<PaidOrder<ProviderPayment>> {
      const { tokenHash, tokenSealed, webhook } = await tokenAndWebhook(order.id_order);
      const canceled = order.status === "canceled";
      return {
        orderId: order.id_order,
        sellerId: order.seller_id,
        amount: order.amount,
        at: deps.now().toISOString(),
        paidBy: {
          kind: "payment",
          from: canceled ? "canceled" : "wait",
          paymentSystem: payment.paymentSystem,
          paymentId: payment.paymentId,
        },
        ...(canceled
          ? {
              stock: {
                kind: "reserved" as const,
                productId: order.product_id,
                quantity: order.quantity,
                sellerId: order.seller_id,
              },
            }
          : {}),
        tokenHash,
        tokenSealed,
        events: [webhook],
        chatMessages: [],
      };
    },

    /**
     * `bought` paid from its buyer's balance at `quoted` (the product's price and discount its total was
     * computed from): its stock taken, its buyer debited, and a gift's code promised to its buyer.
     */
    async purchase(bought: BoughtOrder, quoted: QuotedPrice): Promise<PaidPurchase> {
      const orderId = bought.id_order;
      const { tokenHash, tokenSealed, webhook } = await tokenAndWebhook(orderId);
      const at = bought.created_at;
      const giftCode = bought.gift_code;
      const order: OrderRecord = {
        ...bought,
        status: "paid",
        payment_system: "balance",
        payment_id: `balance-${orderId}`,
        paid_at: at,
        delivered: false,
        webhook_event_id: webhook.event_id,
        // A gift's code opens its chat, for the buyer's eyes only (see ChatOrder.chat_buyer_only).
        ...(giftCode === undefined ? {} : { chat_buyer_only: 1 }),
      };
      const debit = {
        accountId: bought.buyer_account_id,
        amount: -bought.amount,
        kind: "purchase" as const,
        entryId: deps.random.uuid(),
        at,
        orderId,
      };
      return {
        orderId,
        sellerId: order.seller_id,
        amount: order.amount,
        at,
        paidBy: { kind: "purchase", order, debit },
        stock: { kind: "quoted", productId: order.product_id, quantity: order.quantity, quoted },
        tokenHash,
        tokenSealed,
        events:
          giftCode === undefined
            ? [webhook]
            : [webhook, { type: "gift_issued", event_id: deps.random.uuid(), order_id: orderId }],
        chatMessages:
          giftCode === undefined
            ? []
            : [
                {
                  ...newChatMessage(orderId, "system", `Gift code: ${giftCode}`, new Date(at), 1),
                  // The code is the buyer's: whoever holds it has the gift, so the seller never reads it.
                  audience: "buyer" as const,
                },
              ],
      };
    },
  };
};

/** The issuer a payment or purchase service makes paid orders with. */
export type PaidOrderIssuer = ReturnType<typeof createPaidOrderIssuer>;

import { newChatMessage } from "../chat/chat-message.js";
import { hashDeliveryToken, newDeliveryToken } from "../delivery/delivery-token.js";
import { type AppliedFee, feeOnOrder, feeOnSale, sellerShare } from "../fees/applied-fee.js";
import { type FeeRate, NO_FEE } from "../fees/fee-schedule.js";
import type { Randomness } from "../ids/randomness.js";
import type { OrderRecord } from "../orders/order.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import type { QuotedPrice } from "../products/stock-take.js";
import { seal } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import type { KeyDelivery, PaidOrder, PaidPurchase, ProviderPayment } from "./paid-order.js";

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
  | "fee_bp"
  | "fee_amount"
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

  /** A key order's delivery in its paying write: these codes, the seller's credit, the buyer's e-mail. */
  const keyDelivery = (
    order: Pick<OrderRecord, "id_order" | "seller_id" | "product_id" | "amount">,
    codeIds: readonly string[],
    from: KeyDelivery["from"],
    at: string,
    fee: AppliedFee | undefined,
  ): KeyDelivery => ({
    productId: order.product_id,
    codeIds,
    from,
    credit: {
      accountId: order.seller_id,
      amount: sellerShare(order.amount, fee),
      kind: "sale",
      entryId: deps.random.uuid(),
      at,
      orderId: order.id_order,
    },
    delivered: { type: "order_delivered", event_id: deps.random.uuid(), order_id: order.id_order },
  });

  return {
    /**
     * `order` paid by `payment` from the state it is in now: a canceled one takes its stock again. A key
     * product's order is delivered by the same write: a waiting one with the codes it reserved, a
     * canceled one with `codeIds`, chosen among the available ones. `rate` is the fee rate of its sale now.
     */
    async payment(
      order: OrderRecord,
      payment: Pick<ProviderPayment, "paymentSystem" | "paymentId">,
      codeIds?: readonly string[],
      rate: FeeRate = NO_FEE,
    ): Promise<PaidOrder<ProviderPayment>> {
      const { tokenHash, tokenSealed, webhook } = await tokenAndWebhook(order.id_order);
      const fee = feeOnSale(order.amount, rate, order.category_id);
      const canceled = order.status === "canceled";
      const at = deps.now().toISOString();
      const reserved = order.key_codes;
      if (reserved !== undefined && canceled && codeIds?.length !== order.quantity)
        throw new Error(`A late payment of key order ${order.id_order} needs ${order.quantity} codes`);
      return {
        orderId: order.id_order,
        sellerId: order.seller_id,
        amount: order.amount,
        ...(fee === undefined ? {} : { fee }),
        at,
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
        ...(reserved === undefined
          ? {}
          : {
              keys: canceled
                ? keyDelivery(order, codeIds ?? [], "available", at, fee)
                : keyDelivery(order, reserved, "reserved", at, fee),
            }),
      };
    },

    /**
     * `bought` paid from its buyer's balance at `quoted` (the product's price and discount its total was
     * computed from): its stock taken, its buyer debited, and a gift's code promised to its buyer. With
     * `codeIds` (a key product's, chosen among the available ones), delivered by the same write. `rate` is
     * the fee rate of its sale.
     */
    async purchase(
      bought: BoughtOrder,
      quoted: QuotedPrice,
      codeIds?: readonly string[],
      rate: FeeRate = NO_FEE,
    ): Promise<PaidPurchase> {
      const fee = feeOnSale(bought.amount, rate, bought.category_id);
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
        ...feeOnOrder(fee),
        // A gift's code opens its chat, for the buyer's eyes only (see ChatOrder.chat_buyer_only).
        ...(giftCode === undefined ? {} : { chat_buyer_only: 1 }),
        ...(codeIds === undefined ? {} : { delivered: true, delivered_at: at, key_codes: [...codeIds] }),
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
        ...(fee === undefined ? {} : { fee }),
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
        ...(codeIds === undefined ? {} : { keys: keyDelivery(order, codeIds, "available", at, fee) }),
      };
    },
  };
};

/** The issuer a payment or purchase service makes paid orders with. */
export type PaidOrderIssuer = ReturnType<typeof createPaidOrderIssuer>;

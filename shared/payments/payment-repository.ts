import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { indexAttributeList, indexedCollections, keys } from "../data/table-keys.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import { deliveryTokenPut, SEALED_TOKEN_ATTRIBUTE } from "../delivery/delivery-token-item.js";
import { sellerMaySell } from "../orders/order-repository.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import { outboxPut } from "../outbox/outbox-item.js";
import { stockRefusal, stockTake } from "../products/stock-take.js";

/** Everything the write that makes an order paid needs, decided before the write. */
export interface PaidOrderWrite {
  orderId: string;
  sellerId: number;
  /** The order's amount, kept on the delivery token so delivery needs no read of the order. */
  amount: number;
  paymentSystem: string;
  paymentId: string;
  tokenHash: string;
  /** The token sealed with the data key, kept on the order for its seller (see SEALED_TOKEN_ATTRIBUTE). */
  tokenSealed: string;
  event: OutboxEvent;
  at: string;
  /**
   * Set when the order was canceled (its hold ran out and its stock went back): it is paid only if its
   * quantity can be taken from the stock again, under the conditions of a reservation.
   */
  reinstate?: { productId: string; quantity: number };
}

/**
 * What the write did: `paid`; `order_changed` (the order is no longer in the state it was written from);
 * `payment_recorded` (this provider payment was already recorded as unapplied, so it never pays the
 * order); or, for a canceled order, why its stock could not be taken again.
 */
export type ConfirmOutcome =
  | "paid"
  | "order_changed"
  | "payment_recorded"
  | "insufficient_stock"
  | "product_unavailable";

/** The one write that makes an order paid. */
export interface PaymentStore {
  /**
   * Marks a waiting order (or, with `reinstate`, a canceled one) paid, keeping its delivery token sealed
   * on it, stores the token's hash and writes the webhook's outbox event, all or nothing.
   */
  confirm(input: PaidOrderWrite): Promise<ConfirmOutcome>;
}

const ORDER = 0;
const UNRECORDED = 3;
const STOCK = 4;
const SELLER = 5;

/** The DynamoDB implementation of PaymentStore. */
export const createPaymentRepository = (client: DynamoDBDocumentClient, tableName: string): PaymentStore => ({
  async confirm(input) {
    const from = input.reinstate ? "canceled" : "wait";
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName,
          Key: keys.order(input.orderId),
          UpdateExpression: `SET #status = :paid, payment_system = :system, payment_id = :paymentId, paid_at = :at, webhook_event_id = :eventId, #sealedToken = :sealedToken REMOVE ${indexAttributeList(indexedCollections.expiringOrders)}`,
          ConditionExpression: "#status = :from",
          ExpressionAttributeNames: { "#status": "status", "#sealedToken": SEALED_TOKEN_ATTRIBUTE },
          ExpressionAttributeValues: {
            ":paid": "paid",
            ":from": from,
            ":system": input.paymentSystem,
            ":paymentId": input.paymentId,
            ":at": input.at,
            ":eventId": input.event.event_id,
            ":sealedToken": input.tokenSealed,
          },
        },
      },
      deliveryTokenPut(tableName, {
        hash: input.tokenHash,
        orderId: input.orderId,
        sellerId: input.sellerId,
        amount: input.amount,
        at: input.at,
      }),
      outboxPut(tableName, input.event, input.at),
      // A provider payment recorded as unapplied (to be refunded) never pays the order afterwards: each
      // payment either pays its order or waits for its refund, never both.
      {
        ConditionCheck: {
          TableName: tableName,
          Key: keys.unappliedPayment(input.orderId, input.paymentId),
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
    ];
    if (input.reinstate) {
      // The price is not quoted: the buyer paid the order's amount, whatever the product costs now.
      items.push(
        stockTake(tableName, input.reinstate.productId, input.reinstate.quantity),
        sellerMaySell(tableName, input.sellerId),
      );
    }
    try {
      await writeTransaction(client, items);
      return "paid";
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = (index: number) => reasons[index]?.Code === "ConditionalCheckFailed";
      if (failed(ORDER)) return "order_changed";
      if (failed(UNRECORDED)) return "payment_recorded";
      if (failed(STOCK)) {
        const product = reasons[STOCK]?.Item;
        return stockRefusal(product ? unmarshall(product) : undefined) === "insufficient_stock"
          ? "insufficient_stock"
          : "product_unavailable";
      }
      if (failed(SELLER)) return "product_unavailable";
      throw error;
    }
  },
});

import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { indexAttributeList, indexedCollections, keys } from "../data/table-keys.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import { deliveryTokenPut, SEALED_TOKEN_ATTRIBUTE } from "../delivery/delivery-token-item.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import { outboxPut } from "../outbox/outbox-item.js";

/** The one write that makes an order paid. */
export interface PaymentStore {
  /**
   * Marks a waiting order paid (keeping its delivery token sealed on it), stores the token's hash and
   * writes the webhook's outbox event, all or nothing. False when the order was no longer waiting.
   */
  confirm(input: {
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
  }): Promise<boolean>;
}

/** The DynamoDB implementation of PaymentStore. */
export const createPaymentRepository = (client: DynamoDBDocumentClient, tableName: string): PaymentStore => ({
  async confirm(input) {
    try {
      await writeTransaction(client, [
        {
          Update: {
            TableName: tableName,
            Key: keys.order(input.orderId),
            UpdateExpression: `SET #status = :paid, payment_system = :system, payment_id = :paymentId, paid_at = :at, webhook_event_id = :eventId, #sealedToken = :sealedToken REMOVE ${indexAttributeList(indexedCollections.expiringOrders)}`,
            ConditionExpression: "#status = :wait",
            ExpressionAttributeNames: { "#status": "status", "#sealedToken": SEALED_TOKEN_ATTRIBUTE },
            ExpressionAttributeValues: {
              ":paid": "paid",
              ":wait": "wait",
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
      ]);
      return true;
    } catch (error) {
      if (conditionFailedAt(error, 0)) return false;
      throw error;
    }
  },
});

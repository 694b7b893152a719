import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { queryAll } from "../data/query-all.js";
import { collections, indexAssignment, indexedCollections, keys } from "../data/table-keys.js";
import { writeTransaction } from "../data/transactions.js";
import {
  paymentRefundItem,
  paymentRefundTableItem,
  unappliedPaymentItem,
  unappliedPaymentTableItem,
} from "./payment-items.js";
import {
  type PaymentRefund,
  paymentRefundSchema,
  type RefundStatus,
  type UnappliedPayment,
  unappliedPaymentSchema,
} from "./unapplied-payment.js";

/** What recording an unapplied payment did. */
export type RecordOutcome =
  | { readonly outcome: "recorded" }
  /** This provider payment was recorded before: nothing is written again. */
  | { readonly outcome: "exists"; readonly existing: UnappliedPayment }
  /** This provider payment is the one that paid the order (it won a race meanwhile): nothing to refund. */
  | { readonly outcome: "applied" };

/** Payments the provider took that paid nothing, and their refunds. */
export interface UnappliedPaymentStore {
  /**
   * Records the payment beside its order, due for refund, once per provider payment id, and only while
   * it is not the payment the order is paid by.
   */
  record(payment: UnappliedPayment): Promise<RecordOutcome>;
  get(orderId: string, paymentId: string): Promise<UnappliedPayment | undefined>;
  /** Every unapplied payment of one order. */
  ofOrder(orderId: string): Promise<UnappliedPayment[]>;
  /** Every unapplied payment whose refund is in `status`, newest first. */
  byRefundStatus(status: RefundStatus): Promise<UnappliedPayment[]>;
  /**
   * Writes the refund's entry and moves the payment from `due` to `refunded` in one transaction; false
   * (and nothing written) when it was not due any more.
   */
  refund(payment: UnappliedPayment, refund: PaymentRefund): Promise<boolean>;
  /** The recorded refund of one payment, if it was refunded. */
  refundOf(orderId: string, paymentId: string): Promise<PaymentRefund | undefined>;
}

const newestFirst = (payments: UnappliedPayment[]) =>
  payments.sort((a, b) => (a.received_at < b.received_at ? 1 : a.received_at > b.received_at ? -1 : 0));

/** The DynamoDB implementation of UnappliedPaymentStore. */
export const createUnappliedPaymentRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): UnappliedPaymentStore => ({
  async record(payment) {
    try {
      await writeTransaction(client, [
        {
          Put: {
            TableName: tableName,
            Item: unappliedPaymentItem(payment),
            ConditionExpression: "attribute_not_exists(PK)",
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          },
        },
        {
          ConditionCheck: {
            TableName: tableName,
            Key: keys.order(payment.order_id),
            ConditionExpression:
              "attribute_exists(PK) AND (attribute_not_exists(payment_id) OR payment_id <> :paymentId)",
            ExpressionAttributeValues: { ":paymentId": payment.payment_id },
          },
        },
      ]);
      return { outcome: "recorded" };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [recordReason, orderReason] = error.CancellationReasons ?? [];
      if (recordReason?.Code === "ConditionalCheckFailed" && recordReason.Item) {
        return { outcome: "exists", existing: unappliedPaymentSchema.parse(unmarshall(recordReason.Item)) };
      }
      if (orderReason?.Code === "ConditionalCheckFailed") return { outcome: "applied" };
      throw error;
    }
  },

  async get(orderId, paymentId) {
    const result = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: unappliedPaymentTableItem.key(orderId, paymentId),
        ConsistentRead: true,
      }),
    );
    return result.Item ? unappliedPaymentSchema.parse(result.Item) : undefined;
  },

  async ofOrder(orderId) {
    const { PK, skPrefix } = collections.unappliedPayments(orderId);
    const items = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
      ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
      ConsistentRead: true,
    });
    return newestFirst(items.map((item) => unappliedPaymentSchema.parse(item)));
  },

  async byRefundStatus(status) {
    // The queue's index holds keys only: the payments are then read by key, and one that moved to the
    // other status meanwhile is left out.
    const query = indexQuery(tableName, indexedCollections.unappliedPaymentsByRefundStatus, [status], {
      descending: true,
    });
    const found: { PK: string; SK: string }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new QueryCommand({ ...query, ExclusiveStartKey: startKey }));
      for (const row of page.Items ?? []) found.push({ PK: String(row.PK), SK: String(row.SK) });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    const payments = (await batchGetAll(client, tableName, found, { consistent: true }))
      .map((row) => unappliedPaymentSchema.parse(row))
      .filter((payment) => payment.refund_status === status);
    return newestFirst(payments);
  },

  async refund(payment, refund) {
    const queue = indexAssignment(
      indexedCollections.unappliedPaymentsByRefundStatus,
      ["refunded"],
      [payment.received_at, payment.order_id],
    );
    try {
      await writeTransaction(client, [
        {
          Update: {
            TableName: tableName,
            Key: unappliedPaymentTableItem.key(payment.order_id, payment.payment_id),
            UpdateExpression: `SET refund_status = :refunded, refunded_at = :at, refund_id = :refundId, ${queue.expression}`,
            // Only a due refund is made, so a payment is given back at most once.
            ConditionExpression: "refund_status = :due",
            ExpressionAttributeValues: {
              ":refunded": "refunded",
              ":due": "due",
              ":at": refund.refunded_at,
              ":refundId": refund.refund_id,
              ...queue.values,
            },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: paymentRefundItem(refund),
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
      ]);
      return true;
    } catch (error) {
      if (
        error instanceof TransactionCanceledException &&
        error.CancellationReasons?.some((reason) => reason.Code === "ConditionalCheckFailed")
      ) {
        return false;
      }
      throw error;
    }
  },

  async refundOf(orderId, paymentId) {
    const result = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: paymentRefundTableItem.key(orderId, paymentId),
        ConsistentRead: true,
      }),
    );
    return result.Item ? paymentRefundSchema.parse(result.Item) : undefined;
  },
});

import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { projectionExpression } from "../data/projection-expression.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import { type AppliedFee, sellerShare } from "../fees/applied-fee.js";
import { revenueMovementItems } from "../fees/revenue-items.js";
import { balanceMovementItems } from "../ledger/ledger-items.js";
import { orderTableItem, SEALED_TOKEN_ATTRIBUTE, stageAssignment } from "../orders/order-items.js";
import { deliveredPlace } from "../orders/order-stages.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import { outboxPut } from "../outbox/outbox-item.js";
import { deliveryTokenTableItem, feeFromToken } from "./delivery-token-item.js";

/** What a delivery token points at. */
export interface DeliveryTarget {
  readonly orderId: string;
  readonly sellerId: number;
  /** What delivery credits the seller; tokens issued before it was kept on the token lack it. */
  readonly amount?: number;
  /** The marketplace's fee on the sale, decided at payment (#25); none when no rate applied. */
  readonly fee?: AppliedFee;
}

/** Persistence of deliveries: the token lookup and the one write that delivers and pays the seller. */
export interface DeliveryStore {
  findToken(tokenHash: string): Promise<DeliveryTarget | undefined>;
  /** The order's delivery token as the payment sealed it on the order; none once delivered or if never kept. */
  sealedToken(orderId: string): Promise<string | undefined>;
  /**
   * Marks the paid order delivered with its content, credits the seller's balance with a ledger entry
   * (the amount less the fee), the marketplace's with the fee, spends the token and writes the buyer's
   * e-mail event, all or nothing.
   */
  deliver(input: {
    target: DeliveryTarget;
    tokenHash: string;
    /** The sale's whole amount: the seller is credited it less `fee`. */
    amount: number;
    fee: AppliedFee | undefined;
    text: string;
    download: string;
    ledgerEntryId: string;
    event: OutboxEvent;
    at: string;
  }): Promise<"ok" | "already_delivered">;
}

/** The DynamoDB implementation of DeliveryStore. */
export const createDeliveryRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): DeliveryStore => ({
  async findToken(tokenHash) {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: deliveryTokenTableItem.key(tokenHash) }),
    );
    if (!result.Item) return undefined;
    const amount = result.Item.amount;
    const fee = feeFromToken(result.Item);
    return {
      orderId: String(result.Item.order_id),
      sellerId: Number(result.Item.seller_id),
      ...(typeof amount === "number" ? { amount } : {}),
      ...(fee ? { fee } : {}),
    };
  },

  async sealedToken(orderId) {
    const result = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: orderTableItem.key(orderId),
        ...projectionExpression(orderTableItem.projections.sealedToken),
      }),
    );
    const sealed = result.Item?.[SEALED_TOKEN_ATTRIBUTE];
    return typeof sealed === "string" && sealed !== "" ? sealed : undefined;
  },

  async deliver(input) {
    const { target, at } = input;
    // Delivered, the order leaves undelivered (or webhook_failing) for its day's delivered stage in the
    // write that delivers it, under the same condition, so the summary never counts it twice or not at all.
    const stage = stageAssignment(target, deliveredPlace(at));
    try {
      await writeTransaction(client, [
        {
          Update: {
            TableName: tableName,
            Key: orderTableItem.key(target.orderId),
            UpdateExpression:
              // The token is spent: its sealed copy has nothing left to open.
              `SET delivered = :true, delivered_at = :at, delivery_text = :text, delivery_download = :download, ${stage.expression} REMOVE #sealed`,
            ConditionExpression: "#status = :paid AND delivered = :false",
            ExpressionAttributeNames: { "#status": "status", "#sealed": SEALED_TOKEN_ATTRIBUTE },
            ExpressionAttributeValues: {
              ":true": true,
              ":false": false,
              ":paid": "paid",
              ":at": at,
              ":text": input.text,
              ":download": input.download,
              ...stage.values,
            },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: deliveryTokenTableItem.key(input.tokenHash),
            UpdateExpression: "SET used_at = :at",
            ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(used_at)",
            ExpressionAttributeValues: { ":at": at },
          },
        },
        ...balanceMovementItems(tableName, {
          accountId: target.sellerId,
          amount: sellerShare(input.amount, input.fee),
          kind: "sale",
          entryId: input.ledgerEntryId,
          at,
          orderId: target.orderId,
        }),
        outboxPut(tableName, input.event, at),
        ...(input.fee
          ? revenueMovementItems(tableName, {
              orderId: target.orderId,
              sellerId: target.sellerId,
              saleAmount: input.amount,
              fee: input.fee,
              at,
            })
          : []),
      ]);
      return "ok";
    } catch (error) {
      if (conditionFailedAt(error, 0) || conditionFailedAt(error, 1)) {
        return "already_delivered";
      }
      throw error;
    }
  },
});

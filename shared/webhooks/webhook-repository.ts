import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { collections, keys } from "../data/table-keys.js";
import { stageAssignment } from "../orders/order-items.js";
import { paidPlace } from "../orders/order-stages.js";
import { type WebhookAttempt, webhookAttemptSchema } from "./webhook-attempt.js";
import { webhookAttemptTableItem } from "./webhook-items.js";

export type { WebhookAttempt } from "./webhook-attempt.js";

/** A paid order as its webhook's writes file it among its seller's orders by stage (`order-stages.ts`). */
export interface WebhookOrder {
  readonly orderId: string;
  readonly sellerId: number;
  readonly paidAt: string;
}

/** Persistence of webhook attempts and of the fact that an order's webhook got through. */
export interface WebhookStore {
  record(orderId: string, attemptId: string, attempt: WebhookAttempt): Promise<void>;
  list(orderId: string): Promise<WebhookAttempt[]>;
  /**
   * Files the order under webhook_failing after a failed or refused attempt, if it is still paid,
   * undelivered and its webhook undelivered; false (and it stays where it is) once it is not.
   */
  markFailing(order: WebhookOrder): Promise<boolean>;
  /**
   * Marks the order's webhook delivered, and files a paid, undelivered order back under undelivered in
   * the same write; false if the webhook already was delivered.
   */
  markDelivered(order: WebhookOrder, eventId: string, at: string): Promise<boolean>;
}

/** The DynamoDB implementation of WebhookStore. */
export const createWebhookRepository = (client: DynamoDBDocumentClient, tableName: string): WebhookStore => ({
  async record(orderId, attemptId, attempt) {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: webhookAttemptTableItem.item([orderId, attempt.at, attemptId], {
          order_id: orderId,
          ...attempt,
        }),
      }),
    );
  },

  async list(orderId) {
    const { PK, skPrefix } = collections.webhookAttempts(orderId);
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
      }),
    );
    return (page.Items ?? []).map((item) => webhookAttemptSchema.parse(item));
  },

  async markFailing(order) {
    const stage = stageAssignment(order, paidPlace(order.paidAt, true));
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.order(order.orderId),
          UpdateExpression: `SET ${stage.expression}`,
          // Only an order the seller still owes and whose webhook never got through is failing: a
          // delivery, or the webhook's success, that came first keeps its own stage.
          ConditionExpression:
            "#status = :paid AND delivered = :false AND attribute_not_exists(webhook_delivered_at)",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":paid": "paid", ":false": false, ...stage.values },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async markDelivered(order, eventId, at) {
    const key = keys.order(order.orderId);
    const fact = { ":at": at, ":event": eventId };
    // A paid, undelivered order whose webhook got through is undelivered, not failing, whatever an
    // earlier attempt said: one write records the webhook and files it there. Once delivered (the
    // seller may deliver while answering the webhook) its stage is its delivery's, and the condition
    // keeps it, so this never undoes a delivery.
    const stage = stageAssignment(order, paidPlace(order.paidAt));
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: `SET webhook_delivered_at = :at, webhook_delivered_event = :event, ${stage.expression}`,
          ConditionExpression:
            "attribute_not_exists(webhook_delivered_at) AND #status = :paid AND delivered = :false",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ...fact, ":paid": "paid", ":false": false, ...stage.values },
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Gone, or its webhook already recorded delivered: nothing to write.
      if (!error.Item || error.Item.webhook_delivered_at !== undefined) return false;
    }
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: "SET webhook_delivered_at = :at, webhook_delivered_event = :event",
          ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(webhook_delivered_at)",
          ExpressionAttributeValues: fact,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
});

import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { collections, keys } from "../data/table-keys.js";
import * as z from "../validation/zod-mini.js";
import { webhookAttemptTableItem } from "./webhook-items.js";

/** One recorded webhook attempt. */
export const webhookAttemptSchema = z.object({
  event_id: z.string(),
  attempt: z.number().check(z.int()),
  at: z.string(),
  target: z.string(),
  outcome: z.enum(["delivered", "failed", "refused"]),
  http_status: z.optional(z.number().check(z.int())),
  error: z.optional(z.string()),
  duration_ms: z.number().check(z.int()),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** Persistence of webhook attempts and of the fact that an order's webhook got through. */
export interface WebhookStore {
  record(orderId: string, attemptId: string, attempt: WebhookAttempt): Promise<void>;
  list(orderId: string): Promise<WebhookAttempt[]>;
  /** Marks the order's webhook delivered; false if it already was. */
  markDelivered(orderId: string, eventId: string, at: string): Promise<boolean>;
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

  async markDelivered(orderId, eventId, at) {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.order(orderId),
          UpdateExpression: "SET webhook_delivered_at = :at, webhook_delivered_event = :event",
          ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(webhook_delivered_at)",
          ExpressionAttributeValues: { ":at": at, ":event": eventId },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
});

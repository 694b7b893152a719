import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { collections } from "../data/table-keys.js";
import type { SellerEventJob } from "../queue/seller-event-job.js";
import * as z from "../validation/zod-mini.js";
import { webhookAttemptSchema } from "./webhook-attempt.js";
import { eventAttemptTableItem } from "./webhook-items.js";

/** How long an event's attempts are kept (TTL): as long as an outbox event, the time a re-drive has. */
export const EVENT_ATTEMPT_RETENTION_SECONDS = 7 * 24 * 3600;

/** One recorded attempt, as a payment webhook's is, with the event's type and the job it sent (what a re-drive queues again). */
export const eventAttemptSchema = z.extend(webhookAttemptSchema, {
  type: z.string(),
  /** A SellerEventJob: read as such only by a re-drive, so the seller's list carries no job schema. */
  job: z.custom<unknown>(),
});
export type EventAttempt = Omit<z.infer<typeof eventAttemptSchema>, "job"> & { readonly job: SellerEventJob };

/** Persistence of the attempts to send sellers their events. */
export interface EventAttemptStore {
  record(sellerId: number, attemptId: string, attempt: EventAttempt): Promise<void>;
  /** The seller's latest `limit` attempts, newest first. */
  latest(sellerId: number, limit: number): Promise<EventAttempt[]>;
  /** Every kept attempt of one event of the seller, oldest first (an operator's re-drive reads them). */
  ofEvent(sellerId: number, eventId: string): Promise<EventAttempt[]>;
}

/** The DynamoDB implementation of EventAttemptStore. */
export const createEventAttemptRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): EventAttemptStore => ({
  async record(sellerId, attemptId, attempt) {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: eventAttemptTableItem.item([sellerId, attempt.at, attemptId], {
          seller_id: sellerId,
          ...attempt,
          expires_at: Math.floor(Date.parse(attempt.at) / 1000) + EVENT_ATTEMPT_RETENTION_SECONDS,
        }),
      }),
    );
  },

  async latest(sellerId, limit) {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "PK = :pk",
        ExpressionAttributeValues: { ":pk": collections.webhookEventAttempts(sellerId).PK },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (page.Items ?? []).map((item) => eventAttemptSchema.parse(item) as EventAttempt);
  },

  async ofEvent(sellerId, eventId) {
    const found: EventAttempt[] = [];
    let start: Record<string, unknown> | undefined;
    // An operator's read: the seller's whole week of attempts, filtered, page after page.
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "PK = :pk",
          FilterExpression: "event_id = :event",
          ExpressionAttributeValues: {
            ":pk": collections.webhookEventAttempts(sellerId).PK,
            ":event": eventId,
          },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) found.push(eventAttemptSchema.parse(item) as EventAttempt);
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  },
});

import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { outboxEventSchema, queueOf } from "../outbox/outbox-event.js";
import { outboxTableItem } from "../outbox/outbox-item.js";
import type { EmailJob, WebhookJob } from "../queue/queue-messages.js";

/** Puts a job on a named queue. */
export type JobSender = (queue: "webhooks" | "emails", job: WebhookJob | EmailJob) => Promise<void>;

/**
 * Carries outbox items from the table's stream to their queues. A committed write always reaches its
 * queue: a record that fails is reported and the stream hands it (and those after it) again.
 */
export const createOutboxForwarder =
  (send: JobSender) =>
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (record.eventName !== "INSERT" || !image) continue;
      const item = unmarshall(image as Record<string, AttributeValue>);
      if (!outboxTableItem.is(item)) continue;
      const parsed = outboxEventSchema.safeParse(item);
      if (!parsed.success) {
        // A malformed item will never parse; retrying it would hold up every event behind it.
        console.error(
          JSON.stringify({
            level: "error",
            message: "Skipped malformed outbox item",
            event_id: item.event_id,
          }),
        );
        continue;
      }
      const outbox = parsed.data;
      try {
        const queue = queueOf(outbox);
        if (outbox.type === "payment_confirmed") {
          await send(queue, {
            event_id: outbox.event_id,
            order_id: outbox.order_id,
            token_sealed: outbox.token_sealed,
          });
        } else {
          const template = outbox.type === "gift_issued" ? "gift" : "delivery";
          await send(queue, { event_id: outbox.event_id, order_id: outbox.order_id, template });
        }
      } catch (error) {
        console.error(
          JSON.stringify({
            level: "error",
            message: "Outbox forward failed",
            event_id: item.event_id,
            error: String(error),
          }),
        );
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? "" }] };
      }
    }
    return { batchItemFailures: [] };
  };

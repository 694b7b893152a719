import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { logger } from "../observability/logger.js";
import { outboxEventSchema, queueOf } from "../outbox/outbox-event.js";
import { outboxTableItem } from "../outbox/outbox-item.js";
import type { EmailJob, WebhookQueueJob } from "../queue/queue-messages.js";
import { type ItemChange, sellerEventJobsOf } from "../webhooks/seller-event-facts.js";

/** Puts a job on a named queue. */
export type JobSender = (queue: "webhooks" | "emails", job: WebhookQueueJob | EmailJob) => Promise<void>;

/** A stream record as the seller events read it: the item before and after, and when it changed. */
const changeOf = (record: DynamoDBRecord, after: Record<string, unknown> | undefined): ItemChange => {
  const old = record.dynamodb?.OldImage;
  const seconds = record.dynamodb?.ApproximateCreationDateTime;
  return {
    changeId: record.eventID ?? record.dynamodb?.SequenceNumber ?? "",
    kind: record.eventName ?? "MODIFY",
    before: old ? unmarshall(old as Record<string, AttributeValue>) : undefined,
    after,
    at: new Date(seconds === undefined ? Date.now() : seconds * 1000).toISOString(),
  };
};

/**
 * Carries outbox items from the table's stream to their queues, and the changes a seller may have opted
 * into hearing of (`sellerEventJobsOf`) to the webhook queue. A committed write always reaches its
 * queue: a record that fails is reported and the stream hands it (and those after it) again.
 */
export const createOutboxForwarder =
  (send: JobSender) =>
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      const item = image ? unmarshall(image as Record<string, AttributeValue>) : undefined;
      if (!item || record.eventName !== "INSERT" || !outboxTableItem.is(item)) {
        // Not an outbox event: a change a seller may have opted into hearing of, or nothing to forward.
        const jobs = sellerEventJobsOf(changeOf(record, item));
        try {
          for (const job of jobs) await send("webhooks", job);
        } catch (error) {
          logger().error("Seller event forward failed", {
            event_ids: jobs.map((job) => job.event_id),
            error: String(error),
          });
          return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? "" }] };
        }
        continue;
      }
      const parsed = outboxEventSchema.safeParse(item);
      if (!parsed.success) {
        // A malformed item will never parse; retrying it would hold up every event behind it.
        logger().error("Skipped malformed outbox item", { event_id: item.event_id });
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
        logger().error("Outbox forward failed", { event_id: item.event_id, error: String(error) });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? "" }] };
      }
    }
    return { batchItemFailures: [] };
  };

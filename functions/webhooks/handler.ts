import { optionalEnv } from "../../shared/config/environment.js";
import { webhookQueueJobSchema } from "../../shared/queue/queue-messages.js";
import { createQueueConsumer } from "../../shared/queue/sqs-batch.js";
import { webhookDeadLetters } from "../../shared/runtime/dead-letters.js";
import { webhookRetry } from "../../shared/runtime/queues.js";
import { sellerEventService, webhookService } from "../../shared/runtime/webhooks.js";
import { webhookMaxReceives, webhookRetryDelays } from "../../shared/webhooks/retry-schedule.js";

/**
 * Webhook sender, fed by the webhook queue: payment webhooks and the events sellers opted into. A failed
 * attempt waits its growing delay, then goes again.
 */
export const handler = createQueueConsumer(
  "webhooks",
  webhookQueueJobSchema,
  async (job, record) => {
    const attempt = Number(record.attributes?.ApproximateReceiveCount ?? "1");
    try {
      if ("fact" in job) await sellerEventService().send(job, attempt);
      else await webhookService().send(job, attempt);
    } catch (error) {
      await webhookRetry().postpone(record.receiptHandle, attempt);
      throw error;
    }
  },
  webhookDeadLetters,
  () => webhookMaxReceives(webhookRetryDelays(optionalEnv("WEBHOOK_RETRY_DELAYS_SECONDS"))),
);

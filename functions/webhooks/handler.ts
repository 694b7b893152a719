import { webhookJobSchema } from "../../shared/queue/queue-messages.js";
import { createQueueConsumer } from "../../shared/queue/sqs-batch.js";

/**
 * Webhook sender, fed by the webhook queue. Until the orders capability ships nothing enqueues jobs,
 * and a job that arrives anyway is reported failed so it ends in the dead-letter queue, not lost.
 */
export const handler = createQueueConsumer("webhooks", webhookJobSchema, async () => {
  throw new Error("Webhook delivery is not available yet");
});

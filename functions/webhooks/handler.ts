import { delayNextAttempt } from "../../shared/aws/sqs-retry-delay.js";
import { optionalEnv, requireEnv } from "../../shared/config/environment.js";
import { webhookJobSchema } from "../../shared/queue/queue-messages.js";
import { createQueueConsumer } from "../../shared/queue/sqs-batch.js";
import { webhookService } from "../../shared/runtime/dependencies.js";
import { delayAfter, webhookRetryDelays } from "../../shared/webhooks/retry-schedule.js";

/** Webhook sender, fed by the webhook queue: a failed attempt waits its growing delay, then goes again. */
export const handler = createQueueConsumer("webhooks", webhookJobSchema, async (job, record) => {
  const attempt = Number(record.attributes?.ApproximateReceiveCount ?? "1");
  try {
    await webhookService().send(job, attempt);
  } catch (error) {
    const delays = webhookRetryDelays(optionalEnv("WEBHOOK_RETRY_DELAYS_SECONDS"));
    await delayNextAttempt(
      requireEnv("WEBHOOK_QUEUE_URL"),
      record.receiptHandle,
      delayAfter(attempt, delays),
    );
    throw error;
  }
});

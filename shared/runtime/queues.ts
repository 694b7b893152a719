import { createOutboxForwarder, type JobSender } from "../aws/outbox-stream-forwarder.js";
import { createSqsJobSender } from "../aws/sqs-job-sender.js";
import { delayNextAttempt } from "../aws/sqs-retry-delay.js";
import { optionalEnv, requireEnv } from "../config/environment.js";
import { delayAfter, webhookRetryDelays } from "../webhooks/retry-schedule.js";

/**
 * The composition root's queue side: what the outbox forwarder and the webhook sender need and
 * nothing more, so the stream consumer's bundle carries no table client, secrets or services.
 */

let sender: JobSender | undefined;
/** Puts jobs on the webhook and e-mail queues (WEBHOOK_QUEUE_URL, EMAIL_QUEUE_URL). */
export const jobSender = (): JobSender => {
  sender ??= createSqsJobSender({
    webhooks: requireEnv("WEBHOOK_QUEUE_URL"),
    emails: requireEnv("EMAIL_QUEUE_URL"),
  });
  return sender;
};

let forwarder: ReturnType<typeof createOutboxForwarder> | undefined;
/** The table's stream → the webhook and e-mail queues. */
export const outboxForwarder = () => {
  forwarder ??= createOutboxForwarder(jobSender());
  return forwarder;
};

/** What follows a failed webhook attempt: the message waits out the schedule's next delay (WEBHOOK_RETRY_DELAYS_SECONDS). */
export const webhookRetry = () => {
  const delays = webhookRetryDelays(optionalEnv("WEBHOOK_RETRY_DELAYS_SECONDS"));
  return {
    /** Hides the message after its `attempt`-th failure for as long as the schedule says. */
    postpone: (receiptHandle: string, attempt: number) =>
      delayNextAttempt(requireEnv("WEBHOOK_QUEUE_URL"), receiptHandle, delayAfter(attempt, delays)),
  };
};

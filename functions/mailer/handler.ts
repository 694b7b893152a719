import { emailJobSchema } from "../../shared/queue/queue-messages.js";
import { createQueueConsumer } from "../../shared/queue/sqs-batch.js";

/**
 * Mailer, fed by the e-mail queue. Until the orders capability ships nothing enqueues e-mails, and a
 * job that arrives anyway is reported failed so it ends in the dead-letter queue, not lost.
 */
export const handler = createQueueConsumer("mailer", emailJobSchema, async () => {
  throw new Error("E-mail delivery is not available yet");
});

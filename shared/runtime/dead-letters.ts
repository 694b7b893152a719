import { createDeadLetterSink } from "../aws/sqs-dead-letter.js";
import { requireEnv } from "../config/environment.js";
import type { PoisonSink } from "../queue/sqs-batch.js";

/**
 * Each worker's dead-letter queue, where a message it can never read goes at once. The queue URL is
 * read when the first such message arrives, so a worker starts even where the variable is missing.
 */
const deadLetterSink =
  (variable: string): PoisonSink =>
  (record, reason) =>
    createDeadLetterSink(requireEnv(variable))(record, reason);

/** The webhook queue's dead-letter queue (WEBHOOK_DLQ_URL). */
export const webhookDeadLetters: PoisonSink = deadLetterSink("WEBHOOK_DLQ_URL");

/** The e-mail queue's dead-letter queue (EMAIL_DLQ_URL). */
export const emailDeadLetters: PoisonSink = deadLetterSink("EMAIL_DLQ_URL");

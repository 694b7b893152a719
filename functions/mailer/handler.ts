import { EMAIL_MAX_RECEIVES } from "../../shared/mail/email-receives.js";
import { emailJobSchema } from "../../shared/queue/queue-messages.js";
import { createQueueConsumer } from "../../shared/queue/sqs-batch.js";
import { emailDeadLetters } from "../../shared/runtime/dead-letters.js";
import { mailService } from "../../shared/runtime/mail.js";

/** Mailer, fed by the e-mail queue: sends the buyer's delivery e-mail once. */
export const handler = createQueueConsumer(
  "mailer",
  emailJobSchema,
  async (job) => {
    await mailService().send(job);
  },
  emailDeadLetters,
  () => EMAIL_MAX_RECEIVES,
);

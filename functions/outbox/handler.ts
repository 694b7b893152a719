import { createSqsJobSender } from "../../shared/aws/sqs-job-sender.js";
import { requireEnv } from "../../shared/config/environment.js";
import { createOutboxForwarder } from "../../shared/outbox/outbox-forwarder.js";

let forward: ReturnType<typeof createOutboxForwarder> | undefined;

/** The table's stream → the webhook and e-mail queues. */
export const handler: ReturnType<typeof createOutboxForwarder> = (event) => {
  forward ??= createOutboxForwarder(
    createSqsJobSender({ webhooks: requireEnv("WEBHOOK_QUEUE_URL"), emails: requireEnv("EMAIL_QUEUE_URL") }),
  );
  return forward(event);
};

import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { instrumented } from "./instrumented-client.js";
import type { JobSender } from "./outbox-stream-forwarder.js";

/** Sends jobs to the webhook and e-mail queues by URL. */
export const createSqsJobSender =
  (urls: { webhooks: string; emails: string }, client = instrumented(new SQSClient({}))): JobSender =>
  async (queue, job) => {
    await client.send(new SendMessageCommand({ QueueUrl: urls[queue], MessageBody: JSON.stringify(job) }));
  };

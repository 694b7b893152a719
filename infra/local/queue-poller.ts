import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type SQSClient,
} from "@aws-sdk/client-sqs";
import type { SQSEvent, SQSRecord } from "aws-lambda";
import type { QueueHandler } from "../../shared/queue/sqs-batch.js";
import { invokedBy, queueNameOf } from "./function-scope.js";

/** A running poller; `stop` finishes the batch in hand and resolves. */
export interface QueuePoller {
  stop(): Promise<void>;
}

/**
 * Stands in for Lambda's SQS event source mapping: long-polls a queue, hands the worker a real SQS
 * batch event and deletes every record the worker did not report as failed.
 */
export const startQueuePoller = async (
  client: SQSClient,
  queueUrl: string,
  handler: QueueHandler,
  options: { batchSize?: number; waitSeconds?: number } = {},
): Promise<QueuePoller> => {
  const arn =
    (await client.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ["QueueArn"] })))
      .Attributes?.QueueArn ?? queueUrl;
  const controller = new AbortController();
  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        const received = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: options.batchSize ?? 10,
            WaitTimeSeconds: options.waitSeconds ?? 1,
            MessageSystemAttributeNames: ["All"],
            MessageAttributeNames: ["All"],
          }),
          { abortSignal: controller.signal },
        );
        const messages = received.Messages ?? [];
        if (messages.length === 0) continue;
        const records: SQSRecord[] = messages.map((m) => ({
          messageId: m.MessageId ?? "",
          receiptHandle: m.ReceiptHandle ?? "",
          body: m.Body ?? "",
          attributes: m.Attributes as unknown as SQSRecord["attributes"],
          messageAttributes: {},
          md5OfBody: m.MD5OfBody ?? "",
          eventSource: "aws:sqs",
          eventSourceARN: arn,
          awsRegion: "us-east-1",
        }));
        const event: SQSEvent = { Records: records };
        const trigger = { kind: "queue", queueName: queueNameOf(queueUrl) } as const;
        const result = await invokedBy(trigger, () => handler(event)).catch((error: unknown) => {
          // Cut off by the stop: the batch returns to the queue unlogged, as in a Lambda shutdown.
          if (!controller.signal.aborted)
            console.error(JSON.stringify({ level: "error", message: "Worker failed", error: String(error) }));
          return { batchItemFailures: records.map((r) => ({ itemIdentifier: r.messageId })) };
        });
        const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
        const done = records.filter((r) => !failed.has(r.messageId));
        if (done.length > 0) {
          await client.send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
            }),
          );
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        console.error(JSON.stringify({ level: "error", message: "Queue poll failed", error: String(error) }));
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
    },
  };
};

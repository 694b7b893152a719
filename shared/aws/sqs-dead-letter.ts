import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import type { SQSRecord } from "aws-lambda";
import type { PoisonSink } from "../queue/sqs-batch.js";
import { instrumented } from "./instrumented-client.js";

/** SQS caps a message attribute value at 256 KB; a reason is a line or two, cut to stay readable. */
const MAX_REASON_LENGTH = 1000;

let sharedClient: SQSClient | undefined;
const defaultClient = (): SQSClient => {
  sharedClient ??= instrumented(new SQSClient({}));
  return sharedClient;
};

/**
 * A poison sink onto a dead-letter queue: the record's body unchanged (so an operator can re-drive it
 * once fixed), with why it was refused and where it came from as message attributes.
 */
export const createDeadLetterSink =
  (queueUrl: string, client?: SQSClient): PoisonSink =>
  async (record: SQSRecord, reason: string) => {
    await (client ?? defaultClient()).send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: record.body,
        MessageAttributes: {
          poison_reason: { DataType: "String", StringValue: reason.slice(0, MAX_REASON_LENGTH) },
          source_message_id: { DataType: "String", StringValue: record.messageId },
        },
      }),
    );
  };

/**
 * Removes from a dead-letter queue the messages whose body matches, leaving every other message as it
 * was (made visible again at once). Returns how many it removed. Bounded: it looks at most 100 messages.
 */
export const removeDeadLetters = async (
  queueUrl: string,
  matches: (body: string) => boolean,
  client = instrumented(new SQSClient({})),
): Promise<number> => {
  let removed = 0;
  for (let round = 0; round < 10; round++) {
    const received = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 30,
        WaitTimeSeconds: 0,
      }),
    );
    const messages = received.Messages ?? [];
    if (messages.length === 0) break;
    const hit = messages.filter((m) => matches(m.Body ?? ""));
    const miss = messages.filter((m) => !matches(m.Body ?? ""));
    if (hit.length > 0) {
      await client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: hit.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? "" })),
        }),
      );
      removed += hit.length;
    }
    if (miss.length > 0) {
      await client.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: queueUrl,
          Entries: miss.map((m, i) => ({
            Id: String(i),
            ReceiptHandle: m.ReceiptHandle ?? "",
            VisibilityTimeout: 0,
          })),
        }),
      );
    }
  }
  return removed;
};

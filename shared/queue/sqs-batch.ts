import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import * as z from "../validation/zod-mini.js";

/** A queue consumer: every record's body is parsed with its schema and processed on its own. */
export type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

/**
 * Builds an SQS consumer that reports each failed record as a batch item failure, so only that record
 * returns to the queue (and, after its receive limit, to the dead-letter queue).
 */
export const createQueueConsumer =
  <TSchema extends z.core.$ZodType>(
    name: string,
    schema: TSchema,
    process: (message: z.infer<TSchema>, record: SQSRecord) => Promise<void>,
  ): QueueHandler =>
  async (event) => {
    const failures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      try {
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          throw new Error("Message body is not JSON");
        }
        await process(z.parse(schema, body), record);
      } catch (error) {
        console.error(
          JSON.stringify({
            level: "error",
            message: `${name}: message failed`,
            message_id: record.messageId,
            receive_count: record.attributes?.ApproximateReceiveCount,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };

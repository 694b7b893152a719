import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { logger } from "../observability/logger.js";
import { observedHandler } from "../observability/observed.js";
import * as z from "../validation/zod-mini.js";

/** A queue consumer: every record's body is parsed with its schema and processed on its own. */
export type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

/** Puts a record that can never succeed on the dead-letter queue, with the reason it was refused. */
export type PoisonSink = (record: SQSRecord, reason: string) => Promise<void>;

type Parsed<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly reason: string };

const parseRecord = <TSchema extends z.core.$ZodType>(
  schema: TSchema,
  body: string,
): Parsed<z.infer<TSchema>> => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: "Message body is not JSON" };
  }
  const result = z.safeParse(schema, json);
  return result.success
    ? { ok: true, message: result.data }
    : { ok: false, reason: `Message does not match its schema: ${z.prettifyError(result.error)}` };
};

const log = (level: "error" | "warn", message: string, record: SQSRecord, error: unknown) =>
  logger()[level](message, {
    message_id: record.messageId,
    receive_count: record.attributes?.ApproximateReceiveCount,
    error: error instanceof Error ? error.message : String(error),
  });

/**
 * Builds an SQS consumer that reports each failed record as a batch item failure, so only that record
 * returns to the queue (and, after its receive limit, to the dead-letter queue); only that last failure
 * is logged as an error. A record that cannot
 * be read (not JSON, or not its schema) would fail the same way on every receive, so it goes to the
 * dead-letter queue at once instead of waiting out the retries.
 */
export const createQueueConsumer = <TSchema extends z.core.$ZodType>(
  name: string,
  schema: TSchema,
  process: (message: z.infer<TSchema>, record: SQSRecord) => Promise<void>,
  poison: PoisonSink,
  /** Receives before the queue gives the message up: failures before the last are warnings, retried. */
  maxReceives: () => number,
): QueueHandler =>
  observedHandler(async (event: SQSEvent) => {
    const failures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      const parsed = parseRecord(schema, record.body);
      try {
        if (parsed.ok) {
          await process(parsed.message, record);
        } else {
          await poison(record, parsed.reason);
          log("warn", `${name}: malformed message moved to the dead-letter queue`, record, parsed.reason);
        }
      } catch (error) {
        // A failure the queue will retry is a warning; the last one, bound for the dead-letter queue, an error.
        const receives = Number(record.attributes?.ApproximateReceiveCount ?? "1");
        if (receives >= maxReceives())
          log("error", `${name}: message failed for the last time`, record, error);
        else log("warn", `${name}: message failed, will be retried`, record, error);
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  });

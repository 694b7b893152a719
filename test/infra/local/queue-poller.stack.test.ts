import { randomUUID } from "node:crypto";
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import type { SQSEvent, SQSRecord } from "aws-lambda";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { localQueueUrl } from "../../../infra/local/provision.js";
import { startQueuePoller } from "../../../infra/local/queue-poller.js";
import { createDeadLetterSink } from "../../../shared/aws/sqs-dead-letter.js";
import { createQueueConsumer } from "../../../shared/queue/sqs-batch.js";
import { WAIT_GUARD_MS } from "../../support/hang-guard.js";

const sqs = new SQSClient({});
afterAll(() => sqs.destroy());

const queueWithDeadLetter = async (maxReceiveCount: number) => {
  const name = `poller-test-${randomUUID().slice(0, 8)}`;
  const endpoint = process.env.AWS_ENDPOINT_URL_SQS ?? "";
  await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const deadLetterUrl = localQueueUrl(endpoint, `${name}-dlq`);
  const arn = (
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl: deadLetterUrl, AttributeNames: ["QueueArn"] }))
  ).Attributes?.QueueArn;
  await sqs.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: "1",
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: String(maxReceiveCount) }),
      },
    }),
  );
  return { url: localQueueUrl(endpoint, name), deadLetterUrl };
};

const record = (messageId: string, body: string): SQSRecord => ({
  messageId,
  receiptHandle: "r",
  body,
  attributes: {
    ApproximateReceiveCount: "1",
    SentTimestamp: "0",
    SenderId: "s",
    ApproximateFirstReceiveTimestamp: "0",
  },
  messageAttributes: {},
  md5OfBody: "",
  eventSource: "aws:sqs",
  eventSourceARN: "arn",
  awsRegion: "us-east-1",
});

const waitFor = async (condition: () => boolean, timeoutMs = WAIT_GUARD_MS) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("queue poller with a real SQS (fauxqs)", () => {
  it("hands the worker real SQS batch events and deletes only the records it did not report failed", async () => {
    const { url, deadLetterUrl } = await queueWithDeadLetter(2);
    const attempts = new Map<string, number>();
    const events: SQSEvent[] = [];
    const handler = createQueueConsumer(
      "test",
      z.object({ n: z.number() }),
      async ({ n }) => {
        attempts.set(String(n), (attempts.get(String(n)) ?? 0) + 1);
        if (n === 2) throw new Error("always fails");
      },
      createDeadLetterSink(deadLetterUrl, sqs),
      () => 2,
    );
    // Message 2's first failure is a warning (it will be retried), its last an error (bound for the DLQ).
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const poller = await startQueuePoller(
      sqs,
      url,
      async (event) => {
        events.push(event);
        return handler(event);
      },
      { waitSeconds: 1 },
    );
    try {
      for (const n of [1, 2, 3])
        await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify({ n }) }));
      // Message 2 fails on each of its two receives and then moves to the dead-letter queue.
      await waitFor(() => (attempts.get("2") ?? 0) >= 2);
      let dead: string[] = [];
      const deadline = Date.now() + WAIT_GUARD_MS;
      while (dead.length === 0 && Date.now() < deadline) {
        const received = await sqs.send(
          new ReceiveMessageCommand({ QueueUrl: deadLetterUrl, WaitTimeSeconds: 1 }),
        );
        dead = (received.Messages ?? []).map((m) => m.Body ?? "");
      }
      expect(dead).toEqual(['{"n":2}']);
      expect(attempts.get("1")).toBe(1);
      expect(attempts.get("3")).toBe(1);
      expect(attempts.get("2")).toBe(2);
      const record = events[0]?.Records[0];
      expect(record?.eventSource).toBe("aws:sqs");
      expect(record?.eventSourceARN).toMatch(/^arn:aws:sqs:.+:poller-test-/);
      expect(record?.attributes.ApproximateReceiveCount).toBe("1");
      expect(warnings.mock.calls.map(([line]) => JSON.parse(String(line)).message)).toEqual([
        "test: message failed, will be retried",
      ]);
      expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).message)).toEqual([
        "test: message failed for the last time",
      ]);
    } finally {
      await poller.stop();
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it("sends a body that is not JSON or fails its schema to the dead-letter sink at once, not back to the queue", async () => {
    const poisoned: Array<[string, string]> = [];
    const handler = createQueueConsumer(
      "test",
      z.object({ n: z.number() }),
      async () => undefined,
      async (record, reason) => {
        poisoned.push([record.messageId, reason]);
      },
      () => 5,
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const result = await handler({
        Records: [record("a", "not json"), record("b", '{"n":"one"}'), record("c", '{"n":1}')],
      });
      expect(result).toEqual({ batchItemFailures: [] });
      expect(poisoned).toEqual([
        ["a", "Message body is not JSON"],
        [
          "b",
          "Message does not match its schema: ✖ Invalid input: expected number, received string\n  → at n",
        ],
      ]);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it("a malformed record whose dead-letter send fails is reported failed, so SQS keeps it", async () => {
    const handler = createQueueConsumer(
      "test",
      z.object({ n: z.number() }),
      async () => undefined,
      async () => {
        throw new Error("dead-letter queue unreachable");
      },
      () => 5,
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await handler({ Records: [record("a", "not json"), record("c", '{"n":1}')] });
      expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "a" }] });
    } finally {
      error.mockRestore();
    }
  });

  it("through real SQS a malformed message reaches the dead-letter queue after one receive, body unchanged, with its reason", async () => {
    const { url, deadLetterUrl } = await queueWithDeadLetter(11);
    let received = 0;
    const handler = createQueueConsumer(
      "test",
      z.object({ n: z.number() }),
      async () => undefined,
      createDeadLetterSink(deadLetterUrl, sqs),
      () => 2,
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const poller = await startQueuePoller(
      sqs,
      url,
      async (event) => {
        received += event.Records.length;
        return handler(event);
      },
      { waitSeconds: 1 },
    );
    try {
      const sent = await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "{oops" }));
      let dead: Array<{ body?: string; reason?: string; source?: string }> = [];
      const deadline = Date.now() + WAIT_GUARD_MS;
      while (dead.length === 0 && Date.now() < deadline) {
        const messages = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: deadLetterUrl,
            WaitTimeSeconds: 1,
            MessageAttributeNames: ["All"],
          }),
        );
        dead = (messages.Messages ?? []).map((m) => ({
          body: m.Body,
          reason: m.MessageAttributes?.poison_reason?.StringValue,
          source: m.MessageAttributes?.source_message_id?.StringValue,
        }));
      }
      expect(dead).toEqual([{ body: "{oops", reason: "Message body is not JSON", source: sent.MessageId }]);
      expect(received).toBe(1);
    } finally {
      await poller.stop();
      warn.mockRestore();
    }
  });
});

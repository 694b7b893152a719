import { randomUUID } from "node:crypto";
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import type { SQSEvent } from "aws-lambda";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { localQueueUrl } from "../../../infra/local/provision.js";
import { startQueuePoller } from "../../../infra/local/queue-poller.js";
import { createQueueConsumer } from "../../../shared/queue/sqs-batch.js";

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

const waitFor = async (condition: () => boolean, timeoutMs = 15_000) => {
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
    const handler = createQueueConsumer("test", z.object({ n: z.number() }), async ({ n }) => {
      attempts.set(String(n), (attempts.get(String(n)) ?? 0) + 1);
      if (n === 2) throw new Error("always fails");
    });
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
      const deadline = Date.now() + 10_000;
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
    } finally {
      await poller.stop();
    }
  });

  it("reports a body that is not JSON or fails its schema as a batch item failure", async () => {
    const handler = createQueueConsumer("test", z.object({ n: z.number() }), async () => undefined);
    const record = (messageId: string, body: string) => ({
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
    const original = console.error;
    console.error = () => undefined;
    try {
      const result = await handler({
        Records: [record("a", "not json"), record("b", '{"n":"one"}'), record("c", '{"n":1}')],
      });
      expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "a" }, { itemIdentifier: "b" }] });
    } finally {
      console.error = original;
    }
  });
});

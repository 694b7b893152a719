import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { afterAll, describe, expect, it } from "vitest";
import { stopChild } from "../../../infra/local/child-process.js";
import { startFauxqs } from "../../../infra/local/fauxqs-process.js";
import {
  type LocalStackConfig,
  localConfigFromEnv,
  localEndpoints,
} from "../../../infra/local/local-environment.js";
import { createLocalBucket, createLocalQueues } from "../../../infra/local/provision.js";
import { freePort } from "../../support/free-port.js";

const stateDirs: string[] = [];
afterAll(() => {
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

const clientOptions = (config: LocalStackConfig) => ({
  endpoint: localEndpoints(config).fauxqs,
  region: "us-east-1",
  credentials: { accessKeyId: "local", secretAccessKey: "local" },
});

/** Starts fauxqs as the local stack does and provisions its queues and bucket (idempotent on a restart). */
const startProvisioned = async (config: LocalStackConfig) => {
  const fauxqs = await startFauxqs(config);
  try {
    await fauxqs.ready;
    await createLocalBucket(config);
    return { child: fauxqs.child, queueUrls: await createLocalQueues(config) };
  } catch (error) {
    await stopChild(fauxqs.child);
    throw error;
  }
};

describe("fauxqs in persistent local mode", () => {
  it("keeps an uploaded image and a queued e-mail job across a restart", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "marketplace-fauxqs-"));
    stateDirs.push(stateDir);
    const config = localConfigFromEnv({
      LOCAL_STATE: "disk",
      LOCAL_STATE_DIR: stateDir,
      FAUXQS_PORT: String(await freePort()),
    });
    expect(config.persist).toBe(true);
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

    const first = await startProvisioned(config);
    const s3 = new S3Client({ ...clientOptions(config), forcePathStyle: true });
    const sqs = new SQSClient(clientOptions(config));
    try {
      await s3.send(
        new PutObjectCommand({
          Bucket: config.imageBucket,
          Key: "products/42/image.png",
          Body: image,
          ContentType: "image/png",
        }),
      );
      await sqs.send(
        new SendMessageCommand({ QueueUrl: first.queueUrls.emails, MessageBody: '{"job":"kept"}' }),
      );
    } finally {
      await stopChild(first.child);
    }

    const second = await startProvisioned(config);
    try {
      const object = await s3.send(
        new GetObjectCommand({ Bucket: config.imageBucket, Key: "products/42/image.png" }),
      );
      expect(object.ContentType).toBe("image/png");
      expect(Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()))).toEqual(image);
      const received = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: second.queueUrls.emails, MaxNumberOfMessages: 10 }),
      );
      expect(received.Messages?.map((message) => message.Body)).toEqual(['{"job":"kept"}']);
    } finally {
      s3.destroy();
      sqs.destroy();
      await stopChild(second.child);
    }
  });

  it("a restart with another webhook retry schedule takes the new schedule instead of failing to start", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "marketplace-fauxqs-"));
    stateDirs.push(stateDir);
    const config = localConfigFromEnv({
      LOCAL_STATE: "disk",
      LOCAL_STATE_DIR: stateDir,
      FAUXQS_PORT: String(await freePort()),
    });
    const schedule = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
    const first = await startProvisioned(config);
    await stopChild(first.child);
    process.env.WEBHOOK_RETRY_DELAYS_SECONDS = "1,1";
    const sqs = new SQSClient(clientOptions(config));
    try {
      const second = await startProvisioned(config);
      try {
        const attributes = await sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl: second.queueUrls.webhooks,
            AttributeNames: ["RedrivePolicy"],
          }),
        );
        // Two delays: three receives, then the dead-letter queue.
        expect(Number(JSON.parse(attributes.Attributes?.RedrivePolicy ?? "{}").maxReceiveCount)).toBe(3);
      } finally {
        await stopChild(second.child);
      }
    } finally {
      process.env.WEBHOOK_RETRY_DELAYS_SECONDS = schedule;
      sqs.destroy();
    }
  });
});

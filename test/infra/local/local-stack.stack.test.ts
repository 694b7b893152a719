import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, it, vi } from "vitest";
import { localConfigFromEnv, localCredentials } from "../../../infra/local/local-environment.js";
import { startLocalStack } from "../../../infra/local/local-stack.js";
import { freePort } from "../../support/free-port.js";
import { withFreshPorts } from "../../support/port-conflicts.js";
import { childPids, waitUntilGone } from "../../support/processes.js";
import { workerStack } from "../../support/worker-stack.js";

const stateDir = mkdtempSync(join(tmpdir(), "marketplace-local-stack-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

/** This process's child whose command line holds `marker` (a port both children are started with). */
const childWith = (marker: string): number => {
  const pid = childPids(process.pid).find((c) =>
    readFileSync(`/proc/${c}/cmdline`, "utf8").split("\0").join(" ").includes(marker),
  );
  if (pid === undefined) throw new Error(`no child runs with ${marker}`);
  return pid;
};

describe("local stack stop", () => {
  it("tells every poller to stop at once, so fauxqs ended by the same Ctrl-C logs no failed poll", async () => {
    const { ports: config, result: stack } = await withFreshPorts(
      async () =>
        localConfigFromEnv({
          PORT: "0",
          DYNAMODB_LOCAL_PORT: String(await freePort()),
          FAUXQS_PORT: String(await freePort()),
          LOCAL_STATE: "memory",
          LOCAL_STATE_DIR: stateDir,
        }),
      startLocalStack,
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let java = 0;
    try {
      java = childWith(`-port ${config.dynamoPort}`);
      const fauxqs = childWith(`"port":${config.fauxqsPort}`);
      // A frozen DynamoDB Local holds the stream pollers' requests, so stopping them takes as long as it
      // stays frozen: the queue pollers must not be left polling meanwhile.
      process.kill(java, "SIGSTOP");
      await new Promise((r) => setTimeout(r, 500));
      const stopped = stack.stop();
      process.kill(fauxqs, "SIGKILL");
      await new Promise((r) => setTimeout(r, 2500));
      process.kill(java, "SIGCONT");
      await stopped;
      expect(errors.mock.calls).toEqual([]);
      expect(await waitUntilGone([java, fauxqs])).toEqual([]);
    } finally {
      errors.mockRestore();
      // A failed assertion above may leave it frozen, and the stack running; gone already is fine.
      try {
        if (java !== 0) process.kill(java, "SIGCONT");
      } catch {}
      await stack.stop();
    }
  });
});

describe("a local stack on a DynamoDB Local started elsewhere", () => {
  /** The port of the run's DynamoDB Local (the environment is the last started stack's, here). */
  const runDynamoPort = () => workerStack().opsEnv.DYNAMODB_LOCAL_PORT ?? "";

  it("starts no JVM of its own, serves from a database of its own, and leaves that DynamoDB Local running when it stops", async () => {
    const { ports: config, result: stack } = await withFreshPorts(
      async () =>
        localConfigFromEnv({
          PORT: "0",
          DYNAMODB_LOCAL_PORT: runDynamoPort(),
          DYNAMODB_LOCAL_EXTERNAL: "true",
          DYNAMODB_LOCAL_DATABASE: `external${process.pid}`,
          FAUXQS_PORT: String(await freePort()),
          LOCAL_STATE: "memory",
          LOCAL_STATE_DIR: stateDir,
        }),
      startLocalStack,
    );
    const client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${config.dynamoPort}`,
      region: "us-east-1",
      credentials: localCredentials(config),
    });
    try {
      const jvms = childPids(process.pid).filter((c) =>
        readFileSync(`/proc/${c}/cmdline`, "utf8").includes("DynamoDBLocal.jar"),
      );
      expect(jvms).toEqual([]);
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([config.tableName]);
      const answer = await fetch(`${stack.url}/api/v2/balance`);
      expect(answer.status).toBe(401);
    } finally {
      await stack.stop();
    }
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([config.tableName]);
    client.destroy();
  });

  it("fails at once, saying what to do, when none answers on its port", async () => {
    const config = localConfigFromEnv({
      PORT: "0",
      DYNAMODB_LOCAL_PORT: String(await freePort()),
      DYNAMODB_LOCAL_EXTERNAL: "true",
      FAUXQS_PORT: String(await freePort()),
      LOCAL_STATE: "memory",
      LOCAL_STATE_DIR: stateDir,
    });
    await expect(startLocalStack(config)).rejects.toThrow(
      `DynamoDB Local does not answer on 127.0.0.1:${config.dynamoPort} (DYNAMODB_LOCAL_EXTERNAL=true: the stack starts none; start it first)`,
    );
  });
});

describe("a stop asked for during the start-up", () => {
  it("after the gateway listens, while the pollers start, ends the start-up and everything it started instead of serving on", async () => {
    const stopping = new AbortController();
    const { ports: config, result: outcome } = await withFreshPorts(
      async () =>
        localConfigFromEnv({
          PORT: String(await freePort()),
          DYNAMODB_LOCAL_PORT: String(await freePort()),
          FAUXQS_PORT: String(await freePort()),
          LOCAL_STATE: "memory",
          LOCAL_STATE_DIR: stateDir,
        }),
      (settings) =>
        startLocalStack(settings, {
          // Ctrl-C in the moment after this line, as a user who sees it and stops the stack may press it.
          onStep: (step) => {
            if (step.startsWith("gateway listening")) stopping.abort(new Error("SIGINT"));
          },
          signal: stopping.signal,
        }).then(
          async (stack) => {
            await stack.stop();
            return "served";
          },
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
    );
    expect(outcome).toBe("SIGINT");
    const children = childPids(process.pid).filter((c) =>
      readFileSync(`/proc/${c}/cmdline`, "utf8").split("\0").join(" ").includes(`-port ${config.dynamoPort}`),
    );
    expect(children).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${config.port}/api/v2/balance`)).rejects.toThrow("fetch failed");
  });
});

import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  compiledLauncher,
  dynamoDbLocalArguments,
  dynamoDbLocalHome,
} from "../../../infra/local/dynamodb-local.js";
import { localConfigFromEnv } from "../../../infra/local/local-environment.js";

const cacheRoot = mkdtempSync(join(tmpdir(), "launcher-cache-"));
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

describe("DynamoDB Local's loopback launcher", () => {
  it("is compiled once into the cache and reused by every later start, not compiled by each JVM", async () => {
    const home = dynamoDbLocalHome();
    const first = await compiledLauncher(home, cacheRoot);
    const classFile = join(first, "DynamoDbLocalOnLoopback.class");
    const compiledAt = statSync(classFile).mtimeMs;
    const again = await Promise.all([compiledLauncher(home, cacheRoot), compiledLauncher(home, cacheRoot)]);
    expect(again).toEqual([first, first]);
    expect(statSync(classFile).mtimeMs).toBe(compiledAt);
    // One folder for this source and release; no half-written compile left beside it.
    expect(readdirSync(cacheRoot)).toHaveLength(1);
  });

  it("runs the compiled class with the stack's address, port and storage, after JVM options for a server that serves for minutes", () => {
    const config = localConfigFromEnv({ DYNAMODB_LOCAL_PORT: "8123", LOCAL_STATE: "memory" });
    expect(dynamoDbLocalArguments(config, "/dl", "/cache/abc")).toEqual([
      "-XX:+UseParallelGC",
      "-Djava.library.path=/dl/DynamoDBLocal_lib",
      "-cp",
      "/dl/DynamoDBLocal.jar:/cache/abc",
      "DynamoDbLocalOnLoopback",
      "127.0.0.1",
      "-port",
      "8123",
      "-sharedDb",
      "-disableTelemetry",
      "-inMemory",
    ]);
  });

  it("keeps a database per access key when started for the test run's stacks: no -sharedDb", () => {
    const config = localConfigFromEnv({ DYNAMODB_LOCAL_PORT: "8123", LOCAL_STATE: "memory" });
    const shared = dynamoDbLocalArguments(config, "/dl", "/cache/abc");
    expect(dynamoDbLocalArguments(config, "/dl", "/cache/abc", "per-key")).toEqual(
      shared.filter((argument) => argument !== "-sharedDb"),
    );
    expect(shared).toContain("-sharedDb");
  });
});

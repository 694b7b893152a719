import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  applyLocalEnvironment,
  LOCAL_STACK_SETTINGS,
  localConfigFromEnv,
  localCredentials,
  localSecret,
} from "../../../infra/local/local-environment.js";

const scratch = mkdtempSync(join(tmpdir(), "local-state-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const permissions = (path: string) => statSync(path).mode & 0o777;

describe("the local state folder", () => {
  it("is created readable by its owner alone (0700), with the master secret 0600 inside", () => {
    const stateDir = join(scratch, "new");
    const config = { ...localConfigFromEnv({}), stateDir };
    localSecret(config, "master-secret");
    expect(permissions(stateDir)).toBe(0o700);
    expect(permissions(join(stateDir, "master-secret"))).toBe(0o600);
  });

  it("is tightened to 0700 when an older version left it 0755", () => {
    const stateDir = join(scratch, "old");
    mkdirSync(stateDir);
    chmodSync(stateDir, 0o755);
    localSecret({ ...localConfigFromEnv({}), stateDir }, "master-secret");
    expect(permissions(stateDir)).toBe(0o700);
  });
});

describe("the stack's DynamoDB Local settings", () => {
  it('start a DynamoDB Local of the stack\'s own and send the key "local" when none is set', () => {
    const config = localConfigFromEnv({ LOCAL_STATE: "memory" });
    expect([config.dynamoExternal, config.dynamoDatabase]).toEqual([false, "local"]);
    expect(localCredentials(config)).toEqual({ accessKeyId: "local", secretAccessKey: "local" });
  });

  it("use a DynamoDB Local started elsewhere, and name the stack's database by the key every client sends", () => {
    const config = localConfigFromEnv({
      LOCAL_STATE: "memory",
      LOCAL_STATE_DIR: join(scratch, "external"),
      DYNAMODB_LOCAL_EXTERNAL: "true",
      DYNAMODB_LOCAL_DATABASE: "stack2",
    });
    expect([config.dynamoExternal, config.dynamoDatabase]).toEqual([true, "stack2"]);
    const env: NodeJS.ProcessEnv = {};
    applyLocalEnvironment(config, env);
    expect([env.AWS_ACCESS_KEY_ID, env.AWS_SECRET_ACCESS_KEY]).toEqual(["stack2", "local"]);
    expect(localCredentials(config)).toEqual({ accessKeyId: "stack2", secretAccessKey: "local" });
    expect(localConfigFromEnv({ DYNAMODB_LOCAL_EXTERNAL: "false" }).dynamoExternal).toBe(false);
  });

  it("refuse a database name DynamoDB Local could not name a file after, and an unclear switch", () => {
    expect(() => localConfigFromEnv({ DYNAMODB_LOCAL_DATABASE: "../other" })).toThrow(
      'DYNAMODB_LOCAL_DATABASE must be 1-64 letters or digits, got "../other"',
    );
    expect(() => localConfigFromEnv({ DYNAMODB_LOCAL_DATABASE: "a".repeat(65) })).toThrow(
      "DYNAMODB_LOCAL_DATABASE must be 1-64 letters or digits",
    );
    expect(() => localConfigFromEnv({ DYNAMODB_LOCAL_EXTERNAL: "yes" })).toThrow(
      'DYNAMODB_LOCAL_EXTERNAL must be "true" or "false", got "yes"',
    );
  });
});

describe("LOCAL_STACK_SETTINGS", () => {
  it("names every variable the stack's settings are read from, so a start test can leave out all of them", () => {
    const read = new Set<string>();
    const env = new Proxy({} as NodeJS.ProcessEnv, {
      get: (_, name) => {
        if (typeof name === "string") read.add(name);
        return undefined;
      },
    });
    localConfigFromEnv(env);
    expect([...read].sort()).toEqual([...LOCAL_STACK_SETTINGS].sort());
  });
});

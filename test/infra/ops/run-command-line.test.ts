import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { runCommandLine } from "../../../infra/ops/run-command-line.js";

/** Runs one command line in this process with its own sinks and environment. */
const run = async (args: string[], env: NodeJS.ProcessEnv) => {
  let stdout = "";
  let stderr = "";
  const code = await runCommandLine(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  });
  return { code, stdout, stderr };
};

describe("the ops CLI run in a process of its caller's", () => {
  it("writes help to the given stdout and returns exit code 0, nothing on stderr", async () => {
    const result = await run(["payout", "--help"], {});
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.split("\n")[0]).toBe("usage: npm run -s ops -- <command> [arguments]");
    expect(result.stdout.split("\n").filter((line) => line.startsWith("  payout "))).toHaveLength(3);
  });

  it("reads its target from the given environment, not the process's: OPS_TARGET=aws without TABLE_NAME exits 1 naming it", async () => {
    const env: NodeJS.ProcessEnv = { OPS_TARGET: "aws" };
    const result = await run(["category", "create", "--id", "5", "--name", "N", "--slug", "n"], env);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "OPS_TARGET=aws needs TABLE_NAME (see the stack outputs)\n",
    });
    expect(process.env.OPS_TARGET).toBeUndefined();
  });

  it("with OPS_TARGET=aws turns the services' metrics off in the given environment, so no EMF line joins a command's output", async () => {
    const env: NodeJS.ProcessEnv = { OPS_TARGET: "aws", TABLE_NAME: "t", MASTER_SECRET_ARN: "arn:s" };
    const result = await run(["account", "create", "--vip"], env);
    expect(result.code).toBe(2);
    expect(env.POWERTOOLS_METRICS_DISABLED).toBe("true");
    expect(process.env.POWERTOOLS_METRICS_DISABLED).toBeUndefined();
  });

  it("writes the local stack's environment into the given environment, leaving the process's alone", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "ops-run-"));
    onTestFinished(() => rmSync(stateDir, { recursive: true, force: true }));
    const env: NodeJS.ProcessEnv = { LOCAL_STATE_DIR: stateDir, DYNAMODB_LOCAL_PORT: "1" };
    // Set when this worker's run also started the local stack, unset otherwise: either way, untouched.
    const processEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    // An unknown flag is refused after the target is chosen and before any service is reached.
    const result = await run(["account", "create", "--vip"], env);
    expect(result.code).toBe(2);
    expect({ table: env.TABLE_NAME, dynamodb: env.AWS_ENDPOINT_URL_DYNAMODB }).toEqual({
      table: "marketplace",
      dynamodb: "http://127.0.0.1:1",
    });
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(processEndpoint);
  });
});

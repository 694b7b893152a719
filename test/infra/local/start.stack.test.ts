import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../support/free-port.js";
import { childPids, isAlive, waitUntilGone } from "../../support/processes.js";

const stateDirs: string[] = [];
afterAll(() => {
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts `npm start`'s program (optionally under a shell, as npm runs it) on fresh ports. */
const startStack = async (viaShell: boolean) => {
  const stateDir = mkdtempSync(join(tmpdir(), "marketplace-start-"));
  stateDirs.push(stateDir);
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DYNAMODB_LOCAL_PORT: String(await freePort()),
    FAUXQS_PORT: String(await freePort()),
    LOCAL_STATE: "memory",
    LOCAL_STATE_DIR: stateDir,
  };
  const command = `"${process.execPath}" --import tsx infra/local/start.ts`;
  // `; true` keeps the shell alive as the parent, the way npm's `sh -c` is.
  const child: ChildProcess = viaShell
    ? spawn("sh", ["-c", `${command}; true`], { env, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, ["--import", "tsx", "infra/local/start.ts"], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes(`listening on http://127.0.0.1:${port}`)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`stack did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, output: () => output };
};

const stackProcesses = (child: ChildProcess, viaShell: boolean) => {
  const pid = child.pid ?? 0;
  const stackPid = viaShell ? (childPids(pid)[0] ?? 0) : pid;
  return { stackPid, children: childPids(stackPid) };
};

describe("npm start", () => {
  it("serves the API once it prints its listening line", async () => {
    const { child, port } = await startStack(false);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/api-key/create`, { method: "POST" });
      expect(response.status).toBe(401);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops DynamoDB Local and fauxqs on %s and exits 0",
    async (signal) => {
      const { child } = await startStack(false);
      const { children } = stackProcesses(child, false);
      expect(children).toHaveLength(2);
      expect(children.every(isAlive)).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(await waitUntilGone(children)).toEqual([]);
    },
  );

  it("stops itself and its children when the process that started it dies", async () => {
    const { child } = await startStack(true);
    const { stackPid, children } = stackProcesses(child, true);
    expect(children).toHaveLength(2);
    // What happens to npm's shell when npm is killed: it goes, and the stack is left without its parent.
    child.kill("SIGKILL");
    expect(await waitUntilGone([stackPid, ...children])).toEqual([]);
  });
});

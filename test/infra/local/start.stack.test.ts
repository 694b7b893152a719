import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../support/free-port.js";
import { childPids, isAlive, waitUntilGone } from "../../support/processes.js";

const stateDirs: string[] = [];
afterAll(() => {
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts `npm start`'s program (optionally under a shell, as npm runs it) on fresh ports; `ownGroup`
 * gives it its own process group, as a terminal gives the foreground job.
 */
const startStack = async (viaShell: boolean, ownGroup = false) => {
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
        detached: ownGroup,
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

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};

/**
 * The stack's process and its children. tsx's esbuild service is a child too whenever tsx had a file to
 * compile (a cold cache, a source just edited); it is not the stack's, so it is left out.
 */
const stackProcesses = (child: ChildProcess, viaShell: boolean) => {
  const pid = child.pid ?? 0;
  const stackPid = viaShell ? (childPids(pid)[0] ?? 0) : pid;
  const children = childPids(stackPid).filter((c) => !commandLine(c).includes("esbuild"));
  return { stackPid, children };
};

/** The child of the stack whose command line mentions `marker` (DynamoDB Local's jar, our fauxqs entry). */
const childRunning = (stackPid: number, marker: string): number => {
  const pid = childPids(stackPid).find((c) => commandLine(c).includes(marker));
  if (pid === undefined) throw new Error(`no child of ${stackPid} runs ${marker}`);
  return pid;
};

/** Stops a stack a failed test left running, through its own shutdown so its children go too. */
const stopIfRunning = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
};

/** The exit code, or null if the process is still running after `timeoutMs`. */
const exitCodeWithin = (child: ChildProcess, timeoutMs: number): Promise<number | null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

// Start-up alone may take most of the default 30 s on a busy two-core machine (DynamoDB Local is a JVM).
describe("npm start", { timeout: 90_000 }, () => {
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

  it.each([
    ["DynamoDB Local", "DynamoDBLocal.jar"],
    ["fauxqs", "fauxqs-main.ts"],
  ])(
    "exits 1 with one line naming %s and its signal when it dies, and stops the other child",
    async (name, marker) => {
      const { child, output } = await startStack(false);
      try {
        const { children } = stackProcesses(child, false);
        process.kill(childRunning(child.pid ?? 0, marker), "SIGKILL");
        expect(await exitCodeWithin(child, 10_000)).toBe(1);
        const lines = output().split("\n");
        expect(lines.filter((line) => line.includes("exited unexpectedly"))).toEqual([
          `${name} exited unexpectedly (signal SIGKILL): stopping the local stack`,
        ]);
        expect(await waitUntilGone(children)).toEqual([]);
      } finally {
        await stopIfRunning(child);
      }
    },
  );

  it("exits 0 without reporting a dead child when Ctrl-C reaches its whole process group", async () => {
    const { child, output } = await startStack(false, true);
    try {
      const { children } = stackProcesses(child, false);
      expect(children).toHaveLength(2);
      // A terminal's Ctrl-C goes to every process of the foreground job: the children get it too.
      process.kill(-(child.pid ?? 0), "SIGINT");
      expect(await exitCodeWithin(child, 15_000)).toBe(0);
      expect(output()).not.toContain("exited unexpectedly");
      expect(await waitUntilGone(children)).toEqual([]);
    } finally {
      await stopIfRunning(child);
    }
  });
});

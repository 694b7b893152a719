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
 * How the stack is started: `node` runs its program directly, `shell` under a shell that stays its
 * parent (as npm's `sh -c` did before the script exec'd node), `npm` through `npm start` as a user does.
 */
type Launch = "node" | "shell" | "npm";

/**
 * Starts the stack on fresh ports; `ownGroup` gives it its own process group, as a terminal gives the
 * foreground job. `untilLine` is what to wait for before returning (the listening line by default).
 */
const startStack = async (launch: Launch, ownGroup = false, untilLine?: string) => {
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
  const options = {
    env,
    stdio: ["ignore", "pipe", "pipe"] as ["ignore", "pipe", "pipe"],
    detached: ownGroup,
  };
  const child: ChildProcess =
    launch === "npm"
      ? spawn("npm", ["start"], options)
      : launch === "shell"
        ? // `; true` keeps the shell alive as the parent.
          spawn("sh", ["-c", `${command}; true`], options)
        : spawn(process.execPath, ["--import", "tsx", "infra/local/start.ts"], options);
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const awaited = untilLine ?? `listening on http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!output.includes(awaited)) {
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

/** The node process running start.ts below `pid`, however many shells npm put in between. */
const stackDescendant = (pid: number): number => {
  for (const c of childPids(pid)) {
    const [program = "", ...args] = commandLine(c).split("\0");
    if (program.endsWith("node") && args.includes("infra/local/start.ts")) return c;
    const below = stackDescendant(c);
    if (below !== 0) return below;
  }
  return 0;
};

/**
 * The stack's process and its children. tsx's esbuild service is a child too whenever tsx had a file to
 * compile (a cold cache, a source just edited); it is not the stack's, so it is left out.
 */
const stackProcesses = (child: ChildProcess, launch: Launch) => {
  const pid = child.pid ?? 0;
  const stackPid = launch === "node" ? pid : stackDescendant(pid);
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
  it("prints each start-up step, the children with the seconds they took, then serves the API", async () => {
    const { child, port, output } = await startStack("node");
    try {
      const lines = output()
        .split("\n")
        .slice(0, 11)
        .map((line) => line.replace(/\d+\.\d s/, "<t> s").replace(/:\d+/g, ":<port>"));
      expect(lines.slice(3, 5).sort()).toEqual([
        "  DynamoDB Local ready after <t> s",
        "  fauxqs ready after <t> s",
      ]);
      expect([...lines.slice(0, 3), ...lines.slice(5)]).toEqual([
        "Starting the marketplace local stack",
        "  DynamoDB Local starting on :<port> (in memory)",
        "  fauxqs (SQS and S3) starting on :<port>",
        "  table marketplace ready",
        "  queues ready: marketplace-webhooks, marketplace-webhooks-dlq, marketplace-emails, marketplace-emails-dlq",
        "  bucket marketplace-images ready",
        "  gateway listening on :<port>",
        "  pollers running: table stream (outbox, catalogue), queues (webhooks, emails); ready after <t> s",
        "Marketplace local stack listening on http://127.0.0.1:<port>",
      ]);
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
      const { child } = await startStack("node");
      const { children } = stackProcesses(child, "node");
      expect(children).toHaveLength(2);
      expect(children.every(isAlive)).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(await waitUntilGone(children)).toEqual([]);
    },
  );

  it("stops itself and its children when the process that started it dies", async () => {
    const { child } = await startStack("shell");
    const { stackPid, children } = stackProcesses(child, "shell");
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
      const { child, output } = await startStack("node");
      try {
        const { children } = stackProcesses(child, "node");
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
    const { child, output } = await startStack("node", true);
    try {
      const { children } = stackProcesses(child, "node");
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

  it.each(["SIGINT", "SIGTERM"] as const)(
    "`npm start` stops, with DynamoDB Local and fauxqs, within 10 s and exits 0 when npm's pid gets %s",
    async (signal) => {
      const { child, output } = await startStack("npm");
      try {
        const { stackPid, children } = stackProcesses(child, "npm");
        expect(children).toHaveLength(2);
        child.kill(signal);
        expect(await exitCodeWithin(child, 10_000)).toBe(0);
        expect(await waitUntilGone([stackPid, ...children], 2000)).toEqual([]);
        expect(output()).toContain(`${signal}: stopping the local stack\nlocal stack stopped\n`);
        expect(output()).not.toContain('"level":"error"');
      } finally {
        await stopIfRunning(child);
      }
    },
  );

  it("`npm start` exits 0 with no error line when Ctrl-C reaches npm, the stack and its children", async () => {
    const { child, output } = await startStack("npm", true);
    try {
      const { stackPid, children } = stackProcesses(child, "npm");
      expect(children).toHaveLength(2);
      // Let the pollers settle into their long polls, which the children's end would cut.
      await new Promise((r) => setTimeout(r, 1500));
      process.kill(-(child.pid ?? 0), "SIGINT");
      expect(await exitCodeWithin(child, 15_000)).toBe(0);
      expect(await waitUntilGone([stackPid, ...children], 2000)).toEqual([]);
      expect(output()).toContain("SIGINT: stopping the local stack\nlocal stack stopped\n");
      expect(output()).not.toContain("exited unexpectedly");
      expect(output()).not.toContain('"level":"error"');
    } finally {
      await stopIfRunning(child);
    }
  });

  it("`npm start` interrupted while DynamoDB Local starts stops what had started and exits 0", async () => {
    const { child, output } = await startStack("npm", false, "fauxqs (SQS and S3) starting on");
    try {
      const { stackPid, children } = stackProcesses(child, "npm");
      expect(children).toHaveLength(2);
      child.kill("SIGINT");
      expect(await exitCodeWithin(child, 10_000)).toBe(0);
      expect(await waitUntilGone([stackPid, ...children], 2000)).toEqual([]);
      expect(output()).toContain("SIGINT: stopping the local stack\nlocal stack stopped\n");
    } finally {
      await stopIfRunning(child);
    }
  });
});

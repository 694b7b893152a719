import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LOCAL_STACK_SETTINGS } from "../../../infra/local/local-environment.js";
import { freePort } from "../../support/free-port.js";
import { PORT_ATTEMPTS, PORT_TAKEN } from "../../support/port-conflicts.js";
import {
  childPids,
  commandLine,
  isAlive,
  killProcessesWithEnv,
  processesWithEnv,
  waitUntilGone,
} from "../../support/processes.js";

const stateDirs: string[] = [];
afterAll(() => {
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The variable that marks every process of one started stack: npm, its shell, the stack's node, DynamoDB
 * Local's java and fauxqs all inherit it, so a run's processes are found wherever re-parenting put them.
 */
const RUN = "MARKETPLACE_START_TEST_RUN";

/** `env` without the local stack's settings: a start test sets the ones it means. */
const withoutStackSettings = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(env).filter(([name]) => !(LOCAL_STACK_SETTINGS as readonly string[]).includes(name)),
  );

/** Runs started by the test in progress: whatever ends the test (a time-out included), they end after it. */
const runsOfThisTest: string[] = [];
afterEach(async () => {
  await Promise.all(runsOfThisTest.splice(0).map((run) => killProcessesWithEnv(RUN, run)));
});

/**
 * How the stack is started: `node` runs its program directly, `shell` under a shell that stays its
 * parent (as npm's `sh -c` did before the script exec'd node), `npm` through `npm start` as a user does.
 */
type Launch = "node" | "shell" | "npm";

interface StartOptions {
  /** Its own process group, as a terminal gives the foreground job. */
  readonly ownGroup?: boolean;
  /** What to wait for before returning (the listening line by default). */
  readonly untilLine?: string;
  /** The run's marker (a fresh one by default), for a test that looks for the run's processes itself. */
  readonly run?: string;
  /** Settings over the fresh ports and the in-memory state a run gets. */
  readonly env?: Record<string, string>;
  /** Giving up on the wait, as a deadline would. */
  readonly signal?: AbortSignal;
}

/** A started stack: the process the test spawned, the gateway's port and everything printed so far. */
interface StackRun {
  readonly child: ChildProcess;
  readonly port: number;
  readonly run: string;
  output(): string;
}

/**
 * Resolves once the output holds `line`. There is no deadline: a slow machine is not a failure, and a
 * stack that never prints it is ended by the test's own hang guard. Fails if the process exits first or
 * `signal` gives up.
 */
const printed = (child: ChildProcess, output: () => string, line: string, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output().includes(line)) done(resolve);
    };
    const exited = () =>
      done(() => reject(new Error(`stack exited before printing "${line}":\n${output()}`)));
    const gaveUp = () => done(() => reject(new Error(`gave up waiting for "${line}":\n${output()}`)));
    const done = (settle: () => void) => {
      child.stdout?.off("data", check);
      child.stderr?.off("data", check);
      child.off("close", exited);
      signal?.removeEventListener("abort", gaveUp);
      settle();
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    // "close", not "exit": the last lines may still be in the pipe when the process has exited.
    child.once("close", exited);
    signal?.addEventListener("abort", gaveUp, { once: true });
    check();
    if (signal?.aborted) gaveUp();
  });

/**
 * Starts the stack on fresh ports and waits for `untilLine`. Every process of the run carries its marker,
 * and a start that fails or is given up on ends all of them before the error reaches the test.
 */
const startStackOnce = async (launch: Launch, run: string, options: StartOptions): Promise<StackRun> => {
  const stateDir = mkdtempSync(join(tmpdir(), "marketplace-start-"));
  stateDirs.push(stateDir);
  const port = await freePort();
  const env = {
    // A worker keeps its environment from file to file: an ops file before this one left its stack's
    // settings there (DYNAMODB_LOCAL_EXTERNAL among them), and this stack must start as `npm start` does.
    ...withoutStackSettings(process.env),
    PORT: String(port),
    DYNAMODB_LOCAL_PORT: String(await freePort()),
    FAUXQS_PORT: String(await freePort()),
    LOCAL_STATE: "memory",
    LOCAL_STATE_DIR: stateDir,
    // These stacks live seconds: DynamoDB Local's JIT stops at its first tier, through the JVM's own
    // variable, and each start takes about 1 s less CPU than one built to serve for minutes.
    JAVA_TOOL_OPTIONS: "-XX:TieredStopAtLevel=1",
    ...options.env,
    [RUN]: run,
  };
  const command = `"${process.execPath}" --import tsx infra/local/start.ts`;
  const spawnOptions = {
    env,
    stdio: ["ignore", "pipe", "pipe"] as ["ignore", "pipe", "pipe"],
    detached: options.ownGroup ?? false,
  };
  runsOfThisTest.push(run);
  const child: ChildProcess =
    launch === "npm"
      ? spawn("npm", ["start"], spawnOptions)
      : launch === "shell"
        ? // `; true` keeps the shell alive as the parent.
          spawn("sh", ["-c", `${command}; true`], spawnOptions)
        : spawn(process.execPath, ["--import", "tsx", "infra/local/start.ts"], spawnOptions);
  let output = "";
  const keep = (c: Buffer) => {
    output += c.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  try {
    await printed(
      child,
      () => output,
      options.untilLine ?? `listening on http://127.0.0.1:${port}`,
      options.signal,
    );
  } catch (error) {
    await killProcessesWithEnv(RUN, run);
    throw error;
  }
  return { child, port, run, output: () => output };
};

/**
 * Starts the stack (see startStackOnce). A fresh port taken before the stack bound it (another suite on
 * the machine) costs fresh ports and a second start; ports the test chose are its point and never retried.
 */
const startStack = async (launch: Launch, options: StartOptions = {}): Promise<StackRun> => {
  const run = options.run ?? randomUUID();
  const choosesPorts = ["PORT", "DYNAMODB_LOCAL_PORT", "FAUXQS_PORT"].some((name) => options.env?.[name]);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(launch, run, options);
    } catch (error) {
      const retry = !choosesPorts && !options.signal?.aborted && attempt < PORT_ATTEMPTS;
      if (!retry || !PORT_TAKEN.test(error instanceof Error ? error.message : String(error))) throw error;
    }
  }
};

/** Runs `body` against a started stack, then ends every process of the run, whether `body` passed or threw. */
const withStack = async <T>(
  launch: Launch,
  options: StartOptions,
  body: (stack: StackRun) => Promise<T>,
): Promise<T> => {
  const stack = await startStack(launch, options);
  try {
    return await body(stack);
  } finally {
    await killProcessesWithEnv(RUN, stack.run);
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

/** The run's DynamoDB Local and fauxqs processes, by what their command lines hold. */
const servicesOfRun = (run: string) => {
  const lines = processesWithEnv(RUN, run).map(commandLine);
  return {
    dynamoDbLocal: lines.filter((line) => line.includes("DynamoDBLocal.jar")).length,
    fauxqs: lines.filter((line) => line.includes("fauxqs-main.ts")).length,
  };
};

/** The exit code, once the process has exited (the test's hang guard bounds the wait). */
const exitCode = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once("exit", (code) => resolve(code)));

describe("npm start", () => {
  it("prints each start-up step, the children with the seconds they took, then serves the API", async () => {
    await withStack("node", {}, async ({ port, output }) => {
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
    });
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops DynamoDB Local and fauxqs on %s and exits 0",
    async (signal) => {
      await withStack("node", {}, async ({ child }) => {
        const { children } = stackProcesses(child, "node");
        expect(children).toHaveLength(2);
        expect(children.every(isAlive)).toBe(true);
        child.kill(signal);
        expect(await exitCode(child)).toBe(0);
        expect(await waitUntilGone(children)).toEqual([]);
      });
    },
  );

  it("stops itself and its children when the process that started it dies", async () => {
    await withStack("shell", {}, async ({ child }) => {
      const { stackPid, children } = stackProcesses(child, "shell");
      expect(children).toHaveLength(2);
      // What happens to npm's shell when npm is killed: it goes, and the stack is left without its parent.
      child.kill("SIGKILL");
      expect(await waitUntilGone([stackPid, ...children])).toEqual([]);
    });
  });

  it("DynamoDB Local and fauxqs end when the stack's own process is killed outright (SIGKILL), leaving nothing of the run", async () => {
    await withStack("node", {}, async ({ child, run }) => {
      const { children } = stackProcesses(child, "node");
      expect(servicesOfRun(run)).toEqual({ dynamoDbLocal: 1, fauxqs: 1 });
      // No handler runs on SIGKILL: the children learn of it only from their stdin closing.
      child.kill("SIGKILL");
      expect(await waitUntilGone(children)).toEqual([]);
      expect(processesWithEnv(RUN, run)).toEqual([]);
    });
  });

  it.each([
    ["DynamoDB Local", "DynamoDBLocal.jar"],
    ["fauxqs", "fauxqs-main.ts"],
  ])(
    "exits 1 with one line naming %s and its signal when it dies, and stops the other child",
    async (name, marker) => {
      await withStack("node", {}, async ({ child, output }) => {
        const { children } = stackProcesses(child, "node");
        process.kill(childRunning(child.pid ?? 0, marker), "SIGKILL");
        expect(await exitCode(child)).toBe(1);
        const lines = output().split("\n");
        expect(lines.filter((line) => line.includes("exited unexpectedly"))).toEqual([
          `${name} exited unexpectedly (signal SIGKILL): stopping the local stack`,
        ]);
        expect(await waitUntilGone(children)).toEqual([]);
      });
    },
  );

  it("exits 0 without reporting a dead child when Ctrl-C reaches its whole process group", async () => {
    await withStack("node", { ownGroup: true }, async ({ child, output }) => {
      const { children } = stackProcesses(child, "node");
      expect(children).toHaveLength(2);
      // A terminal's Ctrl-C goes to every process of the foreground job: the children get it too.
      process.kill(-(child.pid ?? 0), "SIGINT");
      expect(await exitCode(child)).toBe(0);
      expect(output()).not.toContain("exited unexpectedly");
      expect(await waitUntilGone(children)).toEqual([]);
    });
  });

  it.each(["SIGINT", "SIGTERM"] as const)(
    "`npm start` stops, with DynamoDB Local and fauxqs, and exits 0 when npm's pid gets %s",
    async (signal) => {
      await withStack("npm", {}, async ({ child, output }) => {
        const { stackPid, children } = stackProcesses(child, "npm");
        expect(children).toHaveLength(2);
        child.kill(signal);
        expect(await exitCode(child)).toBe(0);
        expect(await waitUntilGone([stackPid, ...children])).toEqual([]);
        // Its own shutdown, not the watch on a parent gone: npm passed the signal on.
        expect(output()).toContain(`${signal}: stopping the local stack\nlocal stack stopped\n`);
        expect(output()).not.toContain('"level":"error"');
      });
    },
  );

  it("`npm start` exits 0 with no error line when Ctrl-C reaches npm, the stack and its children", async () => {
    await withStack("npm", { ownGroup: true }, async ({ child, output }) => {
      const { stackPid, children } = stackProcesses(child, "npm");
      expect(children).toHaveLength(2);
      // Let the pollers settle into their long polls, which the children's end would cut.
      await new Promise((r) => setTimeout(r, 1500));
      process.kill(-(child.pid ?? 0), "SIGINT");
      expect(await exitCode(child)).toBe(0);
      expect(await waitUntilGone([stackPid, ...children])).toEqual([]);
      expect(output()).toContain("SIGINT: stopping the local stack\nlocal stack stopped\n");
      expect(output()).not.toContain("exited unexpectedly");
      expect(output()).not.toContain('"level":"error"');
    });
  });

  it("`npm start` interrupted while DynamoDB Local starts stops what had started and exits 0", async () => {
    await withStack("npm", { untilLine: "fauxqs (SQS and S3) starting on" }, async ({ child, output }) => {
      const { stackPid, children } = stackProcesses(child, "npm");
      expect(children).toHaveLength(2);
      child.kill("SIGINT");
      expect(await exitCode(child)).toBe(0);
      expect(await waitUntilGone([stackPid, ...children])).toEqual([]);
      expect(output()).toContain("SIGINT: stopping the local stack\nlocal stack stopped\n");
    });
  });

  it("a start that fails after DynamoDB Local started (fauxqs's port taken) exits 1 naming the port and leaves no process of its run", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    const address = taken.address();
    const fauxqsPort = typeof address === "object" && address ? address.port : 0;
    try {
      const run = randomUUID();
      const { child, output } = await startStack("npm", {
        run,
        env: { FAUXQS_PORT: String(fauxqsPort) },
        untilLine: "Starting the marketplace local stack",
      });
      expect(await exitCode(child)).toBe(1);
      expect(output()).toContain("  DynamoDB Local starting on :");
      expect(output()).toContain(
        `fauxqs port ${fauxqsPort} is already in use (is another local stack running?)`,
      );
      expect(await waitUntilGone(processesWithEnv(RUN, run))).toEqual([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe("the start tests' own clean-up", () => {
  it("a start given up on, as at a deadline, ends every process of its run: npm, the stack, DynamoDB Local and fauxqs", async () => {
    const run = randomUUID();
    const giveUp = new AbortController();
    const starting = startStack("npm", {
      run,
      untilLine: "a line the stack never prints",
      signal: giveUp.signal,
    });
    // Given up only once both children run, so there is something to leave behind.
    let services = servicesOfRun(run);
    while (services.dynamoDbLocal === 0 || services.fauxqs === 0) {
      await Promise.race([new Promise((r) => setTimeout(r, 100)), starting]);
      services = servicesOfRun(run);
    }
    giveUp.abort();
    await expect(starting).rejects.toThrow('gave up waiting for "a line the stack never prints"');
    expect(processesWithEnv(RUN, run)).toEqual([]);
  });

  it("a failed assertion against a started stack ends every process of its run", async () => {
    const run = randomUUID();
    const failing = withStack("npm", { run }, async () => {
      expect(servicesOfRun(run)).toEqual({ dynamoDbLocal: 1, fauxqs: 1 });
      expect({ status: 500 }).toEqual({ status: 200 });
    });
    await expect(failing).rejects.toThrow("expected { status: 500 } to deeply equal { status: 200 }");
    expect(processesWithEnv(RUN, run)).toEqual([]);
  });
});

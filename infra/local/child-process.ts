import type { ChildProcess } from "node:child_process";

/**
 * How long a child may take to answer before the start-up gives up on it. Only a guard against one that
 * hangs: DynamoDB Local (a JVM, its launcher compiled first) needs a few seconds of CPU, which on a loaded
 * two-core machine (a test suite beside `npm start`, or two suites) can stretch past a minute.
 */
const READY_GUARD_MS = 5 * 60_000;

/** Waits until `probe` succeeds, failing early if the child exits or the time runs out. */
export const waitUntilReady = (
  name: string,
  child: ChildProcess,
  probe: () => Promise<boolean>,
  output: () => string,
  timeoutMs = READY_GUARD_MS,
): Promise<void> => {
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${name} exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output()}`,
        );
      }
      if (await probe().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${output()}`);
  })();
  // Start-up may fail elsewhere before anyone awaits this; the rejection still reaches whoever does.
  ready.catch(() => undefined);
  return ready;
};

/** Keeps the last few KB of a child's output for error messages. */
export const captureOutput = (child: ChildProcess): (() => string) => {
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => tail;
};

/** Stops a child: SIGTERM, then SIGKILL if it has not exited after a grace period. */
export const stopChild = async (child: ChildProcess, graceMs = 5000): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
};

/** A child that has been spawned, and the promise that it is ready to serve. */
export interface StartingChild {
  /** How messages name it: "DynamoDB Local", "fauxqs". */
  readonly name: string;
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
}

/** How a child ended: its exit code, or the signal that ended it. */
export interface ChildExit {
  readonly name: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** "DynamoDB Local exited unexpectedly (signal SIGKILL)": which child, and how it ended. */
export const describeUnexpectedExit = (exit: ChildExit): string =>
  `${exit.name} exited unexpectedly (${exit.signal === null ? `exit code ${exit.code}` : `signal ${exit.signal}`})`;

/** Fails when something already listens on the port, so a stale process is never mistaken for ours. */
export const assertPortFree = async (name: string, host: string, port: number): Promise<void> => {
  if (port === 0) return;
  const { createConnection } = await import("node:net");
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
  if (inUse) throw new Error(`${name} port ${port} is already in use (is another local stack running?)`);
};

import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { OpsReply, OpsRequest } from "./ops-protocol.js";

/** The ops CLI of an artifact stack: an operator's commands, run one at a time. */
export interface OpsRunner {
  /** Runs `ops <args>` (with `env` over the stack's settings for this command) and returns its JSON. */
  run<T = unknown>(args: readonly string[], env?: Readonly<Record<string, string>>): Promise<T>;
  stop(): Promise<void>;
}

const THREAD = fileURLToPath(new URL("./ops-thread.ts", import.meta.url));

/**
 * Starts the ops CLI in a worker thread whose environment is `settings` (the stack's ports, database and
 * state folder, as `npm run ops` reads them): many commands without a process start each, and none of
 * them sees the test worker's own stack settings.
 */
export const startOpsRunner = (settings: Readonly<Record<string, string>>): OpsRunner => {
  const worker = new Worker(THREAD, {
    execArgv: ["--import", "tsx"],
    env: { ...settings },
    // Its services' log lines are not the test's output; a failing command reports its stderr.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const pending = new Map<number, (reply: OpsReply) => void>();
  let ended: Error | undefined;
  const end = (error: Error) => {
    ended ??= error;
    for (const settle of pending.values()) settle({ id: -1, code: 1, stdout: "", stderr: String(ended) });
    pending.clear();
  };
  worker.on("message", (reply: OpsReply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  worker.on("error", end);
  worker.on("exit", (code) => end(new Error(`the ops thread exited (${code})`)));
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const runOnce = (args: readonly string[], env: Readonly<Record<string, string>>): Promise<OpsReply> =>
    new Promise((resolve) => {
      if (ended) return resolve({ id: -1, code: 1, stdout: "", stderr: String(ended) });
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, args, env } satisfies OpsRequest);
    });

  return {
    run: <T>(args: readonly string[], env: Readonly<Record<string, string>> = {}) => {
      // One command at a time: each may set variables of its own in the thread's environment.
      const result = queue.then(() => runOnce(args, env));
      queue = result.catch(() => undefined);
      return result.then((reply) => {
        if (reply.code !== 0) throw new Error(`ops ${args.join(" ")} exited ${reply.code}: ${reply.stderr}`);
        return JSON.parse(reply.stdout) as T;
      });
    },
    stop: async () => {
      end(new Error("the ops thread stopped"));
      await worker.terminate();
    },
  };
};

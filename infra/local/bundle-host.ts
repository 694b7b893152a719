import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type {
  BundleThreadData,
  InvocationContext,
  InvokeMessage,
  InvokeOutcome,
  ThreadStart,
} from "./bundle-protocol.js";

/** One function as synth bundled it, and the whole environment its process is to see. */
export interface BundleSpec {
  /** The function's name in logs and errors (its logical id). */
  readonly name: string;
  readonly codeDir: string;
  /** The template's `Handler`, e.g. `index.handler`. */
  readonly handler: string;
  readonly env: Readonly<Record<string, string>>;
  /** The template's `MemorySize`: the thread's heap limit, so a bundle that outgrows it fails here too. */
  readonly memorySize?: number;
}

/** An invocation that ended in a function error (what Lambda reports as `errorType` and `errorMessage`). */
export class FunctionError extends Error {
  readonly functionName: string;
  readonly errorType: string;

  constructor(functionName: string, errorType: string, errorMessage: string) {
    super(`${functionName}: ${errorType}: ${errorMessage}`);
    this.name = "FunctionError";
    this.functionName = functionName;
    this.errorType = errorType;
  }
}

/** A bundle loaded in its thread, ready to be invoked. */
export interface BundleHost {
  readonly name: string;
  /** The variables `process.env` held inside the function's thread before its code ran. */
  readonly envNames: readonly string[];
  /** Invokes the handler with the event as Lambda would (JSON in, JSON out); rejects with a FunctionError. */
  invoke(event: unknown, requestId?: string): Promise<unknown>;
  /** What the function wrote to stdout and stderr, line by line (its CloudWatch log, locally). */
  logs(): readonly string[];
  /** Ends the thread; invocations still running reject. */
  stop(): Promise<void>;
}

const THREAD = fileURLToPath(new URL("./bundle-host-thread.ts", import.meta.url));
/** Log lines kept per function: enough to explain a failure, bounded for a long local run. */
const KEPT_LINES = 2000;

const collectLines = (stream: Readable, lines: string[]) => {
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  });
};

/**
 * Starts the bundle in a worker thread whose `process.env` is exactly `spec.env` and loads its handler as
 * the Lambda runtime's init does; resolves once it is loaded, or rejects with the init error (the thread
 * ended). Node's own flags are not passed on: the thread runs as the runtime would run the bundle.
 */
export const startBundleHost = (spec: BundleSpec): Promise<BundleHost> =>
  new Promise((resolveStart, rejectStart) => {
    const lines: string[] = [];
    const worker = new Worker(THREAD, {
      workerData: { codeDir: spec.codeDir, handler: spec.handler } satisfies BundleThreadData,
      env: { ...spec.env },
      execArgv: [],
      stdout: true,
      stderr: true,
      ...(spec.memorySize ? { resourceLimits: { maxOldGenerationSizeMb: spec.memorySize } } : {}),
    });
    collectLines(worker.stdout, lines);
    collectLines(worker.stderr, lines);
    const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    let ended: Error | undefined;
    let started = false;
    let nextId = 0;

    const end = (error: Error) => {
      ended ??= error;
      for (const { reject } of pending.values()) reject(ended);
      pending.clear();
      if (!started) rejectStart(ended);
    };
    worker.on("error", (error) => end(new FunctionError(spec.name, "Runtime.ExitError", String(error))));
    worker.on("exit", (code) =>
      end(new FunctionError(spec.name, "Runtime.ExitError", `the function's thread exited (${code})`)),
    );

    const context = (awsRequestId: string): InvocationContext => ({
      awsRequestId,
      functionName: spec.name,
      functionVersion: "$LATEST",
      memoryLimitInMB: String(spec.memorySize ?? 128),
      invokedFunctionArn: `arn:aws:lambda:${spec.env.AWS_REGION ?? "us-east-1"}:000000000000:function:${spec.name}`,
      logGroupName: `/aws/lambda/${spec.name}`,
      logStreamName: "local",
    });

    const host = (envNames: readonly string[]): BundleHost => ({
      name: spec.name,
      envNames,
      invoke: (event, requestId = randomUUID()) =>
        new Promise((resolve, reject) => {
          if (ended) return reject(ended);
          const id = nextId++;
          pending.set(id, { resolve, reject });
          worker.postMessage({
            id,
            event: JSON.stringify(event),
            context: context(requestId),
          } satisfies InvokeMessage);
        }),
      logs: () => [...lines],
      stop: async () => {
        end(new FunctionError(spec.name, "Runtime.ExitError", "the local stack stopped"));
        await worker.terminate();
      },
    });

    worker.once("message", (start: ThreadStart) => {
      if (start.kind === "init-failed") {
        const error = new FunctionError(spec.name, start.errorType, start.errorMessage);
        end(error);
        void worker.terminate();
        return;
      }
      started = true;
      worker.on("message", (outcome: InvokeOutcome) => {
        const waiting = pending.get(outcome.id);
        pending.delete(outcome.id);
        if (!waiting) return;
        if (outcome.ok) waiting.resolve(JSON.parse(outcome.payload));
        else waiting.reject(new FunctionError(spec.name, outcome.errorType, outcome.errorMessage));
      });
      resolveStart(host(start.envNames));
    });
  });

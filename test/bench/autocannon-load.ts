import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type LatencySummary, summarize } from "./latency.js";

/** One load: a route, its requests (one for every connection, or one per connection), slice length. */
export interface LoadSpec {
  readonly baseUrl: string;
  readonly method: "GET" | "POST";
  readonly path: string;
  /** Connections when there is one variant; with several, one connection per variant. */
  readonly connections: number;
  readonly variants: readonly { readonly headers: Record<string, string>; readonly body?: string }[];
  readonly warmupSeconds: number;
  /** Length of one measured slice. */
  readonly seconds: number;
  readonly expectStatus: number;
}

/** One measured slice as the load process reports it. */
export interface SliceResult {
  readonly latencies: number[];
  readonly seconds: number;
  readonly statuses: Record<string, number>;
  readonly errors: number;
  readonly timeouts: number;
}

/** Every slice of a load together. */
export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly req_per_s: number;
  readonly latency: LatencySummary;
  /** Responses by HTTP status. */
  readonly statuses: Record<string, number>;
  readonly errors: number;
  readonly timeouts: number;
  /** Responses whose status was not the expected one. */
  readonly unexpected: number;
}

/** A warm load generator in its own process, running one slice whenever asked. */
export interface LoadGenerator {
  slice(): Promise<SliceResult>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL("./autocannon-child.ts", import.meta.url));

/**
 * Starts autocannon in its own Node process and resolves once it has warmed up. Asynchronous on
 * purpose: the gateway under load lives in this process and must keep answering.
 */
export const startLoadGenerator = async (spec: LoadSpec): Promise<LoadGenerator> => {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, JSON.stringify(spec)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  const next = async (): Promise<unknown> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the load process exited (${await exited})`);
    return JSON.parse(line.value);
  };
  await next();
  return {
    slice: async () => {
      child.stdin.write("run\n");
      return (await next()) as SliceResult;
    },
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
};

/** The slices of one load as one result. */
export const mergeSlices = (slices: readonly SliceResult[], expectStatus: number): LoadResult => {
  const latencies = slices.flatMap((s) => s.latencies);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const slice of slices)
    for (const [status, count] of Object.entries(slice.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  return {
    requests: latencies.length,
    seconds: Number(seconds.toFixed(2)),
    req_per_s: Math.round(latencies.length / Math.max(seconds, 0.001)),
    latency: summarize(latencies),
    statuses,
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    timeouts: slices.reduce((sum, s) => sum + s.timeouts, 0),
    unexpected: Object.entries(statuses)
      .filter(([status]) => Number(status) !== expectStatus)
      .reduce((sum, [, count]) => sum + count, 0),
  };
};

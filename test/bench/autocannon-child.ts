import { createInterface } from "node:readline";
import autocannon from "autocannon";
import type { LoadSpec, SliceResult } from "./autocannon-load.js";

/**
 * The load generator's own process (started by `autocannon-load.ts`), so generating load does not share
 * the gateway's event loop. It warms up, prints `{"ready":true}`, then runs one measured slice per `run`
 * line on stdin and prints its SliceResult as one JSON line; it stays warm between slices while the
 * parent measures its baseline. Latencies come from autocannon's `response` events (fractions of a
 * millisecond; its own percentiles are whole milliseconds).
 */

const runSlice = async (spec: LoadSpec, seconds: number): Promise<SliceResult> => {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  // One variant: every connection sends it. Several: one connection each, all at once.
  const variants = spec.variants.length === 1 ? [spec.variants[0]] : spec.variants;
  const connections = spec.variants.length === 1 ? spec.connections : 1;
  const started = performance.now();
  const results = await Promise.all(
    variants.map(
      (variant) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: `${spec.baseUrl}${spec.path}`,
              method: spec.method,
              headers: variant?.headers ?? {},
              ...(variant?.body === undefined ? {} : { body: variant.body }),
              connections,
              duration: seconds,
              timeout: 10,
            },
            (error: unknown, result: autocannon.Result) => (error ? reject(error) : resolve(result)),
          );
          instance.on("response", (_client, statusCode, _bytes, responseTime) => {
            latencies.push(responseTime);
            statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
          });
        }),
    ),
  );
  return {
    latencies,
    seconds: (performance.now() - started) / 1000,
    statuses,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
  };
};

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
if (spec.warmupSeconds > 0) await runSlice(spec, spec.warmupSeconds);
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== "run") break;
  process.stdout.write(`${JSON.stringify(await runSlice(spec, spec.seconds))}\n`);
}

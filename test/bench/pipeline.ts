import { rmSync } from "node:fs";
import { startLocalStack } from "../../infra/local/local-stack.js";
import { accountService } from "../../shared/runtime/dependencies.js";
import { throwawayConfig } from "./throwaway-config.js";

/**
 * `npm run bench -- pipeline`: latency and throughput of the request pipeline on the local stack, over loopback,
 * with a bounded number of requests. Numbers are for comparing changes on one machine, not promises.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Scenario {
  readonly name: string;
  readonly send: () => Promise<Response>;
  readonly expectStatus: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

const measure = async (scenario: Scenario) => {
  // Warm-up: cold module paths, JIT and the DynamoDB Local connection pool.
  for (let i = 0; i < 50; i++) await (await scenario.send()).arrayBuffer();
  const latencies: number[] = [];
  let next = 0;
  let wrongStatus = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await scenario.send();
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status !== scenario.expectStatus) wrongStatus += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    requests: latencies.length,
    concurrency: CONCURRENCY,
    req_per_s: Math.round(latencies.length / seconds),
    p50_ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p95_ms: Number(percentile(latencies, 0.95).toFixed(2)),
    p99_ms: Number(percentile(latencies, 0.99).toFixed(2)),
    unexpected_status: wrongStatus,
  };
};

/** Runs the pipeline part; returns its failures (requests that answered an unexpected status). */
export const runPipelineBench = async (): Promise<string[]> => {
  const { config, stateDir } = await throwawayConfig();
  const stack = await startLocalStack(config);
  try {
    const account = await accountService().create({ name: "Bench Store", email: "bench@example.com" });
    const exchange = () =>
      fetch(`${stack.url}/api/v1/auth/api-key/create`, {
        method: "POST",
        headers: { "X-API-KEY": account.api_key },
      });
    const token = ((await (await exchange()).json()) as { data: { access_token: string } }).data.access_token;
    const results = [];
    for (const scenario of [
      { name: "v1 token exchange (GetItem + sign)", send: exchange, expectStatus: 200 },
      {
        name: "authenticated list (token check + one empty Query)",
        send: () => fetch(`${stack.url}/api/v1/orders`, { headers: { Authorization: `Bearer ${token}` } }),
        expectStatus: 200,
      },
      {
        name: "refused token (401 path)",
        send: () => fetch(`${stack.url}/api/v2/balance`, { headers: { Authorization: "Bearer x.y.z" } }),
        expectStatus: 401,
      },
    ] satisfies Scenario[]) {
      results.push(await measure(scenario));
    }
    console.table(results);
    return results
      .filter((r) => r.unexpected_status > 0)
      .map((r) => `${r.scenario}: ${r.unexpected_status} unexpected statuses`);
  } finally {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
};

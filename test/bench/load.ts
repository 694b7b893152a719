import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import type { EndpointGroup } from "../../shared/http/routes.js";
import { type LoadResult, mergeSlices, type SliceResult, startLoadGenerator } from "./autocannon-load.js";
import { type BenchRequest, headersOf, send } from "./bench-http.js";
import {
  type CommandRecord,
  installCommandRecorder,
  startRecording,
  stopRecording,
  takeFailures,
} from "./command-recorder.js";
import { handlersIdle, installHandlerTimer, takeHandlerCalls } from "./handler-timer.js";
import { concurrentFor, type LatencySummary, summarize } from "./latency.js";
import { checkMarket, type InvariantCheck } from "./market-invariants.js";
import { type Market, seedMarket } from "./market-seed.js";
import type { PartOutcome } from "./part-outcome.js";
import { startQuietStack } from "./quiet-stack.js";
import { keysTouched, rawReplay } from "./raw-replay.js";
import { type RequestTally, roundsOf, tallyOf } from "./request-rounds.js";
import { machine } from "./search.js";
import { copyItems, createTwinTable } from "./twin-table.js";

/**
 * `npm run bench -- load`: six endpoints under load with autocannon (its own process, CONNECTIONS
 * connections), each beside its raw baseline: the DynamoDB commands the same request sent (recorded
 * from the service), replayed through a plain document client with the same concurrency, from this
 * process, in the same run: SLICES slices of SLICE_SECONDS each, ours and raw alternating, after a
 * warm-up of both. Budget: our p50 ≤ 1.25 × raw p50. Then the HTTP
 * floor (a v2 404 that reads nothing) under the same load, to measure what the gateway, HTTP and token
 * check cost apart from DynamoDB; then the invariants (stock, balances, ledger, orders) after all the
 * purchases. A missed budget is reported with its measured cause; a broken invariant fails the part.
 */
const env = process.env;
const CONNECTIONS = Number(env.BENCH_LOAD_CONNECTIONS ?? 10);
/** Measured time per side: SLICES slices of SLICE_SECONDS, ours and raw alternating. */
const SLICES = Number(env.BENCH_LOAD_SLICES ?? 4);
const SLICE_SECONDS = Number(env.BENCH_LOAD_SLICE_SECONDS ?? 2.5);
const WARMUP_SECONDS = Number(env.BENCH_LOAD_WARMUP_SECONDS ?? 2);
const CATALOGUE = Number(env.BENCH_LOAD_CATALOGUE ?? 300);
/** Our p50 may be at most this many times the raw p50. */
export const LOAD_BUDGET = 1.25;
const SEARCH_PARAMS = "q=steam";

interface Target {
  readonly endpoint: string;
  readonly group: EndpointGroup;
  /** One request for every connection, or one per connection (purchases: each its own buyer and product). */
  readonly requests: readonly BenchRequest[];
  readonly expectStatus: number;
  /** Writes are replayed on the twin table, so the service table keeps only what the service wrote. */
  readonly writes: boolean;
}

/** The raw baseline's slices together. */
interface RawResult {
  readonly calls: number;
  readonly seconds: number;
  readonly req_per_s: number;
  readonly latency: LatencySummary;
}

interface TargetResult {
  readonly endpoint: string;
  readonly dynamodb: RequestTally;
  readonly ours: LoadResult;
  /** The handler's own time per request under the load (no gateway, no HTTP). */
  readonly handler_p50_ms: number;
  /** The service's DynamoDB commands that failed during the load, by error (retried conflicts show here). */
  readonly dynamodb_failures_under_load: Record<string, number>;
  /**
   * CPU this process spent per request: ours = gateway, HTTP server, token check, handler and SDK
   * (autocannon runs in its own process); raw = the SDK alone.
   */
  readonly cpu_ms_per_request: { ours: number; raw: number };
  readonly raw: RawResult;
  /** The machine's 1-minute load average when this endpoint's measurement started and ended. */
  readonly load_average: readonly [number, number];
  readonly ratio: number;
  readonly budget_met: boolean;
  cause?: string;
}

const log = (message: string) => console.log(message);
const round2 = (n: number) => Number(n.toFixed(2));
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const targetsOf = (market: Market): Target[] => {
  const [buyer] = market.buyers;
  if (!buyer) throw new Error("no buyer");
  return [
    {
      endpoint: "POST /api/v1/auth/api-key/create",
      group: "v1-auth",
      requests: [{ method: "POST", path: "/api/v1/auth/api-key/create", apiKey: market.listSeller.apiKey }],
      expectStatus: 200,
      writes: false,
    },
    {
      endpoint: "GET /api/v1/products",
      group: "v1-products",
      requests: [{ method: "GET", path: "/api/v1/products", token: market.listSeller.v1 }],
      expectStatus: 200,
      writes: false,
    },
    {
      endpoint: "GET /api/v1/orders",
      group: "v1-orders",
      requests: [{ method: "GET", path: "/api/v1/orders", token: market.listSeller.v1 }],
      expectStatus: 200,
      writes: false,
    },
    {
      endpoint: `GET /api/v2/search?${SEARCH_PARAMS}`,
      group: "v2-catalog",
      requests: [{ method: "GET", path: `/api/v2/search?${SEARCH_PARAMS}`, token: buyer.v2 }],
      expectStatus: 200,
      writes: false,
    },
    {
      endpoint: "GET /api/v2/product/{id}",
      group: "v2-catalog",
      requests: [{ method: "GET", path: `/api/v2/product/${market.publicProductId}`, token: buyer.v2 }],
      expectStatus: 200,
      writes: false,
    },
    {
      endpoint: "POST /api/v2/buy",
      group: "v2-purchases",
      requests: market.buyers.map((b, i) => ({
        method: "POST",
        path: "/api/v2/buy",
        token: b.v2,
        body: { product_id: market.buyProducts[i]?.id, quantity: 1 },
      })),
      expectStatus: 201,
      writes: true,
    },
  ];
};

/**
 * Why our p50 is over budget, from this run's numbers: how much of the gap lies outside the handler
 * (gateway, HTTP, queueing in the one process that serves every connection) and how much inside it
 * (waiting on the same DynamoDB requests, and our own code), with the CPU and the machine's load.
 */
const failedText = (result: TargetResult): string => {
  const failed = Object.entries(result.dynamodb_failures_under_load);
  if (failed.length === 0) return "";
  return `the service's DynamoDB commands failed and were retried under the load: ${failed.map(([name, count]) => `${count} × ${name}`).join(", ")} over ${result.ours.requests} requests; `;
};

const causeOf = (result: TargetResult, floor: LoadResult): string => {
  const ours = result.ours.latency.p50_ms;
  const raw = result.raw.latency.p50_ms;
  const handler = result.handler_p50_ms;
  const cpu = result.cpu_ms_per_request;
  return (
    `p50 ${ours} ms vs raw ${raw} ms (+${round2(ours - raw)} ms) for the same ${result.dynamodb.requests} DynamoDB requests in ${result.dynamodb.rounds} rounds: ` +
    `${round2(ours - handler)} ms outside the handler, ${round2(handler - raw)} ms inside it over the raw calls (handler p50 ${handler} ms). ` +
    `Outside: the local gateway is one Node process whose event loop runs every connection's HTTP, handler and SDK work, ${cpu.ours} ms CPU per request ` +
    `(raw: ${cpu.raw} ms), so with ${CONNECTIONS} requests in flight one can wait up to ${round2((CONNECTIONS - 1) * cpu.ours)} ms for the others' turns; ` +
    `the HTTP floor route alone takes ${floor.latency.p50_ms} ms p50 under the same load. ` +
    `${failedText(result)}2 cores shared with DynamoDB Local and autocannon, load average ${result.load_average[0]} → ${result.load_average[1]}`
  );
};

export const runLoadBench = async (): Promise<PartOutcome> => {
  const started = performance.now();
  installHandlerTimer();
  const quiet = await startQuietStack();
  const { stack, config } = quiet;
  installCommandRecorder();
  const failures: string[] = [];
  const missed: string[] = [];
  try {
    const market = await seedMarket(config, stack.url, {
      catalogueSize: CATALOGUE,
      buyers: CONNECTIONS,
      log,
    });
    // The raw baseline's own client: the service's configuration, no middleware, no service code.
    const raw = createDocumentClient();
    const copy = await createTwinTable(config, raw);
    const twin = copy.tableName;
    log(`twin table for the raw purchases: ${copy.items} items copied`);
    const loadBefore = loadavg();
    takeHandlerCalls();
    let purchases201 = 0;
    const results: TargetResult[] = [];

    for (const target of targetsOf(market)) {
      // Warm the function once per request, then record the DynamoDB commands of one request of each.
      const captures: CommandRecord[][] = [];
      for (const request of target.requests) {
        for (let i = 0; i < 2; i++) {
          const recording = i === 1;
          if (recording) startRecording();
          const answer = await send(stack.url, request);
          if (recording) captures.push(await stopRecording());
          if (answer.status !== target.expectStatus)
            failures.push(`${target.endpoint}: answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
      }
      const [first] = captures;
      if (!first) throw new Error(`nothing recorded for ${target.endpoint}`);
      const dynamodb = tallyOf(first);

      if (target.writes)
        for (const capture of captures) await copyItems(raw, config.tableName, twin, keysTouched(capture));
      const replays = captures.map((capture) =>
        rawReplay(
          raw,
          roundsOf(capture),
          target.writes ? { table: { from: config.tableName, to: twin } } : {},
        ),
      );
      const rawCall = (worker: number) => (replays[worker % replays.length] as () => Promise<void>)();

      const loadAtStart = loadavg()[0] ?? 0;
      // Ours and raw in alternating slices, so a change in the machine's background load falls on both.
      const generator = await startLoadGenerator({
        baseUrl: stack.url,
        method: target.requests[0]?.method === "POST" ? "POST" : "GET",
        path: target.requests[0]?.path ?? "/",
        connections: CONNECTIONS,
        variants: target.requests.map((r) => ({
          headers: headersOf(r),
          ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
        })),
        warmupSeconds: WARMUP_SECONDS,
        seconds: SLICE_SECONDS,
        expectStatus: target.expectStatus,
      });
      await concurrentFor(rawCall, CONNECTIONS, 0, WARMUP_SECONDS);
      takeFailures();
      const oursSlices: SliceResult[] = [];
      const rawSamples: number[] = [];
      const handlerMs: number[] = [];
      const cpu = { ours: 0, oursCalls: 0, raw: 0, rawCalls: 0, rawSeconds: 0 };
      for (let slice = 0; slice < SLICES; slice++) {
        await handlersIdle();
        // Purchases the service answered 201 are counted where it answers (autocannon drops the answers
        // still in flight when a slice ends, but those purchases happened all the same).
        purchases201 += takeHandlerCalls().filter(
          (c) => c.group === "v2-purchases" && c.status === 201,
        ).length;
        let since = process.cpuUsage();
        oursSlices.push(await generator.slice());
        await handlersIdle();
        const calls = takeHandlerCalls();
        cpu.ours += cpuMs(process.cpuUsage(since));
        cpu.oursCalls += calls.length;
        purchases201 += calls.filter((c) => c.group === "v2-purchases" && c.status === 201).length;
        handlerMs.push(...calls.filter((c) => c.group === target.group).map((c) => c.ms));
        since = process.cpuUsage();
        const rawSlice = await concurrentFor(rawCall, CONNECTIONS, SLICE_SECONDS);
        cpu.raw += cpuMs(process.cpuUsage(since));
        cpu.rawCalls += rawSlice.calls;
        cpu.rawSeconds += rawSlice.seconds;
        rawSamples.push(...rawSlice.samples);
      }
      await generator.close();
      await handlersIdle();
      // DynamoDB commands of the service that failed under the load (the raw replay fails loudly instead).
      const serviceFailures = takeFailures();
      purchases201 += takeHandlerCalls().filter((c) => c.group === "v2-purchases" && c.status === 201).length;
      const ours = mergeSlices(oursSlices, target.expectStatus);
      const baseline: RawResult = {
        calls: rawSamples.length,
        seconds: round2(cpu.rawSeconds),
        req_per_s: Math.round(rawSamples.length / Math.max(cpu.rawSeconds, 0.001)),
        latency: summarize(rawSamples),
      };
      const handler = summarize(handlerMs);
      if (ours.unexpected > 0 || ours.errors > 0 || ours.timeouts > 0)
        failures.push(
          `${target.endpoint} under load: ${ours.unexpected} unexpected statuses ${JSON.stringify(ours.statuses)}, ${ours.errors} errors, ${ours.timeouts} timeouts`,
        );
      const cpuOurs = round2(cpu.ours / Math.max(1, cpu.oursCalls));
      const cpuRaw = round2(cpu.raw / Math.max(1, cpu.rawCalls));
      const ratio = round2(ours.latency.p50_ms / baseline.latency.p50_ms);
      const result: TargetResult = {
        endpoint: target.endpoint,
        dynamodb,
        ours,
        handler_p50_ms: handler.p50_ms,
        dynamodb_failures_under_load: serviceFailures,
        cpu_ms_per_request: { ours: cpuOurs, raw: cpuRaw },
        raw: baseline,
        load_average: [round2(loadAtStart), round2(loadavg()[0] ?? 0)],
        ratio,
        budget_met: ratio <= LOAD_BUDGET,
      };
      results.push(result);
      log(
        `${target.endpoint.padEnd(36)} ours p50 ${ours.latency.p50_ms} ms p99 ${ours.latency.p99_ms} ms ${ours.req_per_s} req/s | raw p50 ${baseline.latency.p50_ms} ms p99 ${baseline.latency.p99_ms} ms ${baseline.req_per_s} req/s | ratio ${ratio} | ${dynamodb.requests} requests in ${dynamodb.rounds} rounds (${dynamodb.plan.join(" → ")})`,
      );
    }

    const [buyer] = market.buyers;
    const floorGenerator = await startLoadGenerator({
      baseUrl: stack.url,
      method: "GET",
      path: "/api/v2/product/not-an-id",
      connections: CONNECTIONS,
      variants: [{ headers: { Authorization: `Bearer ${buyer?.v2}` } }],
      warmupSeconds: WARMUP_SECONDS,
      seconds: SLICE_SECONDS,
      expectStatus: 404,
    });
    const floorSlices: SliceResult[] = [];
    for (let slice = 0; slice < SLICES; slice++) floorSlices.push(await floorGenerator.slice());
    await floorGenerator.close();
    const floor = mergeSlices(floorSlices, 404);
    if (floor.unexpected > 0) failures.push(`HTTP floor: ${JSON.stringify(floor.statuses)}, not only 404`);
    log(
      `HTTP floor GET /api/v2/product/not-an-id (404, no DynamoDB): p50 ${floor.latency.p50_ms} ms p99 ${floor.latency.p99_ms} ms ${floor.req_per_s} req/s`,
    );
    for (const result of results.filter((r) => !r.budget_met)) {
      result.cause = causeOf(result, floor);
      missed.push(`${result.endpoint}: p50 ${result.ratio}× raw > ${LOAD_BUDGET}×, cause: ${result.cause}`);
    }

    const invariants: InvariantCheck[] = await checkMarket(config.tableName, market, purchases201);
    for (const check of invariants.filter((c) => !c.ok))
      failures.push(`invariant broken: ${check.check}: ${check.detail}`);
    log(`invariants: ${invariants.filter((c) => c.ok).length}/${invariants.length} hold`);
    for (const check of invariants) log(`  ${check.ok ? "ok  " : "FAIL"} ${check.check}: ${check.detail}`);

    console.table(
      results.map((r) => ({
        endpoint: r.endpoint,
        "DynamoDB req / rounds": `${r.dynamodb.requests} / ${r.dynamodb.rounds}`,
        "p50 ms": r.ours.latency.p50_ms,
        "p99 ms": r.ours.latency.p99_ms,
        "req/s": r.ours.req_per_s,
        "handler p50": r.handler_p50_ms,
        "raw p50": r.raw.latency.p50_ms,
        "raw p99": r.raw.latency.p99_ms,
        "raw req/s": r.raw.req_per_s,
        ratio: r.ratio,
        budget: r.budget_met ? "met" : "missed",
      })),
    );
    const runtime = Math.round((performance.now() - started) / 1000);
    mkdirSync("bench-results", { recursive: true });
    const file = join("bench-results", `load-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          machine: machine(),
          settings: {
            connections: CONNECTIONS,
            slices: SLICES,
            slice_seconds: SLICE_SECONDS,
            warmup_seconds: WARMUP_SECONDS,
            catalogue: CATALOGUE,
            search: SEARCH_PARAMS,
            budget: `our p50 ≤ ${LOAD_BUDGET} × raw p50`,
          },
          load_average: { before: loadBefore, after: loadavg() },
          results,
          http_floor: floor,
          purchases_answered_201: purchases201,
          invariants,
          missed,
          failures,
          runtime_seconds: runtime,
        },
        null,
        2,
      )}\n`,
    );
    log(`Results written to ${file} (${runtime} s)`);
    for (const miss of missed) console.log(`missed: ${miss}`);
    return { failures, missed };
  } finally {
    await quiet.stop();
  }
};

import { randomInt } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { keys } from "../../shared/data/table-keys.js";
import { orderItem } from "../../shared/orders/order-items.js";
import { payoutItem } from "../../shared/payouts/payout-items.js";
import { productItem } from "../../shared/products/product-items.js";
import { accountService, categoryService } from "../../shared/runtime/dependencies.js";
import { createBatchWriter } from "./batch-writer.js";
import { send, tokenOf } from "./bench-http.js";
import { installCommandRecorder, startRecording, stopRecording } from "./command-recorder.js";
import { type LatencySummary, summarize } from "./latency.js";
import { FLATNESS_BUDGET, flatnessFailures, type ListSizeMeasure } from "./list-flatness.js";
import { pairedRatio } from "./paired-ratio.js";
import { createPrng, shuffled } from "./prng.js";
import { startQuietStack } from "./quiet-stack.js";
import { rawReplay } from "./raw-replay.js";
import { createCountingClient } from "./read-counter.js";
import { roundsOf, tallyOf } from "./request-rounds.js";
import { order, payout, product } from "./seed-records.js";

/**
 * `npm run bench -- lists`: the seller's three lists (GET /api/v1/products, /orders, /payout/history)
 * at 100, 1,000, 10,000 and 100,000 items (BENCH_LIST_SIZES), one seller per size, on one quiet local
 * stack. Every list at every size is one unit: its request is recorded once on the service's client,
 * and the same DynamoDB calls, replayed raw through a plain document client, are its baseline. All units
 * share one warm-up, then are timed in SLICES rounds, each round visiting the units in a new random
 * order (seeded, recorded) and sending, per run, our request and the raw calls one right after the
 * other; a size's time over raw is the median of those per-run ratios (paired-ratio.ts). Criterion
 * (list-flatness.ts): per list, items read and time over raw within 1.5× across sizes; a list that is
 * not flat fails the part.
 */
const env = process.env;
const SIZES = (env.BENCH_LIST_SIZES ?? "100,1000,10000,100000").split(",").map((s) => Number(s.trim()));
const WARMUPS = Number(env.BENCH_LIST_WARMUPS ?? 50);
const RUNS = Number(env.BENCH_LIST_RUNS ?? 200);
const SLICES = Number(env.BENCH_LIST_SLICES ?? 8);
const SEED = Number(env.BENCH_LIST_SEED ?? randomInt(2 ** 31));
const CATEGORY = 101;

const LISTS = [
  { list: "GET /api/v1/products?limit=20", path: "/api/v1/products?limit=20" },
  { list: "GET /api/v1/orders?limit=100", path: "/api/v1/orders?limit=100" },
  { list: "GET /api/v1/payout/history?limit=100", path: "/api/v1/payout/history?limit=100" },
] as const;

interface ListResult {
  readonly list: string;
  readonly size: number;
  readonly returned: number;
  readonly items_read: number;
  readonly requests: number;
  readonly rounds: number;
  readonly plan: readonly string[];
  readonly ours: LatencySummary;
  readonly raw: LatencySummary;
  /** The median of the per-run ratios (ours ÷ the raw calls sent right beside it), and its 95 % half-width. */
  readonly over_raw: number;
  readonly over_raw_half_width: number;
}

/** One list at one size: our request, its raw baseline, what its recorded request sent, and the times. */
interface Unit {
  readonly ours: () => Promise<void>;
  readonly raw: () => Promise<void>;
  readonly sent: Omit<ListResult, "ours" | "raw" | "over_raw" | "over_raw_half_width">;
  readonly oursMs: number[];
  readonly rawMs: number[];
}

const log = (message: string) => console.log(message);
/** Entries a list answered: `data` itself (orders, payouts) or `data.products`. */
const returnedBy = (data: unknown): number => {
  const entries = Array.isArray(data) ? data : (data as { products?: unknown } | undefined)?.products;
  return Array.isArray(entries) ? entries.length : 0;
};
const timed = async (call: () => Promise<void>, samples: number[]) => {
  const started = performance.now();
  await call();
  samples.push(performance.now() - started);
};

/** Runs the lists benchmark; returns why a list is not flat (empty when every list is). */
export const runListsBench = async (): Promise<string[]> => {
  // The standing check is part of every request, so the raw baseline replays it too (quiet-stack.ts).
  const quiet = await startQuietStack({ accountFirstRequests: true });
  const { stack, config } = quiet;
  installCommandRecorder();
  try {
    const plain = createDocumentClient();
    const writer = createBatchWriter(plain, config.tableName, 4);
    await categoryService().create({ id: CATEGORY, name: "Bench", slug: "bench" });
    const started = performance.now();
    const sellers = new Map<number, string>();
    for (const size of SIZES) {
      const seller = await accountService().create({
        name: `Bench Lists ${size}`,
        email: `lists-${size}@bench.example.com`,
      });
      for (let i = 0; i < size; i++) {
        const p = product(seller.seller_id, CATEGORY, i);
        await writer.put(productItem(p));
        await writer.put(orderItem(order(seller.seller_id, p.id, i)));
        await writer.put(payoutItem(payout(seller.seller_id, i)));
      }
      await writer.flush();
      await plain.send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...keys.sellerCounts(seller.seller_id), entity: "seller_counts", products: size },
        }),
      );
      sellers.set(size, await tokenOf(stack.url, seller.api_key, "v1"));
      log(
        `seeded ${size} of each for seller ${seller.seller_id} (${writer.written} items, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }

    const units: Unit[] = [];
    for (const size of SIZES) {
      const token = sellers.get(size) ?? "";
      for (const { list, path } of LISTS) {
        const ask = async () => {
          const answer = await send(stack.url, { method: "GET", path, token });
          if (answer.status !== 200) throw new Error(`${path} at ${size} answered ${answer.status}`);
          return answer;
        };
        startRecording();
        const answer = await ask();
        const records = await stopRecording();
        const rounds = roundsOf(records);
        const tally = tallyOf(records);
        const counting = createCountingClient();
        await rawReplay(counting.client, rounds)();
        const sent = {
          list,
          size,
          returned: returnedBy(answer.body.data),
          items_read: counting.tally().itemsRead,
          requests: tally.requests,
          rounds: tally.rounds,
          plan: tally.plan,
        };
        const ours = async () => {
          await ask();
        };
        units.push({ ours, raw: rawReplay(plain, rounds), sent, oursMs: [], rawMs: [] });
      }
    }

    // One warm-up for every unit, ours and raw alike, before anything is timed.
    for (let i = 0; i < WARMUPS; i++)
      for (const unit of units) {
        await unit.ours();
        await unit.raw();
      }
    const prng = createPrng(SEED);
    const perSlice = Math.ceil(RUNS / SLICES);
    const sliceOrders: string[][] = [];
    const loadBefore = loadavg();
    for (let slice = 0; slice < SLICES; slice++) {
      const visits = shuffled(prng, units);
      sliceOrders.push(visits.map((u) => `${u.sent.list} @ ${u.sent.size}`));
      for (const unit of visits)
        for (let i = 0; i < perSlice; i++) {
          // Which goes first alternates, so neither side always finds DynamoDB Local just warmed.
          if (i % 2 === 0) {
            await timed(unit.ours, unit.oursMs);
            await timed(unit.raw, unit.rawMs);
          } else {
            await timed(unit.raw, unit.rawMs);
            await timed(unit.ours, unit.oursMs);
          }
        }
    }
    const loadAfter = loadavg();

    const measured = units.map((unit) => {
      const paired = pairedRatio(unit.oursMs, unit.rawMs);
      const measure: ListSizeMeasure = {
        size: unit.sent.size,
        overRaw: paired.ratio,
        itemsRead: unit.sent.items_read,
      };
      const result: ListResult = {
        ...unit.sent,
        ours: summarize(unit.oursMs),
        raw: summarize(unit.rawMs),
        over_raw: Number(paired.ratio.toFixed(3)),
        over_raw_half_width: Number(paired.halfWidth.toFixed(3)),
      };
      return { measure, result };
    });
    const results = measured.map((m) => m.result);
    const failures = LISTS.flatMap(({ list }) =>
      flatnessFailures(
        list,
        measured.filter((m) => m.result.list === list).map((m) => m.measure),
      ),
    );
    console.table(
      results.map((r) => ({
        list: r.list,
        items: r.size,
        returned: r.returned,
        "items read": r.items_read,
        "requests (rounds)": `${r.requests} (${r.rounds})`,
        "p50 ms": r.ours.p50_ms,
        "raw p50 ms": r.raw.p50_ms,
        "over raw": `${r.over_raw.toFixed(2)} ± ${r.over_raw_half_width.toFixed(2)}`,
        "p99 ms": r.ours.p99_ms,
        "raw p99 ms": r.raw.p99_ms,
      })),
    );
    log(`seed ${SEED}; first slice's order: ${sliceOrders[0]?.join(", ")}`);
    mkdirSync("bench-results", { recursive: true });
    const file = join("bench-results", `lists-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          settings: {
            sizes: SIZES,
            warmups: WARMUPS,
            runs: RUNS,
            slices: SLICES,
            seed: SEED,
            budget: FLATNESS_BUDGET,
          },
          load_average: { before: loadBefore, after: loadAfter },
          slice_orders: sliceOrders,
          results,
          failures,
        },
        null,
        2,
      )}\n`,
    );
    log(`Results written to ${file}`);
    return failures;
  } finally {
    await quiet.stop();
  }
};

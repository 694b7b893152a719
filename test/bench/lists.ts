import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DynamoDBClient, UpdateTableCommand } from "@aws-sdk/client-dynamodb";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { startLocalStack } from "../../infra/local/local-stack.js";
import { createAccountRepository } from "../../shared/accounts/account-repository.js";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { keys } from "../../shared/data/table-keys.js";
import { orderItem } from "../../shared/orders/order-items.js";
import { createOrderRepository } from "../../shared/orders/order-repository.js";
import { payoutItem } from "../../shared/payouts/payout-items.js";
import { createPayoutRepository } from "../../shared/payouts/payout-repository.js";
import { productItem } from "../../shared/products/product-items.js";
import { createProductRepository } from "../../shared/products/product-repository.js";
import { accountService, categoryService } from "../../shared/runtime/dependencies.js";
import { createBatchWriter } from "./batch-writer.js";
import { type LatencySummary, sequentialLatency } from "./latency.js";
import { createCountingClient } from "./read-counter.js";
import { order, payout, product } from "./seed-records.js";
import { throwawayConfig } from "./throwaway-config.js";

/**
 * `npm run bench -- lists`: the seller's three lists (GET /api/v1/products, /orders, /payout/history)
 * with 100, 1,000, 10,000 and 100,000 items each (BENCH_LIST_SIZES), on one fresh in-memory local stack.
 * Per size and list: HTTP p50/p99 (sequential, after warm-ups) and what one call reads from DynamoDB
 * (items and round trips, counted in-process through the same repositories). Budget: p50 and items read
 * at the largest size within 1.5× of the smallest. Items are written straight into the table, exactly as
 * the repositories build them; the table's stream is off, so nothing re-indexes them meanwhile.
 */
const env = process.env;
const SIZES = (env.BENCH_LIST_SIZES ?? "100,1000,10000,100000").split(",").map((s) => Number(s.trim()));
const WARMUPS = Number(env.BENCH_LIST_WARMUPS ?? 50);
const RUNS = Number(env.BENCH_LIST_RUNS ?? 200);
const BUDGET = 1.5;

interface ListResult {
  readonly list: string;
  readonly size: number;
  readonly returned: number;
  readonly items_read: number;
  readonly round_trips: number;
  readonly latency: LatencySummary;
}

const log = (message: string) => console.log(message);
/** Runs the lists benchmark; returns the budget failures (empty when every budget held). */
export const runListsBench = async (): Promise<string[]> => {
  const { config, stateDir } = await throwawayConfig();
  const stack = await startLocalStack(config);
  const failures: string[] = [];
  const results: ListResult[] = [];
  try {
    const raw = new DynamoDBClient({});
    await raw.send(
      new UpdateTableCommand({ TableName: config.tableName, StreamSpecification: { StreamEnabled: false } }),
    );
    raw.destroy();
    const client = createDocumentClient();
    const writer = createBatchWriter(client, config.tableName, 4);
    await categoryService().create({ id: 101, name: "Bench", slug: "bench" });
    const seller = await accountService().create({ name: "Bench Lists", email: "lists@bench.example.com" });
    const sellerId = seller.seller_id;
    const token = (
      (await (
        await fetch(`${stack.url}/api/v1/auth/api-key/create`, {
          method: "POST",
          headers: { "X-API-KEY": seller.api_key },
        })
      ).json()) as { data: { access_token: string } }
    ).data.access_token;
    const counting = createCountingClient();
    const products = createProductRepository(counting.client, config.tableName);
    const orders = createOrderRepository(counting.client, config.tableName);
    const payouts = createPayoutRepository(counting.client, config.tableName);
    const accounts = createAccountRepository(counting.client, config.tableName);
    const lists = [
      {
        list: "GET /api/v1/products?limit=20",
        path: "/api/v1/products?limit=20",
        // What the service reads for an unfiltered page: the kept count and one page of the index.
        reads: async () =>
          (await Promise.all([products.countBySeller(sellerId), products.pageBySeller(sellerId, 0, 20)]))[1]
            .length,
      },
      {
        list: "GET /api/v1/orders?limit=100",
        path: "/api/v1/orders?limit=100",
        reads: async () => {
          const page = await orders.pageBySeller(sellerId, 100, undefined);
          return page === "invalid_start" ? 0 : page.orders.length;
        },
      },
      {
        list: "GET /api/v1/payout/history?limit=100",
        path: "/api/v1/payout/history?limit=100",
        reads: async () => {
          const [, page] = await Promise.all([
            accounts.findById(sellerId),
            payouts.pageBySeller(sellerId, 100, undefined),
          ]);
          return page === "invalid_start" ? 0 : page.payouts.length;
        },
      },
    ];
    let seeded = 0;
    const started = performance.now();
    for (const size of SIZES) {
      for (let i = seeded; i < size; i++) {
        const p = product(sellerId, 101, i);
        await writer.put(productItem(p));
        await writer.put(orderItem(order(sellerId, p.id, i)));
        await writer.put(payoutItem(payout(sellerId, i)));
      }
      await writer.flush();
      seeded = size;
      await client.send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...keys.sellerCounts(sellerId), entity: "seller_counts", products: size },
        }),
      );
      log(
        `seeded ${size} of each (${writer.written} items, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      for (const entry of lists) {
        counting.reset();
        const returned = await entry.reads();
        const tally = counting.tally();
        const latency = await sequentialLatency(
          async () => {
            const response = await fetch(`${stack.url}${entry.path}`, {
              headers: { Authorization: `Bearer ${token}` },
            });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`${entry.path} answered ${response.status}`);
          },
          WARMUPS,
          RUNS,
        );
        const result = {
          list: entry.list,
          size,
          returned,
          items_read: tally.itemsRead,
          round_trips: tally.requests,
          latency,
        };
        results.push(result);
        log(
          `  ${entry.list.padEnd(46)} ${String(size).padStart(6)}: p50 ${latency.p50_ms} ms p99 ${latency.p99_ms} ms, ${tally.itemsRead} items / ${tally.requests} round trips`,
        );
      }
    }
    for (const entry of lists) {
      const mine = results.filter((r) => r.list === entry.list);
      const first = mine[0];
      const last = mine[mine.length - 1];
      if (!first || !last || first === last) continue;
      const latencyRatio = last.latency.p50_ms / first.latency.p50_ms;
      const readRatio = last.items_read / Math.max(1, first.items_read);
      if (latencyRatio > BUDGET)
        failures.push(`${entry.list}: p50 ${latencyRatio.toFixed(2)}× from ${first.size} to ${last.size}`);
      if (readRatio > BUDGET)
        failures.push(
          `${entry.list}: items read ${readRatio.toFixed(2)}× from ${first.size} to ${last.size}`,
        );
    }
    console.table(
      results.map((r) => ({
        list: r.list,
        items: r.size,
        returned: r.returned,
        "items read": r.items_read,
        "round trips": r.round_trips,
        "p50 ms": r.latency.p50_ms,
        "p99 ms": r.latency.p99_ms,
      })),
    );
    mkdirSync("bench-results", { recursive: true });
    const file = join("bench-results", `lists-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify({ sizes: SIZES, runs: RUNS, warmups: WARMUPS, results, failures }, null, 2),
    );
    log(`Results written to ${file}`);
    for (const failure of failures) console.error(`over budget: ${failure}`);
    return failures;
  } finally {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
};

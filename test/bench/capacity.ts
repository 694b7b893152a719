import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { generate } from "otplib";
import { type FunctionName, functionMemoryMb } from "../../infra/cdk/capacity-plan.js";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import type { EndpointGroup } from "../../shared/http/routes.js";
import { accountService } from "../../shared/runtime/dependencies.js";
import { type BenchRequest, send, tokenOf } from "./bench-http.js";
import { renderAboveMinimum, renderCapacityTable, renderCostTable } from "./capacity-tables.js";
import {
  type CommandRecord,
  installCommandRecorder,
  startRecording,
  stopRecording,
} from "./command-recorder.js";
import { deliveryTokens } from "./delivery-tokens.js";
import { endpointMinimums } from "./endpoint-minimums.js";
import { sectionMarkers, withGeneratedSection } from "./generated-section.js";
import { handlersIdle, installHandlerTimer, takeHandlerCalls } from "./handler-timer.js";
import { summarize } from "./latency.js";
import { checkMarket } from "./market-invariants.js";
import { type Market, seedMarket } from "./market-seed.js";
import { aboveMinimum, aboveMinimumLine } from "./minimum-check.js";
import type { PartOutcome } from "./part-outcome.js";
import { type CostPerMillion, costPerMillion, PRICES, PRICES_NOTE } from "./prices.js";
import { startQuietStack } from "./quiet-stack.js";
import { type RequestTally, tallyOf } from "./request-rounds.js";
import { machine } from "./search.js";
import { itemSize, sizedKeys, transactionWriteUnits } from "./transaction-units.js";

/**
 * `npm run bench -- capacity`: for every endpoint it can drive (27 of the 35 routes), one request
 * recorded on the service's own document client with `ReturnConsumedCapacity: "TOTAL"` added to each
 * command: DynamoDB requests, sequential rounds and read/write capacity units, beside the minimum
 * written in docs/benchmarks.md. Then RUNS more requests one after another for the handler's duration
 * (p50, timed around the handler as Lambda bills it), and from both the cost per million requests at
 * the public prices (prices.ts) with each function's memory from the CDK capacity plan.
 *
 * Every request is its account's first in its container (quiet-stack.ts), as most are on Lambda. An
 * endpoint above its written minimum of rounds fails the part (minimum-check.ts). A run whose requests
 * all answered as expected writes its two tables into docs/benchmarks.md between their markers, and
 * beside its JSON in bench-results/.
 */
const env = process.env;
const RUNS = Number(env.BENCH_CAPACITY_RUNS ?? 10);
/** Endpoints that use a subject up (a delivery token, an authenticator step, an order's dispute). */
const ONE_SHOT_RUNS = Number(env.BENCH_CAPACITY_ONE_SHOT_RUNS ?? 4);
const CATALOGUE = Number(env.BENCH_CAPACITY_CATALOGUE ?? 300);
const BUYERS = 3;
const SEARCH_PARAMS = "q=steam";
/** A card number that passes the Luhn check, as payouts require. */
const CARD = "4111111111111111";
/** SQS requests per queued message: the forwarder's send, the consumer's receive and delete (no batching). */
const SQS_REQUESTS_PER_MESSAGE = 3;
/** Outbox events by the queue message and e-mail each becomes. */
const EVENT_EFFECTS: Record<string, { messages: number; emails: number }> = {
  payment_confirmed: { messages: 1, emails: 0 },
  order_delivered: { messages: 1, emails: 1 },
  gift_issued: { messages: 1, emails: 1 },
};

interface EndpointCase {
  readonly endpoint: string;
  readonly group: EndpointGroup;
  /** The n-th call: 0 warms the function, 1 is recorded, the rest are timed. */
  readonly request: (n: number) => BenchRequest | Promise<BenchRequest>;
  readonly expectStatus: number;
  readonly runs: number;
}

interface EndpointResult {
  readonly endpoint: string;
  readonly function: EndpointGroup;
  readonly dynamodb: RequestTally;
  /** Write units as DynamoDB bills them (transactions modelled: see transaction-units.ts). */
  readonly write_units_billed: number;
  readonly minimum_rounds: number | undefined;
  readonly at_minimum: boolean | undefined;
  readonly minimum_why: string;
  readonly handler: { runs: number; p50_ms: number; p99_ms: number };
  readonly http_p50_ms: number;
  readonly memory_mb: number;
  readonly sqs_requests: number;
  readonly emails: number;
  readonly cost_per_million: CostPerMillion;
}

const log = (message: string) => console.log(message);
/** The document the capacity and cost tables are written into, and the command named in its markers. */
const DOCS = fileURLToPath(new URL("../../docs/benchmarks.md", import.meta.url));
const COMMAND = "npm run bench -- capacity";

/** A request's write units as billed: as reported, except transactions, which are modelled. */
export const billedWriteUnits = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  records: readonly CommandRecord[],
): Promise<number> => {
  let units = 0;
  for (const record of records) {
    if (record.operation !== "TransactWriteItems") {
      units += record.writeUnits;
      continue;
    }
    const sizes = new Map<string, number>();
    for (const key of sizedKeys(record.input)) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
      );
      if (Item) sizes.set(JSON.stringify(key), itemSize(Item));
    }
    units += transactionWriteUnits(record.input, (key) => sizes.get(JSON.stringify(key)));
  }
  return units;
};

/** Subjects prepared before the endpoints run: orders bought over HTTP, their tokens, payout sellers. */
interface Fixtures {
  readonly orders: string[];
  readonly tokens: Map<string, string>;
  readonly payoutSellers: { v1: string; totpSecret: string }[];
  readonly createdProducts: string[];
}

const casesOf = (market: Market, fixtures: Fixtures): EndpointCase[] => {
  const [buyer, buyer2, keyBuyer] = market.buyers;
  const [product, product2, keyProduct] = market.buyProducts;
  if (!buyer || !buyer2 || !keyBuyer || !product || !product2 || !keyProduct)
    throw new Error("the market has too few buyers");
  const seller = market.listSeller;
  const h2h = market.h2hSeller;
  const orderAt = (i: number) => fixtures.orders[i] ?? "missing-order";
  const oneShot = ONE_SHOT_RUNS + 2;
  // Orders 0..: deliveries first, then disputes, then the one that chat and order views read.
  const deliveryOrder = (n: number) => orderAt(n);
  const disputeOrder = (n: number) => orderAt(oneShot + n);
  const viewedOrder = orderAt(2 * oneShot);
  const get = (path: string, token: string) => (): BenchRequest => ({ method: "GET", path, token });
  return [
    {
      endpoint: "POST /api/v1/auth/api-key/create",
      group: "v1-auth",
      request: () => ({ method: "POST", path: "/api/v1/auth/api-key/create", apiKey: seller.apiKey }),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v1/products",
      group: "v1-products",
      request: get("/api/v1/products", seller.v1),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v1/products/info/{id}",
      group: "v1-products",
      request: get(`/api/v1/products/info/${seller.productIds[0]}`, seller.v1),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v1/products",
      group: "v1-products",
      request: (n) => ({
        method: "POST",
        path: "/api/v1/products",
        token: seller.v1,
        body: {
          id_categories: market.buyProducts[0]?.id_categories,
          name: `Capacity bench product ${n}`,
          meta_title: "Capacity bench product",
          meta_description: "A product made by the capacity bench",
          tags: "bench,keys",
          text_page: "A full description of the capacity bench product.",
          price: 1500,
          count: 10,
          uuid: `capacity-bench-${n}`,
          features: "instant,global,steam",
        },
      }),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v1/products/update/{id} (price)",
      group: "v1-products",
      request: (n) => ({
        method: "POST",
        path: `/api/v1/products/update/${seller.productIds[1]}`,
        token: seller.v1,
        body: { price: 1000 + n },
      }),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "DELETE /api/v1/products/{id}",
      group: "v1-products",
      request: (n) => ({
        method: "DELETE",
        path: `/api/v1/products/${fixtures.createdProducts[n] ?? "missing"}`,
        token: seller.v1,
      }),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v1/orders",
      group: "v1-orders",
      request: get("/api/v1/orders", seller.v1),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v1/orders/info/{id}",
      group: "v1-orders",
      request: get(`/api/v1/orders/info/${viewedOrder}`, h2h.v1),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v1/orders/delivery/{token}",
      group: "v1-orders",
      request: (n) => ({
        method: "POST",
        path: `/api/v1/orders/delivery/${fixtures.tokens.get(deliveryOrder(n)) ?? "missing"}`,
        token: h2h.v1,
        body: { text: `KEY-${n}-CAPACITY-BENCH` },
      }),
      expectStatus: 200,
      runs: ONE_SHOT_RUNS,
    },
    {
      endpoint: "GET /api/v1/seller",
      group: "v1-seller",
      request: get("/api/v1/seller", seller.v1),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v1/payout",
      group: "v1-payouts",
      request: async (n) => {
        const payee = fixtures.payoutSellers[n];
        if (!payee) throw new Error(`no payout seller ${n}`);
        return {
          method: "POST",
          path: "/api/v1/payout",
          token: payee.v1,
          body: {
            amount: 1000,
            payment_system: "card",
            wallet: CARD,
            cod: await generate({ secret: payee.totpSecret }),
          },
        };
      },
      expectStatus: 200,
      runs: ONE_SHOT_RUNS,
    },
    {
      endpoint: "GET /api/v1/payout/history",
      group: "v1-payouts",
      request: get("/api/v1/payout/history", seller.v1),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v2/auth/api-key/create",
      group: "v2-auth",
      request: () => ({ method: "POST", path: "/api/v2/auth/api-key/create", apiKey: buyer.apiKey }),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/balance",
      group: "v2-purchases",
      request: get("/api/v2/balance", buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/search",
      group: "v2-catalog",
      request: get(`/api/v2/search?${SEARCH_PARAMS}`, buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/products/{seller_id}",
      group: "v2-catalog",
      request: get(`/api/v2/products/${seller.id}`, buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/product/{id}",
      group: "v2-catalog",
      request: get(`/api/v2/product/${market.publicProductId}`, buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v2/buy",
      group: "v2-purchases",
      request: () => ({
        method: "POST",
        path: "/api/v2/buy",
        token: buyer2.v2,
        body: { product_id: product2.id, quantity: 1 },
      }),
      expectStatus: 201,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v2/buy (key product)",
      group: "v2-purchases",
      request: () => ({
        method: "POST",
        path: "/api/v2/buy",
        token: keyBuyer.v2,
        body: { product_id: keyProduct.id, quantity: 1 },
      }),
      expectStatus: 201,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v2/buy (Idempotency-Key)",
      group: "v2-purchases",
      request: (n) => ({
        method: "POST",
        path: "/api/v2/buy",
        token: buyer2.v2,
        body: { product_id: product2.id, quantity: 1 },
        headers: { "Idempotency-Key": `capacity-bench-${Date.now()}-${n}` },
      }),
      expectStatus: 201,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v2/gift",
      group: "v2-purchases",
      request: () => ({
        method: "POST",
        path: "/api/v2/gift",
        token: buyer2.v2,
        body: { product_id: product2.id },
      }),
      expectStatus: 201,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/history",
      group: "v2-orders",
      request: get("/api/v2/history", buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/order/{id}",
      group: "v2-orders",
      request: get(`/api/v2/order/${viewedOrder}`, buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v2/dispute",
      group: "v2-orders",
      request: (n) => ({
        method: "POST",
        path: "/api/v2/dispute",
        token: buyer.v2,
        body: { order_id: disputeOrder(n), action: "open", message: "The key does not work" },
      }),
      expectStatus: 200,
      runs: ONE_SHOT_RUNS,
    },
    {
      endpoint: "POST /api/v2/chat/{id}",
      group: "v2-orders",
      request: (n) => ({
        method: "POST",
        path: `/api/v2/chat/${viewedOrder}`,
        token: buyer.v2,
        body: { message: `Hello, question ${n}` },
      }),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/chat/{id}",
      group: "v2-orders",
      request: get(`/api/v2/chat/${viewedOrder}`, buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "POST /api/v2/favorites",
      group: "v2-favorites",
      // A new favorite each time (the first call of a toggle adds, the second removes: two other paths).
      request: (n) => ({
        method: "POST",
        path: "/api/v2/favorites",
        token: buyer.v2,
        body: { product_id: market.publicProductIds[n % market.publicProductIds.length], action: "add" },
      }),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/favorites",
      group: "v2-favorites",
      request: get("/api/v2/favorites", buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
    {
      endpoint: "GET /api/v2/comment/{id}",
      group: "v2-catalog",
      request: get(`/api/v2/comment/${market.publicProductId}`, buyer.v2),
      expectStatus: 200,
      runs: RUNS,
    },
  ];
};

/**
 * Buys the orders the order endpoints need, creates the products DELETE removes, funds payout sellers,
 * and uploads codes to the third buyer's product, which the key product's /buy sells.
 */
const prepare = async (url: string, market: Market, tableName: string): Promise<Fixtures> => {
  const [buyer] = market.buyers;
  const [product, , keyProduct] = market.buyProducts;
  if (!buyer || !product || !keyProduct) throw new Error("the market has no buyer");
  const upload = await send(url, {
    method: "POST",
    path: `/api/v1/products/keys/${keyProduct.id}`,
    token: market.h2hSeller.v1,
    body: { codes: Array.from({ length: RUNS + 2 }, (_, i) => `BENCH-KEY-${String(i).padStart(6, "0")}`) },
  });
  if (upload.status !== 200) throw new Error(`code upload failed: ${upload.status}`);
  const orders: string[] = [];
  for (let i = 0; i < 2 * (ONE_SHOT_RUNS + 2) + 1; i++) {
    const answer = await send(url, {
      method: "POST",
      path: "/api/v2/buy",
      token: buyer.v2,
      body: { product_id: product.id, quantity: 1 },
    });
    const id = (answer.body.data as { order_id?: string } | undefined)?.order_id;
    if (answer.status !== 201 || !id) throw new Error(`buy failed: ${answer.status}`);
    orders.push(id);
  }
  const payoutSellers = [];
  for (let i = 0; i < ONE_SHOT_RUNS + 2; i++) {
    const account = await accountService().create({
      name: `Bench Payee ${i + 1}`,
      email: `payee${i + 1}@bench.example.com`,
    });
    await accountService().credit(account.seller_id, 5000);
    payoutSellers.push({ v1: await tokenOf(url, account.api_key, "v1"), totpSecret: account.totp_secret });
  }
  return {
    orders,
    tokens: await deliveryTokens(createDocumentClient(), tableName),
    payoutSellers,
    createdProducts: [],
  };
};

export const runCapacityBench = async (): Promise<PartOutcome> => {
  const started = performance.now();
  installHandlerTimer();
  const quiet = await startQuietStack({ accountFirstRequests: true });
  const { stack, config } = quiet;
  installCommandRecorder();
  const failures: string[] = [];
  const missed: string[] = [];
  try {
    const market = await seedMarket(config, stack.url, { catalogueSize: CATALOGUE, buyers: BUYERS, log });
    const fixtures = await prepare(stack.url, market, config.tableName);
    const plain = createDocumentClient();
    const loadBefore = loadavg();
    await handlersIdle();
    let purchases201 = takeHandlerCalls().filter(
      (c) => c.group === "v2-purchases" && c.status === 201,
    ).length;
    const results: EndpointResult[] = [];
    for (const entry of casesOf(market, fixtures)) {
      let tally: RequestTally | undefined;
      let billedWrites = 0;
      const handlerMs: number[] = [];
      const httpMs: number[] = [];
      for (let n = 0; n < entry.runs + 2; n++) {
        const request = await entry.request(n);
        if (n === 1) startRecording();
        const t0 = performance.now();
        const answer = await send(stack.url, request);
        const ms = performance.now() - t0;
        if (n === 1) {
          const records = await stopRecording();
          tally = tallyOf(records);
          billedWrites = await billedWriteUnits(plain, config.tableName, records);
        }
        const calls = takeHandlerCalls();
        purchases201 += calls.filter((c) => c.group === "v2-purchases" && c.status === 201).length;
        const call = calls.find((c) => c.group === entry.group);
        if (n >= 2 && call) {
          handlerMs.push(call.ms);
          httpMs.push(ms);
        }
        if (answer.status !== entry.expectStatus)
          failures.push(`${entry.endpoint} (call ${n}): ${answer.status} ${JSON.stringify(answer.body)}`);
        const created = (answer.body.data as { id?: string } | undefined)?.id;
        if (entry.endpoint === "POST /api/v1/products" && created) fixtures.createdProducts.push(created);
      }
      if (!tally) throw new Error(`nothing recorded for ${entry.endpoint}`);
      const handler = summarize(handlerMs);
      const minimum = endpointMinimums[entry.endpoint];
      const messages = Object.entries(tally.outbox_events).reduce(
        (sum, [type, count]) => sum + count * (EVENT_EFFECTS[type]?.messages ?? 1),
        0,
      );
      const emails = Object.entries(tally.outbox_events).reduce(
        (sum, [type, count]) => sum + count * (EVENT_EFFECTS[type]?.emails ?? 0),
        0,
      );
      const memory = functionMemoryMb[entry.group as FunctionName];
      const result: EndpointResult = {
        endpoint: entry.endpoint,
        function: entry.group,
        dynamodb: tally,
        write_units_billed: billedWrites,
        minimum_rounds: minimum?.rounds,
        at_minimum: minimum?.rounds === undefined ? undefined : tally.rounds <= minimum.rounds,
        minimum_why: minimum?.why ?? "",
        handler: { runs: handler.runs, p50_ms: handler.p50_ms, p99_ms: handler.p99_ms },
        http_p50_ms: summarize(httpMs).p50_ms,
        memory_mb: memory,
        sqs_requests: messages * SQS_REQUESTS_PER_MESSAGE,
        emails,
        cost_per_million: costPerMillion({
          memoryMb: memory,
          durationMs: handler.p50_ms,
          readUnits: tally.read_units,
          writeUnits: billedWrites,
          sqsRequests: messages * SQS_REQUESTS_PER_MESSAGE,
          emails,
        }),
      };
      results.push(result);
      log(
        `${entry.endpoint.padEnd(44)} ${tally.requests} requests, ${tally.rounds} rounds (minimum ${minimum?.rounds ?? "—"}), ${tally.read_units} RRU ${billedWrites} WRU (Local: ${tally.write_units}); handler p50 ${handler.p50_ms} ms; $${result.cost_per_million.total} per million`,
      );
    }

    await handlersIdle();
    purchases201 += takeHandlerCalls().filter((c) => c.group === "v2-purchases" && c.status === 201).length;
    const invariants = await checkMarket(config.tableName, market, purchases201);
    for (const check of invariants.filter((c) => !c.ok))
      failures.push(`invariant broken: ${check.check}: ${check.detail}`);
    log(
      `invariants after the capacity run: ${invariants.filter((c) => c.ok).length}/${invariants.length} hold`,
    );

    console.table(
      results.map((r) => ({
        endpoint: r.endpoint,
        requests: r.dynamodb.requests,
        rounds: r.dynamodb.rounds,
        minimum: r.minimum_rounds ?? "—",
        RRU: r.dynamodb.read_units,
        "WRU (Local)": r.dynamodb.write_units,
        "WRU (billed)": r.write_units_billed,
        plan: r.dynamodb.plan.join(" → "),
      })),
    );
    log(`\nCost per million requests (${PRICES_NOTE}; duration = handler p50, rounded up to 1 ms)`);
    console.table(
      results.map((r) => ({
        endpoint: r.endpoint,
        MB: r.memory_mb,
        "handler p50 ms": r.handler.p50_ms,
        Lambda: Number((r.cost_per_million.lambda_requests + r.cost_per_million.lambda_duration).toFixed(4)),
        "HTTP API": r.cost_per_million.http_api,
        DynamoDB: Number((r.cost_per_million.dynamodb_reads + r.cost_per_million.dynamodb_writes).toFixed(4)),
        "SQS+SES": Number((r.cost_per_million.sqs + r.cost_per_million.ses).toFixed(4)),
        "total $": r.cost_per_million.total,
      })),
    );
    const runtime = Math.round((performance.now() - started) / 1000);
    const loadAfter = loadavg();
    const above = aboveMinimum(
      results.map((r) => ({ endpoint: r.endpoint, rounds: r.dynamodb.rounds, plan: r.dynamodb.plan })),
      endpointMinimums,
    );
    const aboveLines = above.map(aboveMinimumLine);
    mkdirSync("bench-results", { recursive: true });
    const stamp = new Date().toISOString();
    const file = join("bench-results", `capacity-${stamp.replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          machine: machine(),
          settings: { runs: RUNS, one_shot_runs: ONE_SHOT_RUNS, catalogue: CATALOGUE, search: SEARCH_PARAMS },
          prices: { ...PRICES, note: PRICES_NOTE },
          assumptions: {
            duration:
              "the handler's p50 over the timed runs, in-process (no gateway, no HTTP), rounded up to 1 ms",
            memory: "infra/cdk/capacity-plan.ts functionMemoryMb",
            write_units:
              "as DynamoDB Local reports them, except TransactWriteItems (Local sums the items' sizes once): 2 per started KB per action, +1 per global index a Put joins",
            sqs: `${SQS_REQUESTS_PER_MESSAGE} requests per outbox event (send, receive, delete; no batching)`,
            ses: "one e-mail per order_delivered or gift_issued event",
            not_included:
              "the stream-fed functions (outbox forwarder, catalogue indexer), the webhook sender and mailer, and their reads",
          },
          load_average: { before: loadBefore, after: loadAfter },
          token_status_cache_seconds: env.TOKEN_STATUS_CACHE_SECONDS,
          results,
          invariants,
          missed,
          failures,
          above_minimum: aboveLines,
          runtime_seconds: runtime,
        },
        null,
        2,
      )}\n`,
    );
    log(`Results written to ${file} (${runtime} s)`);
    // A run with a wrong answer or a broken invariant measured something else: its tables are not the service's.
    if (failures.length === 0) {
      const note = `Run of ${stamp.slice(0, 16).replace("T", " ")} UTC (\`${file}\`, ${runtime} s; load average ${loadBefore[0]?.toFixed(2)} before, ${loadAfter[0]?.toFixed(2)} after; every request its account's first in its container)`;
      const capacity = `${note}:\n\n${renderCapacityTable(results)}\n\n${renderAboveMinimum(above, results.length)}`;
      const cost = `${note}; dollars (and Lambda GB-s) per million requests:\n\n${renderCostTable(results)}`;
      const tablesFile = file.replace(/\.json$/, ".md");
      writeFileSync(tablesFile, `${capacity}\n\n${cost}\n`);
      const docs = withGeneratedSection(
        readFileSync(DOCS, "utf8"),
        sectionMarkers("capacity table", COMMAND),
        capacity,
      );
      writeFileSync(DOCS, withGeneratedSection(docs, sectionMarkers("cost table", COMMAND), cost));
      log(`Tables written to ${tablesFile} and docs/benchmarks.md`);
    }
    return { failures: [...failures, ...aboveLines], missed };
  } finally {
    await quiet.stop();
  }
};

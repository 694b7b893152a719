import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicCategory } from "../support/catalogue.js";
import { startReceiver } from "../support/receiver.js";
import { RunFailed, type RunLog, runBatches } from "./command-runner.js";
import { marketViolations } from "./invariant-checks.js";
import { batchesArbitrary, type MarketCommand, printable, worldPlanArbitrary } from "./market-commands.js";
import { listedKeyStockViolations, readMarket } from "./market-state.js";
import { createWorld, type MarketWorld, type WorldPlan } from "./market-world.js";

/**
 * Generated runs: each builds a fresh world and sends a few batches of concurrent commands, one to two
 * seconds on a shared two-core machine. INVARIANTS_RUNS raises it for a longer hunt; INVARIANTS_SEED and
 * INVARIANTS_PATH (both printed with a failure) replay a counterexample. INVARIANTS_SHRINK=0 reports the
 * first failing run as it was: the runs share one stack, and the expire command (like the maintenance
 * timer) expires every seller's orders, so a fault that corrupted an order makes the shrunk runs fail in
 * their expiry instead of where it began.
 */
const NUM_RUNS = Number(process.env.INVARIANTS_RUNS ?? 15);
const replay = {
  ...(process.env.INVARIANTS_SEED ? { seed: Number(process.env.INVARIANTS_SEED) } : {}),
  ...(process.env.INVARIANTS_PATH ? { path: process.env.INVARIANTS_PATH } : {}),
  ...(process.env.INVARIANTS_SHRINK === "0" ? { endOnFailure: true } : {}),
};
/** Shrinking a failure replays the market many times; this bounds it, keeping the smallest case found. */
const SHRINK_LIMIT_MS = 240_000;

/**
 * A run in which every kind of command goes through (orders #0–#6 are the storefront order, the buy,
 * the gift, the born-expired order, and P3's storefront order, buy and gift): the generated runs refuse
 * much of what they try, so this one proves that the commands reach the market at all. The one command
 * refused is the seller's delivery of P3's buy (order #5), which its payment delivered already.
 */
const everyCommandOnce: {
  plan: WorldPlan;
  batches: MarketCommand[][];
  done: MarketCommand["type"][];
  refused: string[];
} = {
  plan: { stock: [3, 3], codes: 3, funds: [2500, 2500], sellerFunds: 0 },
  batches: [
    [
      { type: "order", product: 0, quantity: 1, expired: false },
      { type: "buy", reseller: 0, product: 1, quantity: 1 },
      { type: "gift", reseller: 1, product: 0 },
      { type: "order", product: 1, quantity: 2, expired: true },
      { type: "order", product: 2, quantity: 1, expired: false },
      { type: "buy", reseller: 0, product: 2, quantity: 1 },
      { type: "gift", reseller: 1, product: 2 },
      { type: "credit", account: "seller", amount: 2500 },
      { type: "upload", codes: 2 },
    ],
    [
      { type: "pay", order: 0, via: "callback", paymentId: 0 },
      { type: "pay", order: 1, via: "operator", paymentId: 0 },
      { type: "pay", order: 4, via: "callback", paymentId: 1 },
      { type: "payout", amount: 1000, step: 0 },
      { type: "expire" },
      { type: "withdraw", which: 0 },
    ],
    [
      { type: "deliver", order: 0 },
      { type: "deliver", order: 2 },
      { type: "deliver", order: 5 },
      { type: "decide", payout: 0, status: "rejected" },
      { type: "withdraw", which: "all" },
    ],
  ].map((batch) => batch.map((command) => printable(command as MarketCommand))),
  done: [
    ...["order", "buy", "gift", "order", "order", "buy", "gift", "credit", "upload"],
    ...["pay", "pay", "pay", "payout", "expire", "withdraw"],
    ...["deliver", "deliver", "decide", "withdraw"],
  ] as MarketCommand["type"][],
  refused: ["batch 3: deliver(order#5) → refused: 409 Order already delivered"],
};

describe("money and stock invariants under random concurrent interleavings", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let categoryId: number;
  beforeAll(async () => {
    // The seller's webhooks get a 200 and nothing more: the commands deliver, not the receiver.
    receiver = await startReceiver(() => 200);
    categoryId = await createPublicCategory();
  });
  afterAll(() => receiver.close());

  /** Every invariant the market of `world` breaks after the commands of `log`. */
  const violationsOf = async (world: MarketWorld, log: RunLog) => [
    ...marketViolations(world, log, await readMarket(world, log.orders)),
    ...(await listedKeyStockViolations(world)),
  ];

  /**
   * Builds a fresh world, runs the batches and returns what they did and every invariant they broke. A
   * command that fails is often a symptom (an expiry that cannot return a code another order took), so
   * its report adds what the market breaks after it.
   */
  const run = async (plan: WorldPlan, batches: readonly MarketCommand[][]) => {
    const world = await createWorld(plan, categoryId, receiver);
    let log: RunLog;
    try {
      log = await runBatches(world, batches);
    } catch (error) {
      if (!(error instanceof RunFailed)) throw error;
      const after = await violationsOf(world, error.log).catch((e: unknown) => [
        `(the market could not be read: ${e instanceof Error ? e.message : String(e)})`,
      ]);
      throw new Error(
        `${error.message}\n-- what the market breaks after it:\n${after.join("\n") || "nothing"}`,
      );
    }
    return { log, violations: await violationsOf(world, log) };
  };

  it("a hand-picked run in which every kind of command goes through leaves every invariant holding", async () => {
    const { log, violations } = await run(everyCommandOnce.plan, everyCommandOnce.batches);
    expect(log.done, log.lines.join("\n")).toEqual(everyCommandOnce.done);
    expect(log.lines.filter((line) => line.includes("→ refused"))).toEqual(everyCommandOnce.refused);
    // Three codes before the run and two uploaded; one withdrawn by id, then the last available one.
    expect(log.codes).toEqual({ uploaded: 2, withdrawn: 2 });
    expect(violations).toEqual([]);
  });

  it("storefront orders, payments, expiries, deliveries, payouts and their decisions, credits, buys and gifts, code uploads and withdrawals in any interleaving leave no stock or balance below zero, every balance equal to its ledger and its facts, each paid order with exactly one delivery token and one webhook event, delivered at most once (a key order at its payment), and every uploaded code in exactly one state, each delivered one in exactly one order, the key product's count its available codes", async () => {
    await fc.assert(
      fc.asyncProperty(worldPlanArbitrary, batchesArbitrary, async (plan, batches) => {
        const { log, violations } = await run(plan, batches);
        if (violations.length > 0)
          throw new Error(`${violations.join("\n")}\n-- what each command got:\n${log.lines.join("\n")}`);
      }),
      { numRuns: NUM_RUNS, ...replay, plugins: [fc.interruptAfterTimeLimit(SHRINK_LIMIT_MS)] },
    );
  });
});

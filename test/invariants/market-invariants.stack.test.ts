import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicCategory } from "../support/catalogue.js";
import { startReceiver } from "../support/receiver.js";
import { runBatches } from "./command-runner.js";
import { marketViolations } from "./invariant-checks.js";
import { batchesArbitrary, type MarketCommand, printable, worldPlanArbitrary } from "./market-commands.js";
import { readMarket } from "./market-state.js";
import { createWorld, type WorldPlan } from "./market-world.js";

/**
 * Generated runs: each builds a fresh world and sends a few batches of concurrent commands, one to two
 * seconds on a shared two-core machine. INVARIANTS_RUNS raises it for a longer hunt; INVARIANTS_SEED and
 * INVARIANTS_PATH (both printed with a failure) replay a counterexample.
 */
const NUM_RUNS = Number(process.env.INVARIANTS_RUNS ?? 15);
const replay = {
  ...(process.env.INVARIANTS_SEED ? { seed: Number(process.env.INVARIANTS_SEED) } : {}),
  ...(process.env.INVARIANTS_PATH ? { path: process.env.INVARIANTS_PATH } : {}),
};
/** Shrinking a failure replays the market many times; this bounds it, keeping the smallest case found. */
const SHRINK_LIMIT_MS = 240_000;

/**
 * A run in which every kind of command goes through (orders #0–#3 are the storefront order, the buy,
 * the gift and the born-expired order): the generated runs refuse much of what they try, so this one
 * proves that the commands reach the market at all.
 */
const everyCommandOnce: { plan: WorldPlan; batches: MarketCommand[][] } = {
  plan: { stock: [3, 3], funds: [2500, 2500], sellerFunds: 0 },
  batches: [
    [
      { type: "order", product: 0, quantity: 1, expired: false },
      { type: "buy", reseller: 0, product: 1, quantity: 1 },
      { type: "gift", reseller: 1, product: 0 },
      { type: "order", product: 1, quantity: 2, expired: true },
      { type: "credit", account: "seller", amount: 2500 },
    ],
    [
      { type: "pay", order: 0, via: "callback", paymentId: 0 },
      { type: "pay", order: 1, via: "operator", paymentId: 0 },
      { type: "payout", amount: 1000, step: 0 },
      { type: "expire" },
    ],
    [
      { type: "deliver", order: 0 },
      { type: "deliver", order: 2 },
      { type: "decide", payout: 0, status: "rejected" },
    ],
  ].map((batch) => batch.map((command) => printable(command as MarketCommand))),
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

  /** Builds a fresh world, runs the batches and returns what they did and every invariant they broke. */
  const run = async (plan: WorldPlan, batches: readonly MarketCommand[][]) => {
    const world = await createWorld(plan, categoryId, receiver);
    const log = await runBatches(world, batches);
    return { log, violations: marketViolations(world, log, await readMarket(world, log.orders)) };
  };

  it("a hand-picked run in which every kind of command goes through leaves every invariant holding", async () => {
    const { log, violations } = await run(everyCommandOnce.plan, everyCommandOnce.batches);
    expect(log.done, log.lines.join("\n")).toEqual(everyCommandOnce.batches.flat().map((c) => c.type));
    expect(violations).toEqual([]);
  });

  it("storefront orders, payments, expiries, deliveries, payouts and their decisions, credits, buys and gifts in any interleaving leave no stock or balance below zero, every balance equal to its ledger and its facts, and each paid order with exactly one delivery token and one webhook event, delivered at most once", async () => {
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

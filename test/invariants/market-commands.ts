import fc from "fast-check";
import type { WorldPlan } from "./market-world.js";

/** Which product a command names: 0 is P1 (giftable), 1 is P2, 2 is P3 (giftable, sells uploaded codes). */
type ProductIndex = 0 | 1 | 2;
/** Which reseller a command names: 0 is R1, 1 is R2. */
type ResellerIndex = 0 | 1;

/**
 * One thing a buyer, seller, payment provider, operator or the schedule does to the market. Orders and
 * payouts are named by their position among those made in earlier batches (taken modulo how many there
 * are), so a command still means something after shrinking removed others.
 */
export type MarketCommand =
  /** Storefront order (ops `order create`); `expired` makes it with a clock 31 minutes back, so it is born past its hold. */
  | {
      readonly type: "order";
      readonly product: ProductIndex;
      readonly quantity: number;
      readonly expired: boolean;
    }
  /** Payment of an order: the provider's signed callback with payment id `pay-<paymentId>`, or ops `order pay`. */
  | {
      readonly type: "pay";
      readonly order: number;
      readonly via: "callback" | "operator";
      readonly paymentId: number;
    }
  /** The maintenance job that cancels unpaid orders past their expiry. */
  | { readonly type: "expire" }
  /** The seller delivers an order through the token its webhook carried. */
  | { readonly type: "deliver"; readonly order: number }
  /** POST /api/v1/payout with the TOTP code of the current step or the next one. */
  | { readonly type: "payout"; readonly amount: number; readonly step: 0 | 1 }
  /** The operator completes or rejects a payout (ops `payout complete` / `payout reject`). */
  | { readonly type: "decide"; readonly payout: number; readonly status: "paid" | "rejected" }
  /** The operator credits an account (ops `balance credit`): the seller, R1 or R2. */
  | { readonly type: "credit"; readonly account: "seller" | ResellerIndex; readonly amount: number }
  /** POST /api/v2/buy by a reseller. */
  | {
      readonly type: "buy";
      readonly reseller: ResellerIndex;
      readonly product: ProductIndex;
      readonly quantity: number;
    }
  /** POST /api/v2/gift by a reseller (one unit). */
  | { readonly type: "gift"; readonly reseller: ResellerIndex; readonly product: ProductIndex }
  /** The seller uploads this many fresh codes to P3 (POST /api/v1/products/keys/{id}). */
  | { readonly type: "upload"; readonly codes: number }
  /**
   * The seller withdraws P3's available codes (POST /api/v1/products/keys/withdraw/{id}): all of them, or
   * one by id, named by its position among those the seller's page lists as available.
   */
  | { readonly type: "withdraw"; readonly which: "all" | number };

const productName = (product: ProductIndex) => (["P1", "P2", "P3"] as const)[product];
const resellerName = (reseller: ResellerIndex) => (reseller === 0 ? "R1" : "R2");

/** A command as a counterexample prints it. */
export const describeCommand = (command: MarketCommand): string => {
  switch (command.type) {
    case "order":
      return `order(${productName(command.product)} x${command.quantity}${command.expired ? ", born expired" : ""})`;
    case "pay":
      return command.via === "callback"
        ? `pay(order#${command.order} by callback pay-${command.paymentId})`
        : `pay(order#${command.order} by operator)`;
    case "expire":
      return "expire()";
    case "deliver":
      return `deliver(order#${command.order})`;
    case "payout":
      return `payout(${command.amount}, code of step+${command.step})`;
    case "decide":
      return `decide(payout#${command.payout} ${command.status})`;
    case "credit":
      return `credit(${command.account === "seller" ? "seller" : resellerName(command.account)}, ${command.amount})`;
    case "buy":
      return `buy(${resellerName(command.reseller)}, ${productName(command.product)} x${command.quantity})`;
    case "gift":
      return `gift(${resellerName(command.reseller)}, ${productName(command.product)})`;
    case "upload":
      return `upload(P3 +${command.codes} codes)`;
    case "withdraw":
      return command.which === "all"
        ? "withdraw(P3 all available)"
        : `withdraw(P3 available code#${command.which})`;
  }
};

/** A command with the printed form fast-check uses in counterexamples (generated ones all get it). */
export const printable = (command: MarketCommand): MarketCommand =>
  Object.assign(command, { [fc.toStringMethod]: () => describeCommand(command) });

// P3 is named as often as P1 and P2 together: its codes race only when two of its sales share a batch.
const product = fc.oneof(
  { weight: 1, arbitrary: fc.constant<ProductIndex>(0) },
  { weight: 1, arbitrary: fc.constant<ProductIndex>(1) },
  { weight: 2, arbitrary: fc.constant<ProductIndex>(2) },
);
const reseller = fc.constantFrom<ResellerIndex>(0, 1);
const reference = fc.nat({ max: 7 });

/**
 * One command of any kind; amounts are picked so balances and stock run out within a short run, and the
 * commands that move stock and money come more often than the maintenance job.
 */
export const commandArbitrary: fc.Arbitrary<MarketCommand> = fc
  .oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant("order" as const),
        product,
        quantity: fc.integer({ min: 1, max: 3 }),
        expired: fc.boolean(),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant("pay" as const),
        order: reference,
        via: fc.constantFrom("callback" as const, "operator" as const),
        paymentId: fc.nat({ max: 1 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant("expire" as const) }) },
    { weight: 3, arbitrary: fc.record({ type: fc.constant("deliver" as const), order: reference }) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant("payout" as const),
        amount: fc.constantFrom(1000, 1500, 2500),
        step: fc.constantFrom<0 | 1>(0, 1),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant("decide" as const),
        payout: reference,
        status: fc.constantFrom("paid" as const, "rejected" as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant("credit" as const),
        account: fc.constantFrom<"seller" | ResellerIndex>("seller", 0, 1),
        amount: fc.constantFrom(500, 1000, 2500),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant("buy" as const),
        reseller,
        product,
        quantity: fc.integer({ min: 1, max: 2 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ type: fc.constant("gift" as const), reseller, product }) },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constant("upload" as const), codes: fc.integer({ min: 1, max: 3 }) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant("withdraw" as const),
        which: fc.oneof(fc.constant("all" as const), fc.nat({ max: 3 })),
      }),
    },
  )
  .map(printable);

/** The starting world: small stock, codes and funds, so refusals for want of any of them are common. */
export const worldPlanArbitrary: fc.Arbitrary<WorldPlan> = fc.record({
  stock: fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })),
  codes: fc.integer({ min: 0, max: 5 }),
  funds: fc.tuple(fc.constantFrom(0, 1000, 2500), fc.constantFrom(0, 1000, 2500)),
  sellerFunds: fc.constantFrom(0, 1000, 2500),
});

/** Batches run one after another; the commands of a batch run concurrently. */
export const batchesArbitrary: fc.Arbitrary<MarketCommand[][]> = fc.array(
  fc.array(commandArbitrary, { minLength: 1, maxLength: 6, size: "max" }),
  { minLength: 1, maxLength: 6, size: "max" },
);

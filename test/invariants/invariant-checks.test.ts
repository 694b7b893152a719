import { describe, expect, it } from "vitest";
import type { LedgerEntry, LedgerKind } from "../../shared/ledger/ledger-entry.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import type { PayoutRecord } from "../../shared/payouts/payout.js";
import type { RunLog } from "./command-runner.js";
import { marketViolations } from "./invariant-checks.js";
import type { MarketState, OrderArtifacts } from "./market-state.js";
import type { MarketWorld } from "./market-world.js";

/** Seller 1 sells P1 (1000, stock 3) and P2 (700, stock 3); resellers R1 (2) and R2 (3) were credited 2500 each. */
const world: MarketWorld = {
  seller: { id: 1, v1: "v1", totpSecret: "secret" },
  resellers: [
    { name: "R1", id: 2, v2: "r1" },
    { name: "R2", id: 3, v2: "r2" },
  ],
  products: [
    { name: "P1", id: "p1", price: 1000, initialStock: 3 },
    { name: "P2", id: "p2", price: 700, initialStock: 3 },
  ],
  setupCredits: new Map([
    [2, 2500],
    [3, 2500],
  ]),
};

const AT = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-01T00:40:00.000Z";

const order = (fields: Partial<OrderRecord> & Pick<OrderRecord, "id_order" | "product_id">): OrderRecord => {
  const unit = fields.product_id === "p1" ? 1000 : 700;
  const quantity = fields.quantity ?? 1;
  return {
    seller_id: 1,
    quantity,
    unit_price: unit,
    amount: unit * quantity,
    status: "paid",
    buyer_email: "b@example.com",
    buyer_type: "guest",
    guest_id: "g",
    payment_system: "card",
    created_at: AT,
    expires_at: "2026-01-01T00:30:00.000Z",
    paid_at: AT,
    delivered: false,
    webhook_event_id: `event-${fields.id_order}`,
    ...fields,
  };
};

const entry = (
  accountId: number,
  kind: LedgerKind,
  amount: number,
  ref: Partial<LedgerEntry> = {},
): LedgerEntry => ({
  entry_id: `${kind}-${amount}-${ref.order_id ?? ref.payout_id ?? ""}`,
  account_id: accountId,
  kind,
  amount,
  created_at: AT,
  ...ref,
});

const payout = (id: string, amount: number, status: PayoutRecord["status"]): PayoutRecord => ({
  id,
  seller_id: 1,
  amount,
  payment_system: "card",
  wallet: "4111111111111111",
  status,
  created_at: AT,
});

const paidArtifacts = (orderId: string, extra: Partial<OrderArtifacts> = {}): OrderArtifacts => ({
  tokens: [{ amount: orderId === "o2" ? 700 : 1000 }],
  events: [{ type: "payment_confirmed", event_id: `event-${orderId}` }],
  webhookAttempts: [{ outcome: "delivered" }],
  ...extra,
});

/**
 * A consistent market: o1 a delivered storefront order of P1, o2 R1's buy of P2, o3 an expired and
 * canceled storefront order of 2 × P2, o4 R2's gift of P1; payout y1 waiting, y2 rejected; the
 * operator credited the seller 1500 during the run.
 */
const consistent = (): { log: RunLog; state: MarketState } => ({
  log: {
    orders: ["o1", "o2", "o3", "o4"],
    payouts: ["y1", "y2"],
    credits: [{ accountId: 1, amount: 1500 }],
    done: [],
    lines: [],
  },
  state: {
    orders: [
      order({ id_order: "o1", product_id: "p1", delivered: true, delivered_at: AT }),
      order({
        id_order: "o2",
        product_id: "p2",
        buyer_account_id: 2,
        buyer_type: "registered",
        channel: "reseller",
      }),
      order({
        id_order: "o3",
        product_id: "p2",
        quantity: 2,
        status: "canceled",
        paid_at: undefined,
        webhook_event_id: undefined,
        canceled_at: LATER,
      }),
      order({ id_order: "o4", product_id: "p1", buyer_account_id: 3, channel: "reseller", gift: 1 }),
    ],
    payouts: [payout("y1", 1000, "wait"), payout("y2", 500, "rejected")],
    stock: new Map([
      ["p1", 1],
      ["p2", 2],
    ]),
    money: new Map([
      [
        1,
        {
          balance: 1500,
          ledger: [
            entry(1, "operator_credit", 1500),
            entry(1, "sale", 1000, { order_id: "o1" }),
            entry(1, "payout", -1000, { payout_id: "y1" }),
            entry(1, "payout", -500, { payout_id: "y2" }),
            entry(1, "payout_refund", 500, { payout_id: "y2" }),
          ],
        },
      ],
      [
        2,
        {
          balance: 1800,
          ledger: [entry(2, "operator_credit", 2500), entry(2, "purchase", -700, { order_id: "o2" })],
        },
      ],
      [
        3,
        {
          balance: 1500,
          ledger: [entry(3, "operator_credit", 2500), entry(3, "purchase", -1000, { order_id: "o4" })],
        },
      ],
    ]),
    artifacts: new Map([
      [
        "o1",
        paidArtifacts("o1", {
          tokens: [{ amount: 1000, used_at: AT }],
          events: [
            { type: "payment_confirmed", event_id: "event-o1" },
            { type: "order_delivered", event_id: "mail-o1" },
          ],
        }),
      ],
      ["o2", paidArtifacts("o2")],
      ["o3", { tokens: [], events: [], webhookAttempts: [] }],
      [
        "o4",
        paidArtifacts("o4", {
          events: [
            { type: "payment_confirmed", event_id: "event-o4" },
            { type: "gift_issued", event_id: "gift-o4" },
          ],
        }),
      ],
    ]),
    strayArtifacts: [],
  },
});

/** The consistent market with one part of its state replaced. */
const withState = (change: (state: MarketState) => Partial<MarketState>) => {
  const { log, state } = consistent();
  return marketViolations(world, log, { ...state, ...change(state) });
};

describe("market invariants: each check names the rule a state breaks", () => {
  it("finds nothing wrong in a consistent market", () => {
    const { log, state } = consistent();
    expect(marketViolations(world, log, state)).toEqual([]);
  });

  it("stock below zero, and stock that is not the initial stock less what waiting and paid orders hold", () => {
    expect(
      withState(() => ({
        stock: new Map([
          ["p1", -1],
          ["p2", 2],
        ]),
      })),
    ).toEqual(["P1: stock -1 is below zero", "P1: stock -1 ≠ initial 3 − 2 held by waiting and paid orders"]);
    expect(
      withState(() => ({
        stock: new Map([
          ["p1", 1],
          ["p2", 0],
        ]),
      })),
    ).toEqual(["P2: stock 0 ≠ initial 3 − 1 held by waiting and paid orders"]);
  });

  it("a balance that is not the sum of its ledger, and a movement the facts do not call for", () => {
    expect(
      withState((s) => ({
        money: new Map([
          ...s.money,
          [1, { balance: 1500, ledger: s.money.get(1)?.ledger.filter((e) => e.kind !== "sale") ?? [] }],
        ]),
      })),
    ).toEqual(["seller 1: balance 1500 ≠ ledger sum 500", "seller 1 ledger: missing sale 1000 for order o1"]);
    expect(
      withState((s) => ({
        money: new Map([
          ...s.money,
          [
            2,
            {
              balance: 1100,
              ledger: [...(s.money.get(2)?.ledger ?? []), entry(2, "purchase", -700, { order_id: "o9" })],
            },
          ],
        ]),
      })),
    ).toEqual(["R1 2 ledger: unexpected purchase -700 for order o9"]);
  });

  it("a balance below zero", () => {
    expect(
      withState((s) => ({
        money: new Map([
          ...s.money,
          [3, { balance: -100, ledger: [entry(3, "purchase", -100, { order_id: "o4" })] }],
        ]),
      })),
    ).toEqual([
      "R2 3: balance -100 is below zero",
      "R2 3 ledger: missing operator_credit 2500",
      "R2 3 ledger: missing purchase -1000 for order o4",
      "R2 3 ledger: unexpected purchase -100 for order o4",
    ]);
  });

  it("a paid order without its one delivery token and one webhook event, or an unpaid one with them", () => {
    expect(
      withState((s) => ({
        artifacts: new Map([
          ...s.artifacts,
          ["o2", paidArtifacts("o2", { tokens: [{ amount: 700 }, { amount: 700 }], events: [] })],
          ["o3", paidArtifacts("o3")],
        ]),
      })),
    ).toEqual([
      "order o2 (paid): 2 delivery tokens",
      "order o2 (paid): 0 webhook events",
      "order o2 (paid): webhook event undefined is not the order's event-o2",
      "order o3 (canceled): 1 delivery tokens",
      "order o3 (canceled): 1 webhook events",
    ]);
  });

  it("an order delivered twice, or its webhook through twice", () => {
    expect(
      withState((s) => ({
        artifacts: new Map([
          ...s.artifacts,
          [
            "o1",
            paidArtifacts("o1", {
              tokens: [{ amount: 1000, used_at: AT }],
              events: [
                { type: "payment_confirmed", event_id: "event-o1" },
                { type: "order_delivered", event_id: "mail-1" },
                { type: "order_delivered", event_id: "mail-2" },
              ],
              webhookAttempts: [{ outcome: "delivered" }, { outcome: "delivered" }],
            }),
          ],
        ]),
      })),
    ).toEqual([
      "order o1 (paid, delivered): 2 delivery e-mail events",
      "order o1 (paid, delivered): webhook got through 2 times",
    ]);
  });

  it("an order or payout a refused command left behind, and one a command made that is not stored", () => {
    const { log, state } = consistent();
    expect(
      marketViolations(world, { ...log, orders: ["o1", "o2", "o4", "o5"], payouts: ["y1"] }, state),
    ).toEqual([
      "order o5 was answered as made but is not stored",
      "order o3 is stored but no command made it",
      "payout y2 is stored but no command made it",
    ]);
  });

  it("an order canceled before its expiry", () => {
    expect(
      withState((s) => ({
        orders: s.orders.map((o) => (o.id_order === "o3" ? { ...o, canceled_at: AT } : o)),
      })),
    ).toEqual(["order o3: canceled at 2026-01-01T00:00:00.000Z, before its expiry 2026-01-01T00:30:00.000Z"]);
  });
});

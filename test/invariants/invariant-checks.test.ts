import { describe, expect, it } from "vitest";
import type { KeyCodeState } from "../../shared/key-stock/key-code-item.js";
import type { LedgerEntry, LedgerKind } from "../../shared/ledger/ledger-entry.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import type { PayoutRecord } from "../../shared/payouts/payout.js";
import type { CodeStanding } from "../support/key-stock.js";
import type { RunLog } from "./command-runner.js";
import { marketViolations } from "./invariant-checks.js";
import type { KeyStockSnapshot, MarketState, OrderArtifacts } from "./market-state.js";
import type { MarketWorld } from "./market-world.js";

/**
 * Seller 1 sells P1 (1000, stock 3), P2 (700, stock 3) and P3 (400, uploaded codes: 2 before the run);
 * resellers R1 (2) and R2 (3) were credited 2500 each.
 */
const world: MarketWorld = {
  seller: { id: 1, v1: "v1", totpSecret: "secret" },
  resellers: [
    { name: "R1", id: 2, v2: "r1" },
    { name: "R2", id: 3, v2: "r2" },
  ],
  products: [
    { name: "P1", id: "p1", price: 1000, initialStock: 3, keyStock: false },
    { name: "P2", id: "p2", price: 700, initialStock: 3, keyStock: false },
    { name: "P3", id: "p3", price: 400, initialStock: 2, keyStock: true },
  ],
  setupCredits: new Map([
    [2, 2500],
    [3, 2500],
  ]),
};

const AT = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-01T00:40:00.000Z";

const order = (fields: Partial<OrderRecord> & Pick<OrderRecord, "id_order" | "product_id">): OrderRecord => {
  const unit = world.products.find((p) => p.id === fields.product_id)?.price ?? 0;
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

/** What each paid order of the fixtures costs, as its delivery token credits it. */
const AMOUNTS: Readonly<Record<string, number>> = { o1: 1000, o2: 700, o4: 1000, o5: 400 };

const paidArtifacts = (orderId: string, extra: Partial<OrderArtifacts> = {}): OrderArtifacts => ({
  tokens: [{ amount: AMOUNTS[orderId] ?? 0 }],
  events: [{ type: "payment_confirmed", event_id: `event-${orderId}` }],
  webhookAttempts: [{ outcome: "delivered" }],
  ...extra,
});

/** A code of P3 as a check reads it, filed under its own state unless `listedAs` says otherwise. */
const code = (id: string, state: KeyCodeState, orderId?: string, listedAs: string = state): CodeStanding => ({
  id,
  state,
  listedAs,
  orderId,
});

/**
 * A consistent market: o1 a delivered storefront order of P1, o2 R1's buy of P2, o3 an expired and
 * canceled storefront order of 2 × P2, o4 R2's gift of P1; payout y1 waiting, y2 rejected; the
 * operator credited the seller 1500 during the run. P3's two codes are on sale.
 */
const consistent = (): { log: RunLog; state: MarketState } => ({
  log: {
    orders: ["o1", "o2", "o3", "o4"],
    payouts: ["y1", "y2"],
    credits: [{ accountId: 1, amount: 1500 }],
    codes: { uploaded: 0, withdrawn: 0 },
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
      ["p3", 2],
    ]),
    keyStock: new Map([
      [
        "p3",
        {
          codes: [code("c1", "available"), code("c2", "available")],
          reserved: 0,
          delivered: 0,
          withdrawn: 0,
        },
      ],
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

/** The seller's ledger with one more entry, and the balance that goes with it. */
const withSellerEntry = (state: MarketState, added: LedgerEntry) => {
  const seller = state.money.get(1);
  return {
    balance: (seller?.balance ?? 0) + added.amount,
    ledger: [...(seller?.ledger ?? []), added],
  };
};

/**
 * The consistent market after P3's sales: o5 R1's buy of P3, delivered with c1 by its payment; o6 a
 * waiting storefront order of P3 holding c2; o7 an expired storefront order of P3 whose code c3 went back
 * on sale. Two codes were uploaded during the run (c3 and c4) and one withdrawn (c4).
 */
const withKeySales = (): { log: RunLog; state: MarketState } => {
  const { log, state } = consistent();
  const sale = entry(1, "sale", 400, { order_id: "o5" });
  const r1 = state.money.get(2);
  return {
    log: { ...log, orders: [...log.orders, "o5", "o6", "o7"], codes: { uploaded: 2, withdrawn: 1 } },
    state: {
      ...state,
      orders: [
        ...state.orders,
        order({
          id_order: "o5",
          product_id: "p3",
          buyer_account_id: 2,
          channel: "reseller",
          delivered: true,
          delivered_at: AT,
          key_codes: ["c1"],
        }),
        order({
          id_order: "o6",
          product_id: "p3",
          status: "wait",
          paid_at: undefined,
          webhook_event_id: undefined,
          key_codes: ["c2"],
        }),
        order({
          id_order: "o7",
          product_id: "p3",
          status: "canceled",
          paid_at: undefined,
          webhook_event_id: undefined,
          canceled_at: LATER,
          key_codes: ["c3"],
        }),
      ],
      stock: new Map([...state.stock, ["p3", 1]]),
      keyStock: new Map([
        [
          "p3",
          {
            codes: [code("c1", "delivered", "o5"), code("c2", "reserved", "o6"), code("c3", "available")],
            reserved: 1,
            delivered: 1,
            withdrawn: 1,
          },
        ],
      ]),
      money: new Map([
        ...state.money,
        [1, withSellerEntry(state, sale)],
        [
          2,
          {
            balance: (r1?.balance ?? 0) - 400,
            ledger: [...(r1?.ledger ?? []), entry(2, "purchase", -400, { order_id: "o5" })],
          },
        ],
      ]),
      artifacts: new Map([
        ...state.artifacts,
        [
          "o5",
          paidArtifacts("o5", {
            tokens: [{ amount: 400, used_at: AT }],
            events: [
              { type: "payment_confirmed", event_id: "event-o5" },
              { type: "order_delivered", event_id: "mail-o5" },
            ],
          }),
        ],
        ["o6", { tokens: [], events: [], webhookAttempts: [] }],
        ["o7", { tokens: [], events: [], webhookAttempts: [] }],
      ]),
    },
  };
};

/** The market after P3's sales with one part of its state replaced. */
const withKeyState = (change: (state: MarketState) => Partial<MarketState>) => {
  const { log, state } = withKeySales();
  return marketViolations(world, log, { ...state, ...change(state) });
};

/** The market after P3's sales with one order's fields changed. */
const withKeyOrder = (orderId: string, fields: Partial<OrderRecord>) =>
  withKeyState((s) => ({ orders: s.orders.map((o) => (o.id_order === orderId ? { ...o, ...fields } : o)) }));

/** P3's snapshot in the market after its sales, with some of it replaced. */
const p3Stock = (state: MarketState, change: Partial<KeyStockSnapshot>) => {
  const stock = state.keyStock.get("p3");
  if (!stock) throw new Error("the fixture has P3's stock");
  return new Map([["p3", { ...stock, ...change }]]);
};

describe("market invariants: each check names the rule a state breaks", () => {
  it("finds nothing wrong in a consistent market", () => {
    const { log, state } = consistent();
    expect(marketViolations(world, log, state)).toEqual([]);
  });

  it("stock below zero, and stock that is not the initial stock less what waiting and paid orders hold", () => {
    expect(
      withState((s) => ({
        stock: new Map([...s.stock, ["p1", -1]]),
      })),
    ).toEqual(["P1: stock -1 is below zero", "P1: stock -1 ≠ initial 3 − 2 held by waiting and paid orders"]);
    expect(
      withState((s) => ({
        stock: new Map([...s.stock, ["p2", 0]]),
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

describe("key stock invariants: each check names the rule a key product's state breaks", () => {
  it("finds nothing wrong in a consistent market with key sales: a code delivered, one reserved, one back on sale, one withdrawn", () => {
    const { log, state } = withKeySales();
    expect(marketViolations(world, log, state)).toEqual([]);
  });

  it("a key product's count that is not its available codes, and counts of reserved and delivered codes that are not its codes", () => {
    expect(withKeyState((s) => ({ stock: new Map([...s.stock, ["p3", -1]]) }))).toEqual([
      "P3: stock -1 is below zero",
      "P3: the product counts -1 available codes, it has 1",
    ]);
    expect(withKeyState((s) => ({ keyStock: p3Stock(s, { reserved: 0, delivered: 2 }) }))).toEqual([
      "P3: the product counts 0 reserved codes, it has 1",
      "P3: the product counts 2 delivered codes, it has 1",
    ]);
  });

  it("a code lost or made up: codes stored and withdrawn that are not those uploaded, withdrawn codes the withdrawals did not answer", () => {
    expect(
      withKeyState((s) => ({
        stock: new Map([...s.stock, ["p3", 0]]),
        keyStock: p3Stock(s, { codes: s.keyStock.get("p3")?.codes.slice(0, 2) ?? [] }),
      })),
    ).toEqual(["P3: 2 codes stored + 1 withdrawn ≠ 2 uploaded before the run + 2 during it"]);
    expect(withKeyState((s) => ({ keyStock: p3Stock(s, { withdrawn: 2 }) }))).toEqual([
      "P3: the product counts 2 withdrawn codes, the withdrawals answered 1",
    ]);
  });

  it("a code filed under another state than its own, or held in a state its order is not in", () => {
    expect(
      withKeyState((s) => ({
        keyStock: p3Stock(s, {
          codes: [
            code("c1", "delivered", "o5"),
            code("c2", "reserved", "o6"),
            code("c3", "available", undefined, "reserved"),
          ],
        }),
      })),
    ).toEqual(["P3: code c3 is available but listed as reserved"]);
    expect(withKeyOrder("o6", { status: "canceled", canceled_at: LATER })).toEqual([
      "P3: order o6 (canceled) holds c2 as reserved",
      "P3: canceled order o6 still holds c2",
    ]);
  });

  it("a delivered code in two orders, and an order that names a code it does not hold", () => {
    expect(withKeyOrder("o6", { key_codes: ["c1"] })).toEqual([
      "P3: order o6 holds c2 without naming it",
      "P3: order o6 (wait) names c1 but does not hold it",
      "P3: code c1 is named by orders o5 and o6",
    ]);
  });

  it("an order of a key product that names no codes, and an order of a product that declares its stock that names some", () => {
    expect(withKeyOrder("o6", { key_codes: undefined })).toEqual([
      "P3: order o6 holds c2 without naming it",
      "order o6: order of a key product names no codes",
    ]);
    expect(withKeyOrder("o1", { key_codes: ["c9"] })).toEqual([
      "P3: order o1 (paid) names c9 but does not hold it",
      "order o1: names codes, but P1 sells none",
    ]);
  });

  it("a key order delivered after its payment, with the seller's text, its token spent and its seller credited later", () => {
    const { log, state } = withKeySales();
    const late = entry(1, "sale", 400, { order_id: "o5", created_at: LATER });
    const seller = state.money.get(1);
    expect(
      marketViolations(world, log, {
        ...state,
        orders: state.orders.map((o) =>
          o.id_order === "o5" ? { ...o, delivered_at: LATER, delivery_text: "SELLER-TEXT" } : o,
        ),
        money: new Map([
          ...state.money,
          [
            1,
            {
              balance: seller?.balance ?? 0,
              ledger: (seller?.ledger ?? []).map((e) => (e.order_id === "o5" ? late : e)),
            },
          ],
        ]),
        artifacts: new Map([
          ...state.artifacts,
          [
            "o5",
            paidArtifacts("o5", {
              tokens: [{ amount: 400, used_at: LATER }],
              events: [
                { type: "payment_confirmed", event_id: "event-o5" },
                { type: "order_delivered", event_id: "mail-o5" },
              ],
            }),
          ],
        ]),
      }),
    ).toEqual([
      `order o5: key order paid at ${AT} but delivered at ${LATER}`,
      'order o5: key order was delivered with the seller\'s text "SELLER-TEXT"',
      `order o5 (paid, delivered): key order's token spent at ${LATER}, not by its payment at ${AT}`,
      `seller 1 ledger: sale for key order o5 at ${LATER}, not at its payment ${AT}`,
    ]);
  });

  it("a key order paid but not delivered, and its seller credited twice", () => {
    expect(withKeyOrder("o5", { delivered: false, delivered_at: undefined })).toEqual([
      "P3: order o5 (paid) holds c1 as delivered",
      `order o5: key order paid at ${AT} but not delivered`,
      "order o5 (paid): 1 spent tokens",
      "order o5 (paid): 1 delivery e-mail events",
      "seller 1 ledger: unexpected sale 400 for order o5",
    ]);
    expect(
      withKeyState((s) => ({
        money: new Map([...s.money, [1, withSellerEntry(s, entry(1, "sale", 400, { order_id: "o5" }))]]),
      })),
    ).toEqual(["seller 1 ledger: unexpected sale 400 for order o5"]);
  });
});

import { ledgerSum } from "../../shared/ledger/ledger-entry.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import { keyStockProblems } from "../support/key-stock.js";
import type { RunLog } from "./command-runner.js";
import type { MarketState } from "./market-state.js";
import type { MarketWorld, WorldProduct } from "./market-world.js";

/** Orders that hold stock: waiting ones reserve it, paid ones sold it; canceled ones gave it back. */
const holdsStock = (order: OrderRecord) => order.status === "wait" || order.status === "paid";

const count = <T>(items: readonly T[], predicate: (item: T) => boolean) => items.filter(predicate).length;

/** The run's product an order is of; undefined for one that is not the run's. */
const productOf = (world: MarketWorld, order: OrderRecord): WorldProduct | undefined =>
  world.products.find((p) => p.id === order.product_id);

/** Whether an order is of a product that sells uploaded codes. */
const isKeyOrder = (world: MarketWorld, order: OrderRecord): boolean =>
  productOf(world, order)?.keyStock === true;

/** What differs between two multisets of lines, as `missing …` / `unexpected …`. */
const multisetDifference = (expected: readonly string[], actual: readonly string[]): string[] => {
  const left = [...actual];
  const missing: string[] = [];
  for (const line of expected) {
    const at = left.indexOf(line);
    if (at === -1) missing.push(line);
    else left.splice(at, 1);
  }
  return [...missing.map((l) => `missing ${l}`), ...left.map((l) => `unexpected ${l}`)];
};

/** Every command that answered "made" made exactly one stored thing, and nothing refused left one behind. */
const madeWhatTheySaid = (log: RunLog, state: MarketState): string[] => {
  const stored = new Set(state.orders.map((o) => o.id_order));
  const payouts = new Set(state.payouts.map((p) => p.id));
  return [
    ...log.orders
      .filter((id) => !stored.has(id))
      .map((id) => `order ${id} was answered as made but is not stored`),
    ...[...stored]
      .filter((id) => !log.orders.includes(id))
      .map((id) => `order ${id} is stored but no command made it`),
    ...log.payouts
      .filter((id) => !payouts.has(id))
      .map((id) => `payout ${id} was answered as made but is not stored`),
    ...[...payouts]
      .filter((id) => !log.payouts.includes(id))
      .map((id) => `payout ${id} is stored but no command made it`),
    ...state.strayArtifacts.map(
      (id) => `order ${id} has a token or event but is not one of the seller's orders`,
    ),
  ];
};

/**
 * Stock never below zero, and each product that declares its stock has its initial stock less what its
 * live orders hold. A key product's stock is its available codes, which uploads and withdrawals change
 * too: `keyStockAddsUp` holds it to them.
 */
const stockAddsUp = (world: MarketWorld, state: MarketState): string[] =>
  world.products.flatMap((product) => {
    const stock = state.stock.get(product.id);
    if (stock === undefined) return [`${product.name}: product is gone`];
    const belowZero = stock < 0 ? [`${product.name}: stock ${stock} is below zero`] : [];
    if (product.keyStock) return belowZero;
    const held = state.orders
      .filter((o) => o.product_id === product.id && holdsStock(o))
      .reduce((sum, o) => sum + o.quantity, 0);
    return [
      ...belowZero,
      ...(stock !== product.initialStock - held
        ? [
            `${product.name}: stock ${stock} ≠ initial ${product.initialStock} − ${held} held by waiting and paid orders`,
          ]
        : []),
    ];
  });

/**
 * An order's own fields agree: price, amount, the state it is in and how it got there. An order of a key
 * product names its codes and is delivered by the write that pays it, with its codes and never with the
 * seller's text; no other order names codes.
 */
const orderIsCoherent = (world: MarketWorld, order: OrderRecord): string[] => {
  const product = productOf(world, order);
  const resellerIds = world.resellers.map((r) => r.id);
  const id = `order ${order.id_order}`;
  return [
    ...(!product ? [`${id}: product ${order.product_id} is not one of the run's`] : []),
    ...(product && order.unit_price !== product.price
      ? [`${id}: unit price ${order.unit_price} ≠ ${product.price}`]
      : []),
    ...(order.amount !== order.unit_price * order.quantity
      ? [`${id}: amount ${order.amount} ≠ ${order.unit_price} × ${order.quantity}`]
      : []),
    ...((order.status === "paid") !== (order.paid_at !== undefined)
      ? [`${id}: status ${order.status} but paid_at ${order.paid_at}`]
      : []),
    ...(order.status === "canceled" && !(order.canceled_at && order.canceled_at >= order.expires_at)
      ? [`${id}: canceled at ${order.canceled_at}, before its expiry ${order.expires_at}`]
      : []),
    ...(order.channel === "reseller" && order.status !== "paid"
      ? [`${id}: reseller order is ${order.status}`]
      : []),
    ...(order.channel === "reseller" && !resellerIds.includes(order.buyer_account_id ?? -1)
      ? [`${id}: reseller order bought by ${order.buyer_account_id}`]
      : []),
    ...(order.delivered && order.status !== "paid" ? [`${id}: delivered while ${order.status}`] : []),
    ...(product?.keyStock && order.key_codes === undefined
      ? [`${id}: order of a key product names no codes`]
      : []),
    ...(product && !product.keyStock && order.key_codes !== undefined
      ? [`${id}: names codes, but ${product.name} sells none`]
      : []),
    ...(product?.keyStock &&
    order.status === "paid" &&
    !(order.delivered && order.delivered_at === order.paid_at)
      ? [
          `${id}: key order paid at ${order.paid_at} but ${order.delivered ? `delivered at ${order.delivered_at}` : "not delivered"}`,
        ]
      : []),
    ...(product?.keyStock && order.delivery_text !== undefined
      ? [`${id}: key order was delivered with the seller's text "${order.delivery_text}"`]
      : []),
  ];
};

/**
 * A paid order has exactly one delivery token and one webhook event (the one the order names), delivered
 * at most once: its token spent and one delivery e-mail event exactly when it is delivered (a key order's
 * token spent by its payment); a gift has one gift e-mail event; the seller's webhook got through at most
 * once. An unpaid order has none of these.
 */
const artifactsMatch = (order: OrderRecord, keyOrder: boolean, state: MarketState): string[] => {
  const { tokens, events, webhookAttempts } = state.artifacts.get(order.id_order) ?? {
    tokens: [],
    events: [],
    webhookAttempts: [],
  };
  const id = `order ${order.id_order} (${order.status}${order.delivered ? ", delivered" : ""})`;
  const paid = order.status === "paid";
  const webhookEvents = events.filter((e) => e.type === "payment_confirmed");
  const deliveredEvents = count(events, (e) => e.type === "order_delivered");
  const giftEvents = count(events, (e) => e.type === "gift_issued");
  const usedTokens = count(tokens, (t) => t.used_at !== undefined);
  const webhooksThrough = count(webhookAttempts, (a) => a.outcome === "delivered");
  return [
    ...(tokens.length !== (paid ? 1 : 0) ? [`${id}: ${tokens.length} delivery tokens`] : []),
    ...(webhookEvents.length !== (paid ? 1 : 0) ? [`${id}: ${webhookEvents.length} webhook events`] : []),
    ...(paid && webhookEvents[0]?.event_id !== order.webhook_event_id
      ? [`${id}: webhook event ${webhookEvents[0]?.event_id} is not the order's ${order.webhook_event_id}`]
      : []),
    ...(paid && tokens[0]?.amount !== order.amount
      ? [`${id}: token credits ${tokens[0]?.amount}, order is ${order.amount}`]
      : []),
    ...(usedTokens !== (order.delivered ? 1 : 0) ? [`${id}: ${usedTokens} spent tokens`] : []),
    ...(keyOrder && paid && tokens.length === 1 && tokens[0]?.used_at !== order.paid_at
      ? [`${id}: key order's token spent at ${tokens[0]?.used_at}, not by its payment at ${order.paid_at}`]
      : []),
    ...(deliveredEvents !== (order.delivered ? 1 : 0)
      ? [`${id}: ${deliveredEvents} delivery e-mail events`]
      : []),
    ...(giftEvents !== (order.gift === 1 ? 1 : 0) ? [`${id}: ${giftEvents} gift e-mail events`] : []),
    ...(webhooksThrough > 1 ? [`${id}: webhook got through ${webhooksThrough} times`] : []),
  ];
};

/**
 * Every balance is at least zero and equals the sum of its ledger, and the ledger holds exactly the
 * movements the market's facts call for: a sale per delivered order, a purchase per reseller order, a
 * payout per payout and a refund per rejected one, and the operator's credits.
 */
const moneyAddsUp = (world: MarketWorld, log: RunLog, state: MarketState): string[] => {
  const expected = new Map<number, string[]>();
  const expectEntry = (accountId: number, line: string) =>
    expected.set(accountId, [...(expected.get(accountId) ?? []), line]);
  const accounts = [world.seller.id, ...world.resellers.map((r) => r.id)];
  for (const id of accounts) expected.set(id, []);
  for (const [accountId, amount] of world.setupCredits) expectEntry(accountId, `operator_credit ${amount}`);
  for (const credit of log.credits) expectEntry(credit.accountId, `operator_credit ${credit.amount}`);
  for (const order of state.orders) {
    if (order.delivered) expectEntry(order.seller_id, `sale ${order.amount} for order ${order.id_order}`);
    if (order.buyer_account_id !== undefined)
      expectEntry(order.buyer_account_id, `purchase ${-order.amount} for order ${order.id_order}`);
  }
  for (const payout of state.payouts) {
    expectEntry(payout.seller_id, `payout ${-payout.amount} for payout ${payout.id}`);
    if (payout.status === "rejected")
      expectEntry(payout.seller_id, `payout_refund ${payout.amount} for payout ${payout.id}`);
  }
  return accounts.flatMap((accountId) => {
    const money = state.money.get(accountId);
    const who =
      accountId === world.seller.id
        ? "seller"
        : (world.resellers.find((r) => r.id === accountId)?.name ?? "?");
    if (money?.balance === undefined) return [`${who} ${accountId}: account is gone`];
    const sum = ledgerSum(money.ledger);
    const actual = money.ledger.map((e) =>
      e.kind === "operator_credit"
        ? `operator_credit ${e.amount}`
        : `${e.kind} ${e.amount} for ${e.order_id ? `order ${e.order_id}` : `payout ${e.payout_id}`}`,
    );
    return [
      ...(money.balance < 0 ? [`${who} ${accountId}: balance ${money.balance} is below zero`] : []),
      ...(money.balance !== sum ? [`${who} ${accountId}: balance ${money.balance} ≠ ledger sum ${sum}`] : []),
      ...multisetDifference(expected.get(accountId) ?? [], actual).map(
        (d) => `${who} ${accountId} ledger: ${d}`,
      ),
    ];
  });
};

/**
 * A key order's seller is credited by the write that pays it: its sale entry (one, as `moneyAddsUp`
 * holds) is dated with its payment, not with a later delivery.
 */
const keyOrdersCreditedAtPayment = (world: MarketWorld, state: MarketState): string[] => {
  const ledger = state.money.get(world.seller.id)?.ledger ?? [];
  return state.orders
    .filter((order) => isKeyOrder(world, order) && order.status === "paid")
    .flatMap((order) =>
      ledger
        .filter((e) => e.kind === "sale" && e.order_id === order.id_order && e.created_at !== order.paid_at)
        .map(
          (e) =>
            `seller ${world.seller.id} ledger: sale for key order ${order.id_order} at ${e.created_at}, not at its payment ${order.paid_at}`,
        ),
    );
};

/**
 * The key product's stock as of the snapshot (`keyStockProblems`): every code in exactly one state and
 * filed under it, each reserved or delivered code held by exactly one order in the matching state (a
 * delivered one by a paid, delivered order), a canceled order holding none, and the product's counts
 * equal to its codes per state, so its `count` is its available codes. And no code lost or made up:
 * those stored and those withdrawn are those uploaded before and during the run, and the product counts
 * as many withdrawn as the withdrawals answered.
 */
const keyStockAddsUp = (world: MarketWorld, log: RunLog, state: MarketState): string[] =>
  world.products
    .filter((product) => product.keyStock)
    .flatMap((product) => {
      const available = state.stock.get(product.id);
      const keyed = state.keyStock.get(product.id);
      // A product that is gone is reported by stockAddsUp.
      if (available === undefined || keyed === undefined) return [];
      const { uploaded, withdrawn } = log.codes;
      const stored = keyed.codes.length;
      return [
        ...keyStockProblems(
          keyed.codes,
          { available, reserved: keyed.reserved, delivered: keyed.delivered },
          state.orders,
        ),
        ...(stored + withdrawn !== product.initialStock + uploaded
          ? [
              `${stored} codes stored + ${withdrawn} withdrawn ≠ ${product.initialStock} uploaded before the run + ${uploaded} during it`,
            ]
          : []),
        ...(keyed.withdrawn !== withdrawn
          ? [`the product counts ${keyed.withdrawn} withdrawn codes, the withdrawals answered ${withdrawn}`]
          : []),
      ].map((problem) => `${product.name}: ${problem}`);
    });

/** Every invariant of the market after a run; an empty list means they all hold. */
export const marketViolations = (world: MarketWorld, log: RunLog, state: MarketState): string[] => [
  ...madeWhatTheySaid(log, state),
  ...stockAddsUp(world, state),
  ...keyStockAddsUp(world, log, state),
  ...state.orders.flatMap((order) => [
    ...orderIsCoherent(world, order),
    ...artifactsMatch(order, isKeyOrder(world, order), state),
  ]),
  ...moneyAddsUp(world, log, state),
  ...keyOrdersCreditedAtPayment(world, state),
];

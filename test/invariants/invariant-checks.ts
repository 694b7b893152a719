import { ledgerSum } from "../../shared/ledger/ledger-entry.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import type { RunLog } from "./command-runner.js";
import type { MarketState } from "./market-state.js";
import type { MarketWorld } from "./market-world.js";

/** Orders that hold stock: waiting ones reserve it, paid ones sold it; canceled ones gave it back. */
const holdsStock = (order: OrderRecord) => order.status === "wait" || order.status === "paid";

const count = <T>(items: readonly T[], predicate: (item: T) => boolean) => items.filter(predicate).length;

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

/** Stock never below zero, and each product's stock is its initial stock less what its live orders hold. */
const stockAddsUp = (world: MarketWorld, state: MarketState): string[] =>
  world.products.flatMap((product) => {
    const stock = state.stock.get(product.id);
    if (stock === undefined) return [`${product.name}: product is gone`];
    const held = state.orders
      .filter((o) => o.product_id === product.id && holdsStock(o))
      .reduce((sum, o) => sum + o.quantity, 0);
    return [
      ...(stock < 0 ? [`${product.name}: stock ${stock} is below zero`] : []),
      ...(stock !== product.initialStock - held
        ? [
            `${product.name}: stock ${stock} ≠ initial ${product.initialStock} − ${held} held by waiting and paid orders`,
          ]
        : []),
    ];
  });

/** An order's own fields agree: price, amount, the state it is in and how it got there. */
const orderIsCoherent = (world: MarketWorld, order: OrderRecord): string[] => {
  const product = world.products.find((p) => p.id === order.product_id);
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
  ];
};

/**
 * A paid order has exactly one delivery token and one webhook event (the one the order names), delivered
 * at most once: its token spent and one delivery e-mail event exactly when it is delivered; a gift has
 * one gift e-mail event; the seller's webhook got through at most once. An unpaid order has none of these.
 */
const artifactsMatch = (order: OrderRecord, state: MarketState): string[] => {
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

/** Every invariant of the market after a run; an empty list means they all hold. */
export const marketViolations = (world: MarketWorld, log: RunLog, state: MarketState): string[] => [
  ...madeWhatTheySaid(log, state),
  ...stockAddsUp(world, state),
  ...state.orders.flatMap((order) => [...orderIsCoherent(world, order), ...artifactsMatch(order, state)]),
  ...moneyAddsUp(world, log, state),
];

import { ScanCommand, TransactGetCommand } from "@aws-sdk/lib-dynamodb";
import { indexQuery } from "../../shared/data/index-query.js";
import { queryAll } from "../../shared/data/query-all.js";
import { indexedCollections, keys } from "../../shared/data/table-keys.js";
import { type OrderRecord, orderRecordSchema } from "../../shared/orders/order.js";
import { type PayoutRecord, payoutRecordSchema } from "../../shared/payouts/payout.js";
import { productRecordSchema } from "../../shared/products/product.js";
import { tableClient, tableName } from "../../shared/runtime/table.js";
import { createWebhookRepository, type WebhookAttempt } from "../../shared/webhooks/webhook-repository.js";
import { type AccountMoney, accountMoney } from "../support/account-money.js";
import { indexedMembers } from "../support/indexed-members.js";
import type { MarketWorld } from "./market-world.js";

/** The items an order's payment and delivery leave outside the order: its delivery token and outbox events. */
export interface OrderArtifacts {
  readonly tokens: readonly { readonly used_at?: string; readonly amount?: number }[];
  readonly events: readonly { readonly type: string; readonly event_id: string }[];
  readonly webhookAttempts: readonly Pick<WebhookAttempt, "outcome">[];
}

/** Everything the invariants look at after a run, read from the table once every command has answered. */
export interface MarketState {
  /** Every order of the run's seller, as its index lists them, read whole. */
  readonly orders: readonly OrderRecord[];
  readonly payouts: readonly PayoutRecord[];
  /** Each product's stock by product id (undefined when the product is gone). */
  readonly stock: ReadonlyMap<string, number | undefined>;
  readonly money: ReadonlyMap<number, AccountMoney>;
  readonly artifacts: ReadonlyMap<string, OrderArtifacts>;
  /** Tokens and events whose order is not among the seller's orders: none may exist. */
  readonly strayArtifacts: readonly string[];
}

/**
 * Delivery tokens and outbox events by order. Neither is keyed by its order (a token by its hash, an
 * event by its id), so this one test-only Scan is how a check can see a second one that should not exist.
 */
const tokensAndEvents = async (orderIds: ReadonlySet<string>) => {
  const found = new Map<
    string,
    { tokens: OrderArtifacts["tokens"][number][]; events: OrderArtifacts["events"][number][] }
  >();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await tableClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: "entity IN (:token, :outbox)",
        ExpressionAttributeValues: { ":token": "delivery_token", ":outbox": "outbox" },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const orderId = String(item.order_id);
      if (!orderIds.has(orderId)) continue;
      const entry = found.get(orderId) ?? { tokens: [], events: [] };
      if (item.entity === "delivery_token")
        entry.tokens.push({
          ...(typeof item.used_at === "string" ? { used_at: item.used_at } : {}),
          ...(typeof item.amount === "number" ? { amount: item.amount } : {}),
        });
      else entry.events.push({ type: String(item.type), event_id: String(item.event_id) });
      found.set(orderId, entry);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
};

/** The most items one TransactGetItems reads; a run's orders (at most one per command) and its products fit. */
const SNAPSHOT_ITEMS = 100;

/**
 * The seller's orders and each product's stock as of one moment. The stack's maintenance timer expires
 * orders at any time, the checks' reads included (a born-expired order of the last batch is cancelled
 * and its stock returned, in one transaction, a few seconds later): orders read before it and stock
 * read after it would break "stock = initial − held" with nothing wrong. One TransactGetItems is
 * serialisable with that transaction, so it sees the expiry whole or not at all. Which orders exist does
 * not change meanwhile (nothing deletes an order), so the index lists them first.
 */
const ordersAndStock = async (world: MarketWorld) => {
  const client = tableClient();
  const table = tableName();
  const listed = await queryAll(
    client,
    indexQuery(table, indexedCollections.sellerOrders, [world.seller.id]),
  );
  const orderKeys = listed.map((row) => ({ PK: String(row.PK), SK: String(row.SK) }));
  const productKeys = world.products.map((p) => keys.product(p.id));
  if (orderKeys.length + productKeys.length > SNAPSHOT_ITEMS)
    throw new Error(`${orderKeys.length} orders and the products do not fit one snapshot read`);
  const { Responses = [] } = await client.send(
    new TransactGetCommand({
      TransactItems: [...productKeys, ...orderKeys].map((Key) => ({ Get: { TableName: table, Key } })),
    }),
  );
  const items = Responses.map((response) => response.Item);
  const stock = world.products.map((p, i) => {
    const item = items[i];
    return [p.id, item === undefined ? undefined : productRecordSchema.parse(item).count] as const;
  });
  const orders = items
    .slice(productKeys.length)
    .flatMap((item) => (item === undefined ? [] : [orderRecordSchema.parse(item)]));
  return { orders, stock };
};

/**
 * Reads the run's market: the seller's orders and both products' stock (as of one moment), payouts,
 * every account's money, and the tokens and events of those orders and of `madeOrders` (what the
 * commands said they made).
 */
export const readMarket = async (world: MarketWorld, madeOrders: readonly string[]): Promise<MarketState> => {
  const client = tableClient();
  const table = tableName();
  const [{ orders, stock }, payoutItems, money] = await Promise.all([
    ordersAndStock(world),
    indexedMembers(client, table, indexedCollections.sellerPayouts, [world.seller.id]),
    Promise.all(
      [world.seller.id, ...world.resellers.map((r) => r.id)].map(
        async (id) => [id, await accountMoney(id)] as const,
      ),
    ),
  ]);
  const found = await tokensAndEvents(new Set([...orders.map((o) => o.id_order), ...madeOrders]));
  const webhooks = createWebhookRepository(client, table);
  const artifacts = new Map(
    await Promise.all(
      orders.map(async (order) => {
        const entry = found.get(order.id_order);
        const artifact: OrderArtifacts = {
          tokens: entry?.tokens ?? [],
          events: entry?.events ?? [],
          webhookAttempts: await webhooks.list(order.id_order),
        };
        return [order.id_order, artifact] as const;
      }),
    ),
  );
  return {
    orders,
    payouts: payoutItems.map((item) => payoutRecordSchema.parse(item)),
    stock: new Map(stock),
    money: new Map(money),
    artifacts,
    strayArtifacts: [...found.keys()].filter((id) => !artifacts.has(id)),
  };
};

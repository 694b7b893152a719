import { ScanCommand, TransactGetCommand } from "@aws-sdk/lib-dynamodb";
import { indexQuery } from "../../shared/data/index-query.js";
import { queryAll } from "../../shared/data/query-all.js";
import { type ItemKey, indexedCollections, keys } from "../../shared/data/table-keys.js";
import {
  keyCodeRecordSchema,
  keyCodeStates,
  keyCodeTableItem,
} from "../../shared/key-stock/key-code-item.js";
import { type OrderRecord, orderRecordSchema } from "../../shared/orders/order.js";
import { type PayoutRecord, payoutRecordSchema } from "../../shared/payouts/payout.js";
import { type ProductRecord, productRecordSchema } from "../../shared/products/product.js";
import { tableClient, tableName } from "../../shared/runtime/table.js";
import * as z from "../../shared/validation/zod-mini.js";
import { createWebhookRepository, type WebhookAttempt } from "../../shared/webhooks/webhook-repository.js";
import { type AccountMoney, accountMoney } from "../support/account-money.js";
import { indexedMembers } from "../support/indexed-members.js";
import { type CodeStanding, keyStockViolations } from "../support/key-stock.js";
import type { MarketWorld } from "./market-world.js";

/** The items an order's payment and delivery leave outside the order: its delivery token and outbox events. */
export interface OrderArtifacts {
  readonly tokens: readonly { readonly used_at?: string; readonly amount?: number }[];
  readonly events: readonly { readonly type: string; readonly event_id: string }[];
  readonly webhookAttempts: readonly Pick<WebhookAttempt, "outcome">[];
}

/** A key product's codes and the counts its item keeps beside `count` (0 before its first upload). */
export interface KeyStockSnapshot {
  readonly codes: readonly CodeStanding[];
  readonly reserved: number;
  readonly delivered: number;
  readonly withdrawn: number;
}

/** Everything the invariants look at after a run, read from the table once every command has answered. */
export interface MarketState {
  /** Every order of the run's seller, as its index lists them, read whole. */
  readonly orders: readonly OrderRecord[];
  readonly payouts: readonly PayoutRecord[];
  /** Each product's stock by product id (undefined when the product is gone). */
  readonly stock: ReadonlyMap<string, number | undefined>;
  /** Each key product's codes and counts by product id, as of the same moment as the orders and stock. */
  readonly keyStock: ReadonlyMap<string, KeyStockSnapshot>;
  readonly money: ReadonlyMap<number, AccountMoney>;
  readonly artifacts: ReadonlyMap<string, OrderArtifacts>;
  /** Tokens and events whose order is not among the seller's orders: none may exist. */
  readonly strayArtifacts: readonly string[];
}

/** What a check reads of a code: never the sealed code. */
const codeSchema = z.pick(keyCodeRecordSchema, {
  code_id: true,
  product_id: true,
  state: true,
  order_id: true,
});
const { partitionKey: CODE_LIST } = indexedCollections.productKeyCodes.index;

/**
 * Delivery tokens and outbox events by order, and the keys of the key products' codes. None is keyed by
 * what a check looks it up by (a token by its hash, an event by its id, a code by its seller), so this one
 * test-only Scan is how a check can see a second one that should not exist. A run's codes are only
 * created or deleted by its commands, so all of them are here whatever moves them after the run.
 */
const scanTable = async (orderIds: ReadonlySet<string>, keyProductIds: ReadonlySet<string>) => {
  const found = new Map<
    string,
    { tokens: OrderArtifacts["tokens"][number][]; events: OrderArtifacts["events"][number][] }
  >();
  const codeKeys = new Map<string, ItemKey[]>([...keyProductIds].map((id) => [id, []]));
  // Only the run's key products' codes: other tests' stacks of codes would cross the wire for nothing.
  const products = [...keyProductIds].map((id, i) => [`:product${i}`, id] as const);
  const codes =
    products.length === 0
      ? ""
      : ` OR (entity = :code AND product_id IN (${products.map(([name]) => name).join(", ")}))`;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await tableClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: `entity IN (:token, :outbox)${codes}`,
        ExpressionAttributeValues: {
          ":token": "delivery_token",
          ":outbox": "outbox",
          ...(products.length === 0
            ? {}
            : { ":code": keyCodeTableItem.entity, ...Object.fromEntries(products) }),
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.entity === keyCodeTableItem.entity) {
        codeKeys.get(String(item.product_id))?.push({ PK: String(item.PK), SK: String(item.SK) });
        continue;
      }
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
  return { found, codeKeys };
};

/**
 * The most items one TransactGetItems reads. A run's orders (at most one per command, 36), its products
 * and the key product's codes (at most 5 before the run and 3 per upload) fit unless nearly every
 * command is an upload.
 */
const SNAPSHOT_ITEMS = 100;

/** The keys of the seller's orders. Nothing deletes an order, so after a run the index lists them all. */
const sellerOrderKeys = async (world: MarketWorld): Promise<ItemKey[]> => {
  const listed = await queryAll(
    tableClient(),
    indexQuery(tableName(), indexedCollections.sellerOrders, [world.seller.id]),
  );
  return listed.map((row) => ({ PK: String(row.PK), SK: String(row.SK) }));
};

/** Where a code is filed: the state whose list of its product has it, else the list's own name. */
const listedAs = (item: Record<string, unknown>, productId: string): string => {
  const list = item[CODE_LIST];
  if (typeof list !== "string") return "no list";
  return (
    keyCodeStates.find((s) => indexedCollections.productKeyCodes.partition(productId, s) === list) ?? list
  );
};

/**
 * The products, the seller's orders and the named codes as of one moment. The stack's maintenance timer
 * expires orders at any time, the checks' reads included (a born-expired order of the last batch is
 * cancelled, and its stock or codes returned, in one transaction, a few seconds later): orders read
 * before it and stock read after it would break "stock = initial − held" with nothing wrong. One
 * TransactGetItems is serialisable with that transaction, so it sees the expiry whole or not at all.
 */
const snapshot = async (world: MarketWorld, orderKeys: readonly ItemKey[], codeKeys: readonly ItemKey[]) => {
  const table = tableName();
  const productKeys = world.products.map((p) => keys.product(p.id));
  const total = productKeys.length + orderKeys.length + codeKeys.length;
  if (total > SNAPSHOT_ITEMS)
    throw new Error(
      `${orderKeys.length} orders, ${codeKeys.length} codes and the products do not fit one snapshot read`,
    );
  const { Responses = [] } = await tableClient().send(
    new TransactGetCommand({
      TransactItems: [
        ...[...productKeys, ...orderKeys].map((Key) => ({ Get: { TableName: table, Key } })),
        ...codeKeys.map((Key) => ({
          Get: {
            TableName: table,
            Key,
            ProjectionExpression: "code_id, product_id, #state, order_id, #list",
            ExpressionAttributeNames: { "#state": "state", "#list": CODE_LIST },
          },
        })),
      ],
    }),
  );
  const items = Responses.map((response) => response.Item);
  const products = new Map(
    world.products.map((p, i) => {
      const item = items[i];
      return [p.id, item === undefined ? undefined : productRecordSchema.parse(item)] as const;
    }),
  );
  const orders = items
    .slice(productKeys.length, productKeys.length + orderKeys.length)
    .flatMap((item) => (item === undefined ? [] : [orderRecordSchema.parse(item)]));
  const codes = new Map<string, CodeStanding[]>();
  for (const item of items.slice(productKeys.length + orderKeys.length)) {
    if (item === undefined) continue;
    const code = codeSchema.parse(item);
    const listed = listedAs(item, code.product_id);
    const standing = { id: code.code_id, state: code.state, listedAs: listed, orderId: code.order_id };
    codes.set(code.product_id, [...(codes.get(code.product_id) ?? []), standing]);
  }
  return { products, orders, codes };
};

const count = <T>(items: readonly T[], predicate: (item: T) => boolean) => items.filter(predicate).length;

/** A key product's snapshot: its codes, and its counters as the product item holds them. */
const keyStockOf = (
  product: ProductRecord | undefined,
  codes: readonly CodeStanding[],
): KeyStockSnapshot => ({
  codes,
  reserved: product?.key_reserved ?? 0,
  delivered: product?.key_delivered ?? 0,
  withdrawn: product?.key_withdrawn ?? 0,
});

/**
 * Reads the run's market: the seller's orders, the products' stock and the key product's codes (as of
 * one moment), payouts, every account's money, and the tokens and events of those orders and of
 * `madeOrders` (what the commands said they made).
 */
export const readMarket = async (world: MarketWorld, madeOrders: readonly string[]): Promise<MarketState> => {
  const client = tableClient();
  const table = tableName();
  const keyProducts = world.products.filter((p) => p.keyStock);
  const ordersAndCodes = async () => {
    const orderKeys = await sellerOrderKeys(world);
    const orderIds = orderKeys.map((key) => key.PK.slice(key.PK.indexOf("#") + 1));
    const scanned = await scanTable(
      new Set([...orderIds, ...madeOrders]),
      new Set(keyProducts.map((p) => p.id)),
    );
    const seen = await snapshot(world, orderKeys, [...scanned.codeKeys.values()].flat());
    return { ...seen, found: scanned.found };
  };
  const [{ products, orders, codes, found }, payoutItems, money] = await Promise.all([
    ordersAndCodes(),
    indexedMembers(client, table, indexedCollections.sellerPayouts, [world.seller.id]),
    Promise.all(
      [world.seller.id, ...world.resellers.map((r) => r.id)].map(
        async (id) => [id, await accountMoney(id)] as const,
      ),
    ),
  ]);
  const keyStock = new Map(
    keyProducts.map((p) => [p.id, keyStockOf(products.get(p.id), codes.get(p.id) ?? [])] as const),
  );
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
    stock: new Map([...products].map(([id, product]) => [id, product?.count] as const)),
    keyStock,
    money: new Map(money),
    artifacts,
    strayArtifacts: [...found.keys()].filter((id) => !artifacts.has(id)),
  };
};

/** What a code move changes besides the codes: the orders' states and the products' counts. */
const movingParts = (seen: Awaited<ReturnType<typeof snapshot>>): string =>
  JSON.stringify([
    seen.orders.map((o) => [o.id_order, o.status, o.delivered]),
    [...seen.products].map(([id, p]) => [id, p?.count, p?.key_reserved, p?.key_delivered, p?.key_withdrawn]),
  ]);

/**
 * `keyStockViolations` of each key product (with every order of the seller), which reads the codes
 * through the index as the service's sales and the seller's page do. Its reads are not one moment, and
 * the maintenance timer may expire an order (and release its codes) during them. Every code move changes
 * an order's state or its product's counts, so the answer is believed when the orders and products read
 * before and after it are the same, and read again otherwise. After a run only expiries move anything,
 * each waiting order at most once: more unsteady reads than there were waiting orders is a fault.
 */
export const listedKeyStockViolations = async (world: MarketWorld): Promise<string[]> => {
  const orderKeys = await sellerOrderKeys(world);
  const keyProducts = world.products.filter((p) => p.keyStock);
  let before = await snapshot(world, orderKeys, []);
  const waiting = count(before.orders, (o) => o.status === "wait");
  for (let unsteady = 0; ; unsteady++) {
    const read = before;
    const found = await Promise.all(
      keyProducts.map(async (p) =>
        (await keyStockViolations(world.seller.id, p.id, read.orders)).map(
          (v) => `${p.name} as listed: ${v}`,
        ),
      ),
    );
    before = await snapshot(world, orderKeys, []);
    if (movingParts(before) === movingParts(read)) return found.flat();
    if (unsteady >= waiting)
      throw new Error(
        `orders and products changed over ${unsteady + 1} reads, with ${waiting} orders waiting`,
      );
  }
};

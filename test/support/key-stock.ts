import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { batchGetAll } from "../../shared/data/batch-get.js";
import { indexQuery } from "../../shared/data/index-query.js";
import { indexedCollections } from "../../shared/data/table-keys.js";
import { newId } from "../../shared/ids/ids.js";
import {
  type KeyCodeState,
  keyCodeRecordSchema,
  keyCodeStates,
  keyCodeTableItem,
} from "../../shared/key-stock/key-code-item.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import { keyStockKeys } from "../../shared/runtime/service-keys.js";
import { open } from "../../shared/secrets/sealed-box.js";
import {
  createPublicCategory,
  createTestSeller,
  type PublishedProduct,
  publishProduct,
  type TestSeller,
} from "./catalogue.js";
import { request } from "./http.js";
import { watchCodes } from "./leak-scan.js";
import { stores } from "./orders.js";
import { jsonHeaders } from "./products.js";

/** Fresh codes no other test holds, registered with the leak scan: no response may carry one unbidden. */
export const freshCodes = (sellerId: number, n: number): string[] => {
  const run = newId();
  const codes = Array.from({ length: n }, (_, i) => `KEY-${run}-${String(i).padStart(5, "0")}`);
  watchCodes(codes, sellerId);
  return codes;
};

/** Uploads codes to a product as its seller (POST /api/v1/products/keys/{id}); fails unless every one was added. */
export const uploadCodes = async (
  v1Token: string,
  productId: string,
  codes: readonly string[],
): Promise<void> => {
  const response = await request("POST", `/api/v1/products/keys/${productId}`, {
    headers: jsonHeaders(v1Token),
    body: JSON.stringify({ codes }),
  });
  const added = (response.body as { data?: { added?: number } }).data?.added;
  if (response.status !== 200 || added !== codes.length)
    throw new Error(`upload failed: ${response.status} ${response.text}`);
};

/** A key product on sale: approved, of a seller with no webhook, selling `n` fresh codes. */
export const keyProduct = async (
  n: number,
  overrides: Record<string, unknown> = {},
): Promise<{ seller: TestSeller; product: PublishedProduct; codes: string[] }> => {
  const seller = await createTestSeller();
  const product = await publishProduct(
    seller,
    await createPublicCategory(),
    { count: 0, ...overrides },
    { sync: false },
  );
  const codes = freshCodes(seller.id, n);
  for (let i = 0; i < codes.length; i += 1000)
    await uploadCodes(seller.v1, product.id, codes.slice(i, i + 1000));
  return { seller, product, codes };
};

/** One code as stored, opened, with the state list the index has it in. */
export interface StoredCode {
  readonly id: string;
  readonly code: string;
  readonly state: KeyCodeState;
  readonly listedAs: KeyCodeState;
  readonly orderId: string | undefined;
}

/** Every code of a product the index lists, read back from the table (test-only: the service never opens codes in bulk). */
export const storedCodes = async (sellerId: number, productId: string): Promise<StoredCode[]> => {
  const client = createDocumentClient();
  const table = requireEnv("TABLE_NAME");
  const key = (await keyStockKeys()).sealing;
  const codes: StoredCode[] = [];
  for (const listedAs of keyCodeStates) {
    const ids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          ...indexQuery(table, indexedCollections.productKeyCodes, [productId, listedAs], {
            attributes: ["PK"],
          }),
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) ids.push(String(item.PK).split("#")[2] ?? "");
      start = page.LastEvaluatedKey;
    } while (start);
    const items = await batchGetAll(
      client,
      table,
      ids.map((id) => keyCodeTableItem.key(sellerId, id)),
      { consistent: true },
    );
    for (const item of items) {
      const record = keyCodeRecordSchema.parse(item);
      codes.push({
        id: record.code_id,
        code: open(key, record.code_sealed),
        state: record.state,
        listedAs,
        orderId: record.order_id,
      });
    }
  }
  return codes;
};

/** A product's key counts as stored. */
export const keyCountsOf = async (productId: string) => {
  const product = await stores().products.get(productId);
  if (!product) throw new Error(`product ${productId} not found`);
  return {
    available: product.count,
    reserved: product.key_reserved ?? 0,
    delivered: product.key_delivered ?? 0,
    withdrawn: product.key_withdrawn ?? 0,
  };
};

/** What the key-stock rules look at of one code: its state, the state list it is filed under, its holder. */
export type CodeStanding = Pick<StoredCode, "id" | "state" | "orderId"> & {
  /** The state whose list has the code (`StoredCode.listedAs`), or the list's own name when it is none of them. */
  readonly listedAs: string;
};

/**
 * What is wrong with a key product's stock, as plain sentences (none when it holds): each code listed
 * once, under its state; the product's counts equal its codes per state; each reserved or delivered code
 * held by an order that names it and is in the matching state (waiting, or paid and delivered); each
 * order that names codes holds exactly those (a canceled one none); no code in two orders.
 */
export const keyStockViolations = async (
  sellerId: number,
  productId: string,
  orders: readonly OrderRecord[],
): Promise<string[]> => {
  const codes = await storedCodes(sellerId, productId);
  return keyStockProblems(codes, await keyCountsOf(productId), orders);
};

/**
 * The rules of `keyStockViolations` applied to codes, counts and orders already read, so a caller that
 * reads them as of one moment (or makes them up) gets the same sentences.
 */
export const keyStockProblems = (
  codes: readonly CodeStanding[],
  counts: Readonly<Record<KeyCodeState, number>>,
  orders: readonly OrderRecord[],
): string[] => {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const code of codes) seen.set(code.id, (seen.get(code.id) ?? 0) + 1);
  for (const [id, times] of seen) if (times > 1) problems.push(`code ${id} is listed ${times} times`);
  for (const code of codes) {
    if (code.state !== code.listedAs)
      problems.push(`code ${code.id} is ${code.state} but listed as ${code.listedAs}`);
    if ((code.state === "available") !== (code.orderId === undefined))
      problems.push(`code ${code.id} is ${code.state} with order ${code.orderId ?? "none"}`);
  }
  for (const state of keyCodeStates) {
    const n = codes.filter((code) => code.state === state).length;
    if (counts[state] !== n) problems.push(`the product counts ${counts[state]} ${state} codes, it has ${n}`);
  }
  const byOrder = new Map(orders.map((order) => [order.id_order, order]));
  for (const code of codes) {
    if (code.orderId === undefined) continue;
    const order = byOrder.get(code.orderId);
    if (!order) {
      problems.push(`code ${code.id} is held by unknown order ${code.orderId}`);
      continue;
    }
    if (!order.key_codes?.includes(code.id))
      problems.push(`order ${order.id_order} holds ${code.id} without naming it`);
    const expected =
      order.status === "wait"
        ? "reserved"
        : order.status === "paid" && order.delivered
          ? "delivered"
          : "none";
    if (code.state !== expected)
      problems.push(`order ${order.id_order} (${order.status}) holds ${code.id} as ${code.state}`);
  }
  const named = new Map<string, string>();
  for (const order of orders) {
    for (const id of order.key_codes ?? []) {
      const held = codes.find((code) => code.id === id && code.orderId === order.id_order);
      if (order.status === "canceled") {
        if (held) problems.push(`canceled order ${order.id_order} still holds ${id}`);
        continue;
      }
      if (!held) problems.push(`order ${order.id_order} (${order.status}) names ${id} but does not hold it`);
      const other = named.get(id);
      if (other) problems.push(`code ${id} is named by orders ${other} and ${order.id_order}`);
      named.set(id, order.id_order);
    }
    if (order.status !== "canceled" && order.key_codes && order.key_codes.length !== order.quantity)
      problems.push(
        `order ${order.id_order} names ${order.key_codes.length} codes for quantity ${order.quantity}`,
      );
  }
  return problems;
};

/** Every order of a seller, read in full (test-only). */
export const ordersOfSeller = async (sellerId: number): Promise<OrderRecord[]> => {
  const { orders } = stores();
  const entries = await orders.allBySeller(sellerId, 100_000);
  if (entries === "too_many") throw new Error("too many orders");
  const full = await Promise.all(entries.map((entry) => orders.getLatest(entry.id_order)));
  return full.filter((order): order is OrderRecord => order !== undefined);
};

import { randomBytes } from "node:crypto";
import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { collectionPage } from "../data/collection-page.js";
import { indexQuery } from "../data/index-query.js";
import type { ListPosition } from "../data/page-cursor.js";
import { projectionExpression } from "../data/projection-expression.js";
import { indexedCollections, keys } from "../data/table-keys.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import * as z from "../validation/zod-mini.js";
import {
  type KeyCodeState,
  keyCodePageSchema,
  keyCodeRecordSchema,
  keyCodeTableItem,
  newKeyCodeItem,
  SEALED_CODE_ATTRIBUTE,
} from "./key-code-item.js";

/** The most codes one transaction changes: DynamoDB's 100 items, less the product's own update. */
export const CODES_PER_WRITE = 99;

/** What the store needs of the product whose codes it changes. */
export interface KeyStockProduct {
  readonly id: string;
  readonly seller_id: number;
  readonly key_stock?: 1;
}

/** A checked code, sealed and named, ready to store. */
export interface NewKeyCode {
  readonly id: string;
  readonly sealed: string;
  readonly end: string;
}

/** What the seller's page shows of a code: never the code. */
export interface KeyCodeView {
  readonly id: string;
  readonly productId: string;
  readonly state: KeyCodeState;
  readonly end: string;
  readonly uploadedAt: string;
  readonly orderId?: string;
}

/**
 * How a write of codes ended: done; refused because some codes are not in the state it needs (already
 * held, for an upload; no longer available, for a withdrawal), by id; or refused because the product is
 * not as read (gone, another seller's, switched to key stock meanwhile, or past its limit).
 */
export type CodesWriteOutcome =
  | { readonly kind: "ok" }
  | { readonly kind: "codes"; readonly ids: readonly string[] }
  | { readonly kind: "product" };

/** Persistence of uploaded codes: every DynamoDB call of key stock outside a sale. */
export interface KeyStockStore {
  /**
   * Stores up to `CODES_PER_WRITE` codes available on `product` and adds them to its `count`, all or
   * nothing. The first upload makes the product a key product and replaces its declared count.
   */
  add(
    product: KeyStockProduct,
    codes: readonly NewKeyCode[],
    at: string,
    maxAvailable: number,
  ): Promise<CodesWriteOutcome>;
  /**
   * The sealed codes among `ids` that `orderId` holds (its product's, handed to it), by id, read
   * consistently; a code another order holds, or none does, is not among them.
   */
  sealedCodesOf(sellerId: number, orderId: string, ids: readonly string[]): Promise<Map<string, string>>;
  /** The seller's codes among `ids`, as the seller's page shows them, read consistently. */
  views(sellerId: number, ids: readonly string[]): Promise<KeyCodeView[]>;
  /** One page of a product's codes of one state, newest upload first. */
  page(
    product: KeyStockProduct,
    state: KeyCodeState,
    limit: number,
    start: ListPosition | undefined,
  ): Promise<{ codes: KeyCodeView[]; next: ListPosition | undefined } | "invalid_start">;
  /** How many available codes a product counts (its `count`), read consistently; 0 when it is gone. */
  availableCount(productId: string): Promise<number>;
  /** The ids of up to `limit` of a product's available codes after `start`, oldest upload first. */
  availableIds(
    productId: string,
    limit: number,
    start: Record<string, unknown> | undefined,
  ): Promise<{ ids: string[]; next: Record<string, unknown> | undefined }>;
  /**
   * Deletes up to `CODES_PER_WRITE` codes of `product` while each is still available, takes them off its
   * `count` and adds them to `key_withdrawn`, all or nothing.
   */
  withdraw(product: KeyStockProduct, ids: readonly string[]): Promise<CodesWriteOutcome>;
}

/** What a read that opens codes asks for (`keyCodeTableItem.projections.opened`). */
const openedCodeSchema = z.pick(keyCodeRecordSchema, {
  code_id: true,
  product_id: true,
  state: true,
  order_id: true,
  [SEALED_CODE_ATTRIBUTE]: true,
});

/** The id a code's table key ends with. */
const idOf = (item: Record<string, unknown>): string => {
  const pk = String(item.PK);
  return pk.slice(pk.lastIndexOf("#") + 1);
};

const viewOf = (item: Record<string, unknown>): KeyCodeView => {
  const record = keyCodePageSchema.parse(item);
  return {
    id: record.code_id,
    productId: record.product_id,
    state: record.state,
    end: record.code_end,
    uploadedAt: record.uploaded_at,
    ...(record.order_id === undefined ? {} : { orderId: record.order_id }),
  };
};

/** The positions of a cancelled transaction's items whose condition failed. */
const failedAt = (error: TransactionCanceledException): number[] =>
  (error.CancellationReasons ?? []).flatMap((reason, index) =>
    reason.Code === "ConditionalCheckFailed" ? [index] : [],
  );

/** Runs a write of codes whose product update is its last item, telling which part refused it. */
const codesWrite = async (
  client: DynamoDBDocumentClient,
  items: TransactItem[],
  ids: readonly string[],
): Promise<CodesWriteOutcome> => {
  try {
    // A token per write: the SDK's retry of a write whose answer was lost is then not applied twice, nor
    // reported as codes held (an upload) or gone (a withdrawal) when they are this very write's.
    await writeTransaction(client, items, undefined, randomBytes(16).toString("base64url"));
    return { kind: "ok" };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const failed = failedAt(error);
    if (failed.length === 0) throw error;
    const refused = failed.filter((index) => index < ids.length).map((index) => ids[index] as string);
    // DynamoDB names every failed condition, so codes refused beside the product are reported too.
    return refused.length > 0 ? { kind: "codes", ids: refused } : { kind: "product" };
  }
};

/** The DynamoDB implementation of KeyStockStore. */
export const createKeyStockRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): KeyStockStore => ({
  async add(product, codes, at, maxAvailable) {
    const n = codes.length;
    const first = product.key_stock === undefined;
    const items: TransactItem[] = codes.map((code) => ({
      Put: {
        TableName: tableName,
        Item: newKeyCodeItem({ sellerId: product.seller_id, productId: product.id, uploadedAt: at, ...code }),
        ConditionExpression: "attribute_not_exists(PK)",
      },
    }));
    items.push({
      Update: {
        TableName: tableName,
        Key: keys.product(product.id),
        ...(first
          ? {
              UpdateExpression:
                "SET key_stock = :one, #count = :n, key_reserved = :zero, key_delivered = :zero, key_withdrawn = :zero",
              ConditionExpression:
                "attribute_exists(PK) AND seller_id = :seller AND attribute_not_exists(key_stock)",
              ExpressionAttributeValues: { ":one": 1, ":n": n, ":zero": 0, ":seller": product.seller_id },
            }
          : {
              UpdateExpression: "ADD #count :n",
              ConditionExpression:
                "attribute_exists(PK) AND seller_id = :seller AND key_stock = :one AND #count <= :room",
              ExpressionAttributeValues: {
                ":one": 1,
                ":n": n,
                ":seller": product.seller_id,
                ":room": maxAvailable - n,
              },
            }),
        ExpressionAttributeNames: { "#count": "count" },
      },
    });
    return codesWrite(
      client,
      items,
      codes.map((code) => code.id),
    );
  },

  async sealedCodesOf(sellerId, orderId, ids) {
    const items = await batchGetAll(
      client,
      tableName,
      ids.map((id) => keyCodeTableItem.key(sellerId, id)),
      { consistent: true, attributes: keyCodeTableItem.projections.opened },
    );
    const held = items
      .map((item) => openedCodeSchema.parse(item))
      .filter((code) => code.order_id === orderId);
    return new Map(held.map((code) => [code.code_id, code[SEALED_CODE_ATTRIBUTE]]));
  },

  async views(sellerId, ids) {
    const items = await batchGetAll(
      client,
      tableName,
      ids.map((id) => keyCodeTableItem.key(sellerId, id)),
      { consistent: true, attributes: keyCodeTableItem.projections.page },
    );
    return items.map(viewOf);
  },

  async page(product, state, limit, start) {
    const page = await collectionPage(
      client,
      tableName,
      indexedCollections.productKeyCodes,
      [product.id, state],
      { limit, start, attributes: [] },
    );
    if (page === "invalid_start") return page;
    const ids = page.items.map(idOf);
    // The index holds keys only; the page's attributes come from the items, in the index's order. A code
    // withdrawn since the index listed it is gone from the table, and from the page.
    const byId = new Map((await this.views(product.seller_id, ids)).map((code) => [code.id, code]));
    const codes = ids.flatMap((id) => {
      const code = byId.get(id);
      return code && code.productId === product.id ? [code] : [];
    });
    return { codes, next: page.next };
  },

  async availableCount(productId) {
    const result = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.product(productId),
        ConsistentRead: true,
        ...projectionExpression(["count"]),
      }),
    );
    const count = result.Item?.count;
    return typeof count === "number" ? count : 0;
  },

  async availableIds(productId, limit, start) {
    const result = await client.send(
      new QueryCommand({
        ...indexQuery(tableName, indexedCollections.productKeyCodes, [productId, "available"], {
          limit,
          attributes: ["PK"],
        }),
        ExclusiveStartKey: start,
      }),
    );
    return { ids: (result.Items ?? []).map(idOf), next: result.LastEvaluatedKey };
  },

  async withdraw(product, ids) {
    const items: TransactItem[] = ids.map((id) => ({
      Delete: {
        TableName: tableName,
        Key: keyCodeTableItem.key(product.seller_id, id),
        ConditionExpression: "#state = :available AND product_id = :product",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":available": "available", ":product": product.id },
      },
    }));
    items.push({
      Update: {
        TableName: tableName,
        Key: keys.product(product.id),
        UpdateExpression: "ADD #count :minus, key_withdrawn :n",
        ConditionExpression:
          "attribute_exists(PK) AND seller_id = :seller AND key_stock = :one AND #count >= :n",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: {
          ":minus": -ids.length,
          ":n": ids.length,
          ":seller": product.seller_id,
          ":one": 1,
        },
      },
    });
    return codesWrite(client, items, ids);
  },
});

/** Where a sale finds codes to choose (`sellCodes`): the oldest listed ones, and how many the product counts. */
export interface KeyCodeSource {
  candidates(productId: string, limit: number): Promise<readonly string[]>;
  availableCount(productId: string): Promise<number>;
}

/** A sale's source of codes from a store. */
export const keyCodeSourceOf = (
  store: Pick<KeyStockStore, "availableIds" | "availableCount">,
): KeyCodeSource => ({
  candidates: async (productId, limit) => (await store.availableIds(productId, limit, undefined)).ids,
  availableCount: (productId) => store.availableCount(productId),
});

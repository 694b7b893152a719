import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { queryAll } from "../data/query-all.js";
import { queryPage } from "../data/query-page.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import { failedConditions } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import { type ModerationStatus, type ProductRecord, productRecordSchema } from "./product.js";

/** A row of a seller's product list: what listing and filtering need, nothing more. */
export interface ProductListEntry {
  readonly id: string;
  readonly name: string;
  readonly name_key: string;
  readonly price: number;
  readonly count: number;
  readonly status_moderation: ModerationStatus;
  readonly id_categories: number;
}

/** Why a write that touches uniqueness or the category did not happen. */
export type ProductWriteOutcome = "ok" | "name_taken" | "uuid_taken" | "category_invalid" | "stale";
/** What a write inside the repository can meet: also a seller whose product count does not exist yet. */
type WriteAttempt = ProductWriteOutcome | "counts_missing" | "not_owned";

/** Persistence of products. */
export interface ProductStore {
  create(product: ProductRecord): Promise<ProductWriteOutcome>;
  /** One product; `consistent` reads it after every write that has succeeded. */
  get(productId: string, options?: { consistent?: boolean }): Promise<ProductRecord | undefined>;
  /** The products that exist among `productIds`, by id. */
  getMany(productIds: readonly string[]): Promise<Map<string, ProductRecord>>;
  /**
   * Applies `changes` if the product still has `current`'s owner, name and uuid. Stock is never set
   * outright: `countDelta` is added to whatever the stock is now, so reservations made meanwhile stay.
   */
  update(
    current: ProductRecord,
    changes: Partial<ProductRecord>,
    countDelta?: number,
  ): Promise<ProductWriteOutcome>;
  delete(product: ProductRecord): Promise<"ok" | "stale">;
  listBySeller(sellerId: number): Promise<ProductListEntry[]>;
  /**
   * Applies changes that touch no guard and no stock (no name, uuid or count) in one request, the owner
   * checked by the write's own condition; a category change is checked in the same transaction.
   */
  updateInPlace(
    sellerId: number,
    productId: string,
    changes: Partial<ProductRecord>,
  ): Promise<"ok" | "not_owned" | "category_invalid">;
  /** One page of the seller's products, newest first, reading only the page (and what it skips). */
  pageBySeller(sellerId: number, offset: number, limit: number): Promise<ProductListEntry[]>;
  /** How many products the seller has, from the count kept beside the account. */
  countBySeller(sellerId: number): Promise<number>;
  /** Sends an owned product with an image to moderation; tells why not otherwise. */
  submit(
    productId: string,
    sellerId: number,
    at: string,
  ): Promise<"ok" | "missing" | "not_owner" | "pending" | "no_image">;
  /** Links a new image and sends the product to moderation; returns the replaced image's key. */
  setImage(
    productId: string,
    sellerId: number,
    image: { url: string; key: string },
    at: string,
  ): Promise<{ previousKey: string } | undefined>;
  /** The operator's decision on a pending product. */
  decide(
    productId: string,
    decision: { status: "approved" } | { status: "rejected"; reason: string },
    at: string,
  ): Promise<"ok" | "missing" | "not_pending" | "no_image">;
  setFlags(
    productId: string,
    flags: Partial<Pick<ProductRecord, "gift_available" | "comment_status" | "comment_regex">>,
    at: string,
  ): Promise<ProductRecord | undefined>;
}

/** A product as a table item, in its seller's list. */
export const productItem = (product: ProductRecord) => ({
  ...keys.product(product.id),
  entity: "product",
  ...product,
  ...indexMembership(
    indexedCollections.sellerProducts,
    [product.seller_id],
    [product.created_at, product.id],
  ),
});

/** Builds `SET a = :a, …` for a partial record, with placeholder names that cannot clash with keywords. */
const setExpression = (changes: Record<string, unknown>) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  // Absent fields are not changes; the document client would drop their values but not their placeholders.
  const present = Object.entries(changes).filter(([, value]) => value !== undefined);
  const parts = present.map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return { expression: parts.join(", "), names, values };
};

/** The DynamoDB implementation of ProductStore. */
export const createProductRepository = (client: DynamoDBDocumentClient, tableName: string): ProductStore => {
  const guardPut = (key: ReturnType<typeof keys.productNameGuard>, product: ProductRecord): TransactItem => ({
    Put: {
      TableName: tableName,
      Item: { ...key, entity: "guard", product_id: product.id },
      ConditionExpression: "attribute_not_exists(PK)",
    },
  });
  const guardDelete = (key: ReturnType<typeof keys.productNameGuard>): TransactItem => ({
    Delete: { TableName: tableName, Key: key },
  });
  const categoryCheck = (categoryId: number): TransactItem => ({
    ConditionCheck: {
      TableName: tableName,
      Key: keys.category(categoryId),
      ConditionExpression: "attribute_exists(PK) AND #status = :active",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":active": "active" },
    },
  });

  const listAttributes = ["id", "name", "name_key", "price", "count", "status_moderation", "id_categories"];

  // The seller's product count moves in the transaction that adds or removes the product; it must exist,
  // so a seller whose products predate the count gets it computed first (see ensureCounts).
  const countChange = (sellerId: number, delta: 1 | -1): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: keys.sellerCounts(sellerId),
      UpdateExpression: "ADD products :d",
      ConditionExpression: "attribute_exists(PK)",
      ExpressionAttributeValues: { ":d": delta },
    },
  });

  /**
   * Creates a seller's product count from their products when it is missing. While it is missing no
   * product of theirs can be created or deleted (both need it), so the count cannot change under us,
   * and concurrent callers agree (the first Put wins).
   */
  const ensureCounts = async (sellerId: number): Promise<number> => {
    const existing = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.sellerCounts(sellerId), ConsistentRead: true }),
    );
    if (typeof existing.Item?.products === "number") return existing.Item.products;
    let products = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          ...indexQuery(tableName, indexedCollections.sellerProducts, [sellerId]),
          Select: "COUNT",
          ExclusiveStartKey: start,
        }),
      );
      products += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.sellerCounts(sellerId), entity: "seller_counts", products },
          ConditionExpression: "attribute_not_exists(PK)",
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    return products;
  };

  /** Runs a transaction and names the first item whose condition failed, using `labels` by position. */
  const transact = async <T extends WriteAttempt>(
    items: TransactItem[],
    labels: T[],
  ): Promise<T | "ok" | "stale"> => {
    try {
      await writeTransaction(client, items);
      return "ok";
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      const index = failed.indexOf(true);
      return labels[index] ?? "stale";
    }
  };

  return {
    async create(product) {
      const attempt = () =>
        transact(
          [
            {
              Put: {
                TableName: tableName,
                Item: productItem(product),
                ConditionExpression: "attribute_not_exists(PK)",
              },
            },
            guardPut(keys.productNameGuard(product.seller_id, product.name_key), product),
            guardPut(keys.productUuidGuard(product.seller_id, product.uuid), product),
            categoryCheck(product.id_categories),
            countChange(product.seller_id, 1),
          ],
          ["stale", "name_taken", "uuid_taken", "category_invalid", "counts_missing"],
        );
      const outcome = await attempt();
      if (outcome !== "counts_missing") return outcome;
      await ensureCounts(product.seller_id);
      const retried = await attempt();
      return retried === "counts_missing" ? "stale" : retried;
    },

    async get(productId, options) {
      const result = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.product(productId),
          ConsistentRead: options?.consistent === true,
        }),
      );
      return result.Item ? productRecordSchema.parse(result.Item) : undefined;
    },

    async getMany(productIds) {
      const items = await batchGetAll(client, tableName, productIds.map(keys.product));
      const products = items.map((item) => productRecordSchema.parse(item));
      return new Map(products.map((product) => [product.id, product]));
    },

    async update(current, changes, countDelta = 0) {
      const { count: _ignored, ...rest } = changes;
      const set = setExpression(rest);
      // Stock moves by the seller's change, and only while enough is left for a decrease.
      const stock = countDelta === 0 ? "" : " ADD #count :countDelta";
      const clearRejection =
        changes.status_moderation !== undefined && changes.status_moderation !== "rejected";
      const items: TransactItem[] = [
        {
          Update: {
            TableName: tableName,
            Key: keys.product(current.id),
            UpdateExpression: `SET ${set.expression}${stock}${clearRejection ? " REMOVE rejection_reason" : ""}`,
            // The guards below were chosen for this owner, name and uuid; if any moved on, start over.
            ConditionExpression: `seller_id = :seller AND name_key = :nameKey AND #uuid = :uuid${countDelta < 0 ? " AND #count >= :needed" : ""}`,
            ExpressionAttributeNames: {
              ...set.names,
              "#uuid": "uuid",
              ...(countDelta === 0 ? {} : { "#count": "count" }),
            },
            ExpressionAttributeValues: {
              ...set.values,
              ":seller": current.seller_id,
              ":nameKey": current.name_key,
              ":uuid": current.uuid,
              ...(countDelta === 0 ? {} : { ":countDelta": countDelta }),
              ...(countDelta < 0 ? { ":needed": -countDelta } : {}),
            },
          },
        },
      ];
      const labels: ProductWriteOutcome[] = ["stale"];
      if (changes.name_key !== undefined && changes.name_key !== current.name_key) {
        items.push(
          guardPut(keys.productNameGuard(current.seller_id, changes.name_key), current),
          guardDelete(keys.productNameGuard(current.seller_id, current.name_key)),
        );
        labels.push("name_taken", "stale");
      }
      if (changes.uuid !== undefined && changes.uuid !== current.uuid) {
        items.push(
          guardPut(keys.productUuidGuard(current.seller_id, changes.uuid), current),
          guardDelete(keys.productUuidGuard(current.seller_id, current.uuid)),
        );
        labels.push("uuid_taken", "stale");
      }
      if (changes.id_categories !== undefined && changes.id_categories !== current.id_categories) {
        items.push(categoryCheck(changes.id_categories));
        labels.push("category_invalid");
      }
      return transact(items, labels);
    },

    async delete(product) {
      const attempt = () =>
        transact(
          [
            {
              Delete: {
                TableName: tableName,
                Key: keys.product(product.id),
                ConditionExpression: "seller_id = :seller AND name_key = :nameKey AND #uuid = :uuid",
                ExpressionAttributeNames: { "#uuid": "uuid" },
                ExpressionAttributeValues: {
                  ":seller": product.seller_id,
                  ":nameKey": product.name_key,
                  ":uuid": product.uuid,
                },
              },
            },
            guardDelete(keys.productNameGuard(product.seller_id, product.name_key)),
            guardDelete(keys.productUuidGuard(product.seller_id, product.uuid)),
            countChange(product.seller_id, -1),
          ],
          ["stale", "stale", "stale", "counts_missing"],
        );
      let outcome = await attempt();
      if (outcome === "counts_missing") {
        await ensureCounts(product.seller_id);
        outcome = await attempt();
      }
      return outcome === "ok" ? "ok" : "stale";
    },

    async updateInPlace(sellerId, productId, changes) {
      const set = setExpression(changes);
      const clearRejection =
        changes.status_moderation !== undefined && changes.status_moderation !== "rejected";
      const update: TransactItem = {
        Update: {
          TableName: tableName,
          Key: keys.product(productId),
          UpdateExpression: `SET ${set.expression}${clearRejection ? " REMOVE rejection_reason" : ""}`,
          ConditionExpression: "seller_id = :seller",
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: { ...set.values, ":seller": sellerId },
        },
      };
      const items =
        changes.id_categories === undefined ? [update] : [update, categoryCheck(changes.id_categories)];
      const outcome = await transact(items, ["not_owned", "category_invalid"] as const);
      return outcome === "stale" ? "not_owned" : outcome;
    },

    async pageBySeller(sellerId, offset, limit) {
      const { items } = await queryPage(
        client,
        indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
          descending: true,
          attributes: listAttributes,
        }),
        offset,
        limit,
      );
      return items as unknown as ProductListEntry[];
    },

    countBySeller: (sellerId) => ensureCounts(sellerId),

    async listBySeller(sellerId) {
      const items = await queryAll(
        client,
        indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
          descending: true,
          attributes: listAttributes,
        }),
      );
      return items as unknown as ProductListEntry[];
    },

    async submit(productId, sellerId, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(productId),
            UpdateExpression: "SET status_moderation = :pending, updated_at = :at REMOVE rejection_reason",
            ConditionExpression: "seller_id = :seller AND status_moderation <> :pending AND img_key <> :none",
            ExpressionAttributeValues: { ":pending": "pending", ":seller": sellerId, ":none": "", ":at": at },
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          }),
        );
        return "ok";
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        // The failed condition hands back the item as it is, so the reason needs no second read.
        const old = error.Item as
          | { seller_id?: { N?: string }; status_moderation?: { S?: string } }
          | undefined;
        if (!old) return "missing";
        if (Number(old.seller_id?.N) !== sellerId) return "not_owner";
        if (old.status_moderation?.S === "pending") return "pending";
        return "no_image";
      }
    },

    async setImage(productId, sellerId, image, at) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(productId),
            UpdateExpression:
              "SET img = :url, img_key = :key, status_moderation = :pending, updated_at = :at REMOVE rejection_reason",
            ConditionExpression: "seller_id = :seller",
            ExpressionAttributeValues: {
              ":url": image.url,
              ":key": image.key,
              ":pending": "pending",
              ":seller": sellerId,
              ":at": at,
            },
            ReturnValues: "ALL_OLD",
          }),
        );
        return { previousKey: String(result.Attributes?.img_key ?? "") };
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },

    async decide(productId, decision, at) {
      const approved = decision.status === "approved";
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(productId),
            UpdateExpression: approved
              ? "SET status_moderation = :status, updated_at = :at REMOVE rejection_reason"
              : "SET status_moderation = :status, updated_at = :at, rejection_reason = :reason",
            // Only a pending product is decided, and nothing without an image is approved.
            ConditionExpression: approved
              ? "attribute_exists(PK) AND status_moderation = :pending AND img_key <> :none"
              : "attribute_exists(PK) AND status_moderation = :pending",
            ExpressionAttributeValues: {
              ":status": decision.status,
              ":pending": "pending",
              ...(approved ? { ":none": "" } : {}),
              ":at": at,
              ...(approved ? {} : { ":reason": decision.reason }),
            },
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          }),
        );
        return "ok";
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const old = error.Item as { status_moderation?: { S?: string } } | undefined;
        if (!old) return "missing";
        return old.status_moderation?.S === "pending" ? "no_image" : "not_pending";
      }
    },

    async setFlags(productId, flags, at) {
      const set = setExpression({ ...flags, updated_at: at });
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(productId),
            UpdateExpression: `SET ${set.expression}`,
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeNames: set.names,
            ExpressionAttributeValues: set.values,
            ReturnValues: "ALL_NEW",
          }),
        );
        return productRecordSchema.parse(result.Attributes);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },
  };
};

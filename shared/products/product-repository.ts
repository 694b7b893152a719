import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { queryAll } from "../data/query-all.js";
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

const item = (product: ProductRecord) => ({
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

  /** Runs a transaction and names the first item whose condition failed, using `labels` by position. */
  const transact = async (
    items: TransactItem[],
    labels: ProductWriteOutcome[],
  ): Promise<ProductWriteOutcome> => {
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
      return transact(
        [
          {
            Put: {
              TableName: tableName,
              Item: item(product),
              ConditionExpression: "attribute_not_exists(PK)",
            },
          },
          guardPut(keys.productNameGuard(product.seller_id, product.name_key), product),
          guardPut(keys.productUuidGuard(product.seller_id, product.uuid), product),
          categoryCheck(product.id_categories),
        ],
        ["stale", "name_taken", "uuid_taken", "category_invalid"],
      );
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
      const outcome = await transact(
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
        ],
        ["stale"],
      );
      return outcome === "ok" ? "ok" : "stale";
    },

    async listBySeller(sellerId) {
      const items = await queryAll(
        client,
        indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
          descending: true,
          attributes: ["id", "name", "name_key", "price", "count", "status_moderation", "id_categories"],
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

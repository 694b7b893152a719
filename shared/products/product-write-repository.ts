import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { setExpression } from "../data/set-expression.js";
import type { TransactItem } from "../data/transactions.js";
import { labelledWrite } from "./labelled-write-repository.js";
import type { ProductRecord } from "./product.js";
import { productGuards } from "./product-guards.js";
import { productItem, productTableItem } from "./product-items.js";
import { type ProductReads, readProduct } from "./product-read-repository.js";
import type { SellerCounts } from "./seller-counts-repository.js";
import { type ListingMove, listingMove, moveClauses, moveItems } from "./seller-list-upkeep.js";
import { sellerListingOf } from "./seller-lists.js";

/** Why a write that touches uniqueness or the category did not happen. */
export type ProductWriteOutcome = "ok" | "name_taken" | "uuid_taken" | "category_invalid" | "stale";
/** What a write inside the repository can meet: also a seller whose count item does not exist yet. */
type WriteAttempt = ProductWriteOutcome | "counts_missing" | "not_owned";

/** A seller's writes of products: create, change, delete, and putting older products into the lists. */
export interface ProductWrites {
  create(product: ProductRecord): Promise<ProductWriteOutcome>;
  /**
   * Applies `changes` if the product still has `current`'s owner, name and uuid (and, when the change
   * moves it between the seller's lists, its status and category). Stock is never set outright:
   * `countDelta` is added to whatever the stock is now, so reservations made meanwhile stay.
   */
  update(
    current: ProductRecord,
    changes: Partial<ProductRecord>,
    countDelta?: number,
  ): Promise<ProductWriteOutcome>;
  delete(product: ProductRecord): Promise<"ok" | "stale">;
  /**
   * Applies changes that move the product in no list and touch no guard and no stock (price, discount,
   * api_key, api_url) in one request, the owner checked by the write's own condition.
   */
  updateInPlace(
    sellerId: number,
    productId: string,
    changes: Partial<ProductRecord>,
  ): Promise<"ok" | "not_owned">;
  /** Puts the seller's products written before the filtered lists existed into them; says how many it moved. */
  indexLists(sellerId: number): Promise<{ products: number; indexed: number }>;
}

/** The DynamoDB implementation of ProductWrites. */
export const createProductWrites = (
  client: DynamoDBDocumentClient,
  tableName: string,
  deps: { counts: SellerCounts; reads: Pick<ProductReads, "listBySeller"> },
): ProductWrites => {
  const { readCounts, withCounts } = deps.counts;
  const guards = productGuards(tableName);
  const transact = <T extends WriteAttempt>(items: TransactItem[], labels: T[]) =>
    labelledWrite(client, items, labels);

  return {
    async create(product) {
      const listing = moveItems(
        tableName,
        { before: undefined, after: sellerListingOf(product) },
        1,
        product.seller_id,
      );
      return withCounts(product.seller_id, () =>
        transact(
          [
            {
              Put: {
                TableName: tableName,
                Item: productItem(product),
                ConditionExpression: "attribute_not_exists(PK)",
              },
            },
            guards.claimName(product, product.name_key),
            guards.claimUuid(product, product.uuid),
            guards.activeCategory(product.id_categories),
            ...listing.items,
          ],
          ["stale", "name_taken", "uuid_taken", "category_invalid", ...listing.labels],
        ),
      );
    },

    async update(current, changes, countDelta = 0) {
      const { count: _ignored, ...rest } = changes;
      const set = setExpression(rest);
      const move = listingMove(current, { ...current, ...rest });
      const clauses = moveClauses(current, move);
      // Stock moves by the seller's change, and only while enough is left for a decrease.
      const stock = countDelta === 0 ? "" : " ADD #count :countDelta";
      const clearRejection =
        changes.status_moderation !== undefined && changes.status_moderation !== "rejected";
      const items: TransactItem[] = [
        {
          Update: {
            TableName: tableName,
            Key: productTableItem.key(current.id),
            UpdateExpression: `SET ${[set.expression, clauses.set].filter(Boolean).join(", ")}${stock}${clearRejection ? " REMOVE rejection_reason" : ""}`,
            // The guards below were chosen for this owner, name and uuid; if any moved on, start over.
            ConditionExpression: [
              "seller_id = :seller AND name_key = :nameKey AND #uuid = :uuid",
              countDelta < 0 ? "#count >= :needed" : "",
              // A key product's count is its codes' (the service refuses the change; an upload meanwhile
              // makes this write stale, and the service's next read refuses it).
              countDelta === 0 ? "" : "attribute_not_exists(key_stock)",
              clauses.condition,
            ]
              .filter(Boolean)
              .join(" AND "),
            ExpressionAttributeNames: {
              ...set.names,
              ...clauses.names,
              "#uuid": "uuid",
              ...(countDelta === 0 ? {} : { "#count": "count" }),
            },
            ExpressionAttributeValues: {
              ...set.values,
              ...clauses.values,
              ":seller": current.seller_id,
              ":nameKey": current.name_key,
              ":uuid": current.uuid,
              ...(countDelta === 0 ? {} : { ":countDelta": countDelta }),
              ...(countDelta < 0 ? { ":needed": -countDelta } : {}),
            },
          },
        },
      ];
      const labels: WriteAttempt[] = ["stale"];
      if (changes.name_key !== undefined && changes.name_key !== current.name_key) {
        items.push(
          guards.claimName(current, changes.name_key),
          guards.releaseName(current.seller_id, current.name_key),
        );
        labels.push("name_taken", "stale");
      }
      if (changes.uuid !== undefined && changes.uuid !== current.uuid) {
        items.push(
          guards.claimUuid(current, changes.uuid),
          guards.releaseUuid(current.seller_id, current.uuid),
        );
        labels.push("uuid_taken", "stale");
      }
      if (changes.id_categories !== undefined && changes.id_categories !== current.id_categories) {
        items.push(guards.activeCategory(changes.id_categories));
        labels.push("category_invalid");
      }
      const listing = moveItems(tableName, move, 0, current.seller_id);
      items.push(...listing.items);
      labels.push(...listing.labels);
      const outcome = await transact(items, labels);
      if (outcome === "counts_missing") {
        // The service reads the product again and retries: by then the count item exists.
        await readCounts(current.seller_id);
        return "stale";
      }
      return outcome === "not_owned" ? "stale" : outcome;
    },

    async delete(product) {
      const move: ListingMove = {
        before: product.lists_indexed === 1 ? sellerListingOf(product) : undefined,
        after: undefined,
      };
      const listing = moveItems(tableName, move, -1, product.seller_id);
      const outcome = await withCounts(product.seller_id, () =>
        transact(
          [
            {
              Delete: {
                TableName: tableName,
                Key: productTableItem.key(product.id),
                // The counts move from the status and category read; the guards and entries were named by
                // the name and uuid read.
                ConditionExpression: `seller_id = :seller AND name_key = :nameKey AND #uuid = :uuid AND #name = :name AND status_moderation = :status AND id_categories = :category AND ${
                  product.lists_indexed === 1
                    ? "lists_indexed = :listed"
                    : "attribute_not_exists(lists_indexed)"
                } AND (attribute_not_exists(key_stock) OR (#count = :none AND key_reserved = :none))`,
                // A key product goes only with no code to sell or to hand to an unpaid order (the service
                // refuses one that has them; this keeps an upload or a reservation meanwhile from being lost).
                ExpressionAttributeNames: { "#uuid": "uuid", "#name": "name", "#count": "count" },
                ExpressionAttributeValues: {
                  ":seller": product.seller_id,
                  ":nameKey": product.name_key,
                  ":uuid": product.uuid,
                  ":name": product.name,
                  ":status": product.status_moderation,
                  ":category": product.id_categories,
                  ...(product.lists_indexed === 1 ? { ":listed": 1 } : {}),
                  ":none": 0,
                },
              },
            },
            guards.releaseName(product.seller_id, product.name_key),
            guards.releaseUuid(product.seller_id, product.uuid),
            ...listing.items,
          ],
          ["stale", "stale", "stale", ...listing.labels],
        ),
      );
      return outcome === "ok" ? "ok" : "stale";
    },

    async updateInPlace(sellerId, productId, changes) {
      if (
        changes.status_moderation !== undefined ||
        changes.id_categories !== undefined ||
        changes.name !== undefined
      )
        throw new Error("updateInPlace cannot move a product between lists: use update");
      const set = setExpression(changes);
      const outcome = await transact(
        [
          {
            Update: {
              TableName: tableName,
              Key: productTableItem.key(productId),
              UpdateExpression: `SET ${set.expression}`,
              ConditionExpression: "seller_id = :seller",
              ExpressionAttributeNames: set.names,
              ExpressionAttributeValues: { ...set.values, ":seller": sellerId },
            },
          },
        ],
        ["not_owned"],
      );
      return outcome === "ok" ? "ok" : "not_owned";
    },

    async indexLists(sellerId) {
      await readCounts(sellerId);
      const rows = await deps.reads.listBySeller(sellerId);
      let indexed = 0;
      for (const row of rows) {
        if (row.lists_indexed === 1) continue;
        const outcome = await withCounts(sellerId, async () => {
          const current = await readProduct(client, tableName, row.id, true);
          if (!current || current.lists_indexed === 1) return "done" as const;
          const move = listingMove(current, current, true);
          const clauses = moveClauses(current, move);
          const listing = moveItems(tableName, move, 0, sellerId);
          return transact(
            [
              {
                Update: {
                  TableName: tableName,
                  Key: productTableItem.key(current.id),
                  UpdateExpression: `SET ${clauses.set}`,
                  ConditionExpression: clauses.condition,
                  ExpressionAttributeNames: clauses.names,
                  ExpressionAttributeValues: clauses.values,
                },
              },
              ...listing.items,
            ],
            ["stale", ...listing.labels],
          );
        });
        if (outcome === "ok") indexed += 1;
        else if (outcome === "stale") throw new Error(`Product ${row.id} kept changing while it was indexed`);
      }
      return { products: rows.length, indexed };
    },
  };
};

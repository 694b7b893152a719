import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { SellerModeration } from "../accounts/account.js";
import { batchGetAll } from "../data/batch-get.js";
import { keys } from "../data/table-keys.js";
import { failedConditions } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import type { ProductRecord } from "../products/product.js";
import { productTableItem } from "../products/product-items.js";
import {
  catalogueEntryItem,
  catalogueEntryTableItem,
  catalogueManifestItem,
  catalogueManifestTableItem,
  facetOfEntry,
  listingValuesOf,
  ratedCatalogueEntryItem,
  ratedCatalogueEntryTableItem,
} from "./catalogue-items.js";
import { keepsPriceTree, type Listing, type ListingValues } from "./catalogue-listing.js";
import { nodesCovering } from "./price-tree.js";

/** One facet's move from what it lists now to what it must list (undefined: nothing). */
export interface FacetChange {
  readonly facet: string;
  readonly before: ListingValues | undefined;
  readonly after: ListingValues | undefined;
}

/** One sync's writes for a product, valid only while the product is still what the sync read. */
export interface ListingUpdate {
  readonly productId: string;
  /** The product the sync read (undefined: it did not exist); every write is conditioned on it. */
  readonly seen: ProductRecord | undefined;
  /** The facets recorded before the update. */
  readonly recorded: readonly string[];
  /** Every facet the product may have an entry in during the update: recorded first, so a crash leaves no orphan. */
  readonly touched: readonly string[];
  /** Each facet's move, `before` as the entry was read. */
  readonly changes: readonly FacetChange[];
  /** What the product is listed as afterwards (undefined: not listed). */
  readonly listing: Listing | undefined;
}

/** The indexer's side of the catalogue: a product's entries and manifest, read and rewritten. */
export interface CatalogueListings {
  /** The facets a product may have entries in, as last recorded (read consistently). */
  recordedFacets(productId: string): Promise<string[]>;
  /** What the product's entries in these facets hold (read consistently); absent facets have none. */
  entries(productId: string, facets: readonly string[]): Promise<Map<string, ListingValues>>;
  /**
   * Applies an update, each facet change with its counts and price tree, in transactions that also
   * check the product is unchanged and the entries are as read. False when either moved meanwhile:
   * the caller starts over from what is stored then.
   */
  applyUpdate(update: ListingUpdate): Promise<boolean>;
}

/** The DynamoDB implementation of CatalogueListings. */
export const createCatalogueListings = (
  client: DynamoDBDocumentClient,
  tableName: string,
): CatalogueListings => {
  // Only the fields a listing is made of: other edits (a new image) do not stop a sync. The rating tally
  // is one of them (#25): an approval, edit or removal of a review meanwhile moves the shown rating.
  const productUnchanged = (productId: string, seen: ProductRecord | undefined): TransactItem => ({
    ConditionCheck: {
      TableName: tableName,
      Key: productTableItem.key(productId),
      ...(seen
        ? {
            ConditionExpression: `status_moderation = :status AND id_categories = :category AND seller_id = :seller AND price = :price AND discount = :discount AND #name = :name AND meta_description = :description AND #count ${seen.count > 0 ? ">" : "<="} :zero AND ${
              seen.rating_count === undefined
                ? "attribute_not_exists(rating_count)"
                : "rating_sum = :ratingSum AND rating_count = :ratingCount"
            }`,
            ExpressionAttributeNames: { "#name": "name", "#count": "count" },
            ExpressionAttributeValues: {
              ":status": seen.status_moderation,
              ":category": seen.id_categories,
              ":seller": seen.seller_id,
              ":price": seen.price,
              ":discount": seen.discount,
              ":name": seen.name,
              ":description": seen.meta_description,
              ":zero": 0,
              ...(seen.rating_count === undefined
                ? {}
                : { ":ratingSum": seen.rating_sum ?? 0, ":ratingCount": seen.rating_count }),
            },
          }
        : { ConditionExpression: "attribute_not_exists(PK)" }),
    },
  });

  const sellerNotBlocked = (sellerId: number): TransactItem => ({
    ConditionCheck: {
      TableName: tableName,
      Key: keys.account(sellerId),
      ConditionExpression: "attribute_not_exists(PK) OR status_moderation <> :blocked",
      ExpressionAttributeValues: { ":blocked": SellerModeration.blocked },
    },
  });

  const manifestPut = (
    productId: string,
    facets: readonly string[],
    values: ListingValues | undefined,
  ): TransactItem => ({
    Put: { TableName: tableName, Item: catalogueManifestItem(productId, facets, values) },
  });

  // The entry holds exactly `before` (as read); counters move by the difference.
  const itemsOf = ({ facet, before, after }: FacetChange): TransactItem[] => {
    const productId = (after ?? before)?.product_id ?? "";
    const key = catalogueEntryTableItem.key(facet, productId);
    const believed = before
      ? {
          ConditionExpression: "price = :price AND in_stock = :inStock",
          ExpressionAttributeValues: { ":price": before.price, ":inStock": before.in_stock },
        }
      : { ConditionExpression: "attribute_not_exists(PK)" };
    const items: TransactItem[] = [
      after
        ? { Put: { TableName: tableName, Item: catalogueEntryItem(facet, after), ...believed } }
        : { Delete: { TableName: tableName, Key: key, ...believed } },
    ];
    // A rated product's second entry follows the first (the entry's condition above covers both): moved
    // when its rating changes, written afresh when its values do, gone when it is unrated or unlisted.
    if (before?.rating !== undefined && before.rating !== after?.rating)
      items.push({
        Delete: {
          TableName: tableName,
          Key: ratedCatalogueEntryTableItem.key(facet, before.rating, productId),
        },
      });
    if (after?.rating !== undefined)
      items.push({
        Put: {
          TableName: tableName,
          Item: ratedCatalogueEntryItem(facet, { ...after, rating: after.rating }),
        },
      });
    const total = (after ? 1 : 0) - (before ? 1 : 0);
    const inStock = (after?.in_stock ? 1 : 0) - (before?.in_stock ? 1 : 0);
    if (total !== 0 || inStock !== 0) {
      items.push({
        Update: {
          TableName: tableName,
          Key: keys.facetCounts(facet),
          UpdateExpression: "ADD #total :total, in_stock :inStock",
          ExpressionAttributeNames: { "#total": "total" },
          ExpressionAttributeValues: { ":total": total, ":inStock": inStock },
        },
      });
    }
    if (keepsPriceTree(facet)) {
      const deltas = new Map<number, { total: number; inStock: number }>();
      const move = (values: ListingValues | undefined, sign: number) => {
        if (!values) return;
        for (const node of nodesCovering(values.price)) {
          const delta = deltas.get(node) ?? { total: 0, inStock: 0 };
          deltas.set(node, {
            total: delta.total + sign,
            inStock: delta.inStock + (values.in_stock ? sign : 0),
          });
        }
      };
      move(before, -1);
      move(after, 1);
      for (const [node, delta] of deltas) {
        if (delta.total === 0 && delta.inStock === 0) continue;
        items.push({
          Update: {
            TableName: tableName,
            Key: keys.priceTreeNode(facet, node),
            UpdateExpression: "ADD #total :total, in_stock :inStock",
            ExpressionAttributeNames: { "#total": "total" },
            ExpressionAttributeValues: { ":total": delta.total, ":inStock": delta.inStock },
          },
        });
      }
    }
    return items;
  };

  return {
    async recordedFacets(productId) {
      const result = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: catalogueManifestTableItem.key(productId),
          ConsistentRead: true,
        }),
      );
      return (result.Item?.facets as string[] | undefined) ?? [];
    },

    async entries(productId, facets) {
      const items = await batchGetAll(
        client,
        tableName,
        facets.map((facet) => catalogueEntryTableItem.key(facet, productId)),
        { consistent: true },
      );
      return new Map(items.map((item) => [facetOfEntry(item), listingValuesOf(item)]));
    },

    async applyUpdate(update) {
      const guards = [
        productUnchanged(update.productId, update.seen),
        // Listing needs a seller who is not blocked now, not only when read: a block that lands after the
        // sync's read fails the write, and the sync starts over and unlists.
        ...(update.listing ? [sellerNotBlocked(update.listing.values.seller_id)] : []),
      ];
      const write = async (items: TransactItem[]) => {
        try {
          await writeTransaction(client, [...guards, ...items]);
          return true;
        } catch (error) {
          if (failedConditions(error)?.some(Boolean)) return false;
          throw error;
        }
      };
      // Each transaction holds the guards and at most one manifest write; the rest is changes.
      const room = 100 - guards.length - 1;
      const chunks: TransactItem[][] = [[]];
      for (const change of update.changes) {
        const items = itemsOf(change);
        const last = chunks[chunks.length - 1] ?? [];
        if (last.length + items.length > room) chunks.push([...items]);
        else last.push(...items);
      }
      const final: TransactItem = update.listing
        ? manifestPut(update.productId, update.listing.facets, update.listing.values)
        : { Delete: { TableName: tableName, Key: catalogueManifestTableItem.key(update.productId) } };
      // Spread over several transactions, the first records every facet that may get an entry, so a run
      // that dies half way leaves none the next run does not know of; the last records the outcome.
      const recorded = new Set(update.recorded);
      const widens = update.touched.some((facet) => !recorded.has(facet));
      for (const [i, chunk] of chunks.entries()) {
        const isLast = i === chunks.length - 1;
        const intent =
          i === 0 && !isLast && widens
            ? [manifestPut(update.productId, update.touched, update.listing?.values)]
            : [];
        if (!(await write([...intent, ...chunk, ...(isLast ? [final] : [])]))) return false;
      }
      return true;
    },
  };
};

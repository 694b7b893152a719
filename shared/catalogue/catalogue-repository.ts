import {
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { SellerModeration } from "../accounts/account.js";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { indexedCollections, indexMembership, keys, PRICE_DIGITS } from "../data/table-keys.js";
import { failedConditions } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import type { ProductRecord } from "../products/product.js";
import { keepsPriceTree, type Listing, type ListingValues } from "./catalogue-listing.js";
import { MAX_PRICE, nodesCovering, prefixNodes } from "./price-tree.js";
import type { FacetCounts, PriceRange, SearchPlan } from "./search-query.js";

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

/** Persistence of the catalogue: facet entries, their counts and price trees, and each product's listing. */
export interface CatalogueStore {
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
  /** The counts of each facet (zero for facets nobody is listed in). */
  counts(facets: readonly string[]): Promise<Map<string, FacetCounts>>;
  /** How many products of a facet with a price tree lie in a price range. */
  countInPriceRange(facet: string, range: PriceRange, field: keyof FacetCounts): Promise<number>;
  /** The product ids of one page of a plan, in its order. */
  readPage(plan: SearchPlan): Promise<string[]>;
  /** How many entries of the plan's facet meet its filter. */
  countMatches(plan: SearchPlan): Promise<number>;
}

const padPrice = (price: number): string =>
  String(Math.min(Math.max(price, 0), MAX_PRICE)).padStart(PRICE_DIGITS, "0");

const listingValuesOf = (item: Record<string, unknown>): ListingValues => ({
  product_id: String(item.product_id),
  price: Number(item.price),
  in_stock: item.in_stock === true,
  category_id: Number(item.category_id),
  seller_id: Number(item.seller_id),
  words: String(item.words),
});

/** A facet's entry for a listed product, as stored: newest-first by its key, by price through GSI3. */
export const catalogueEntryItem = (facet: string, values: ListingValues) => ({
  ...keys.catalogueEntry(facet, values.product_id),
  entity: "catalogue_entry",
  ...values,
  ...indexMembership(indexedCollections.cataloguePrices, [facet], [values.price, values.product_id]),
});

/**
 * The manifest's attribute that holds the listed values: there exactly while the indexer lists the
 * product (a favorite's transaction checks it, `shared/favorites/favorite-repository.ts`).
 */
export const LISTED_VALUES_ATTRIBUTE = "values";

/** What the indexer records for a product: the facets it may have entries in, and the values listed. */
export const catalogueManifestItem = (
  productId: string,
  facets: readonly string[],
  values: ListingValues | undefined,
) => ({
  ...keys.catalogueManifest(productId),
  entity: "catalogue_listing",
  facets: [...facets],
  ...(values ? { [LISTED_VALUES_ATTRIBUTE]: values } : {}),
});

/** The DynamoDB implementation of CatalogueStore. */
export const createCatalogueRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): CatalogueStore => {
  // Only the fields a listing is made of: other edits (a new image, a rating) do not stop a sync.
  const productUnchanged = (productId: string, seen: ProductRecord | undefined): TransactItem => ({
    ConditionCheck: {
      TableName: tableName,
      Key: keys.product(productId),
      ...(seen
        ? {
            ConditionExpression: `status_moderation = :status AND id_categories = :category AND seller_id = :seller AND price = :price AND discount = :discount AND #name = :name AND meta_description = :description AND #count ${seen.count > 0 ? ">" : "<="} :zero`,
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
    const key = keys.catalogueEntry(facet, productId);
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

  const filterOf = (plan: SearchPlan) => {
    const conditions: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    plan.filter.wordPrefixes.forEach((prefix, i) => {
      names["#words"] = "words";
      values[`:w${i}`] = ` ${prefix}`;
      conditions.push(`contains(#words, :w${i})`);
    });
    if (plan.filter.categoryId !== undefined) {
      values[":category"] = plan.filter.categoryId;
      conditions.push("category_id = :category");
    }
    if (plan.filter.sellerId !== undefined) {
      values[":seller"] = plan.filter.sellerId;
      conditions.push("seller_id = :seller");
    }
    if (plan.filter.inStock) {
      values[":inStock"] = true;
      conditions.push("in_stock = :inStock");
    }
    if (plan.filter.priceRange) {
      names["#price"] = "price";
      values[":minPrice"] = plan.filter.priceRange.min;
      values[":maxPrice"] = plan.filter.priceRange.max;
      conditions.push("#price BETWEEN :minPrice AND :maxPrice");
    }
    return { conditions, names, values };
  };

  const queryOf = (plan: SearchPlan): Omit<QueryCommandInput, "ExclusiveStartKey"> => {
    const base: Omit<QueryCommandInput, "ExclusiveStartKey"> =
      plan.order === "newest"
        ? {
            TableName: tableName,
            KeyConditionExpression: "#pk = :pk",
            ExpressionAttributeNames: { "#pk": "PK" },
            ExpressionAttributeValues: { ":pk": keys.catalogueEntry(plan.facet, "").PK },
            ScanIndexForward: !plan.descending,
          }
        : indexQuery(tableName, indexedCollections.cataloguePrices, [plan.facet], {
            descending: plan.descending,
            ...(plan.priceRange
              ? {
                  sortBetween: [
                    `${padPrice(plan.priceRange.min)}#`,
                    `${padPrice(plan.priceRange.max)}#~`,
                  ] as const,
                }
              : {}),
          });
    const filter = filterOf(plan);
    return {
      ...base,
      ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...filter.names },
      ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ...filter.values },
      ...(filter.conditions.length > 0 ? { FilterExpression: filter.conditions.join(" AND ") } : {}),
    };
  };

  return {
    async recordedFacets(productId) {
      const result = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.catalogueManifest(productId),
          ConsistentRead: true,
        }),
      );
      return (result.Item?.facets as string[] | undefined) ?? [];
    },

    async entries(productId, facets) {
      const items = await batchGetAll(
        client,
        tableName,
        facets.map((facet) => keys.catalogueEntry(facet, productId)),
        { consistent: true },
      );
      return new Map(
        items.map((item) => [
          String(item.PK).slice(keys.catalogueEntry("", "").PK.length),
          listingValuesOf(item),
        ]),
      );
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
        : { Delete: { TableName: tableName, Key: keys.catalogueManifest(update.productId) } };
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

    async counts(facets) {
      const found = new Map<string, FacetCounts>(facets.map((f) => [f, { total: 0, in_stock: 0 }]));
      for (const item of await batchGetAll(client, tableName, facets.map(keys.facetCounts))) {
        const facet = String(item.PK).slice(keys.facetCounts("").PK.length);
        found.set(facet, { total: Number(item.total ?? 0), in_stock: Number(item.in_stock ?? 0) });
      }
      return found;
    },

    async countInPriceRange(facet, range, field) {
      const above = prefixNodes(Math.min(range.max, MAX_PRICE));
      const below = prefixNodes(range.min - 1);
      const nodes = [...above, ...below].map((node) => keys.priceTreeNode(facet, node));
      const value = new Map<string, number>();
      for (const item of await batchGetAll(client, tableName, nodes))
        value.set(String(item.SK), Number(item[field] ?? 0));
      const sum = (list: number[]) =>
        list.reduce((total, node) => total + (value.get(keys.priceTreeNode(facet, node).SK) ?? 0), 0);
      return sum(above) - sum(below);
    },

    async readPage(plan) {
      const wanted = plan.offset + plan.limit;
      const filtered = filterOf(plan).conditions.length > 0;
      const ids: string[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            ...queryOf(plan),
            ProjectionExpression: "product_id",
            // Without a filter every entry read is a result; with one, read ahead in larger steps.
            Limit: filtered ? Math.max(100, (wanted - ids.length) * 2) : wanted - ids.length,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) ids.push(String(item.product_id));
        startKey = page.LastEvaluatedKey;
      } while (startKey && ids.length < wanted);
      return ids.slice(plan.offset, wanted);
    },

    async countMatches(plan) {
      let count = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({ ...queryOf(plan), Select: "COUNT", ExclusiveStartKey: startKey }),
        );
        count += page.Count ?? 0;
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return count;
    },
  };
};

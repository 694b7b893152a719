import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { indexedCollections, indexMembership, keys, PRICE_DIGITS } from "../data/table-keys.js";
import { failedConditions } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import { keepsPriceTree, type Listing, type ListingValues } from "./catalogue-listing.js";
import { MAX_PRICE, nodesCovering, prefixNodes } from "./price-tree.js";
import type { FacetCounts, PriceRange, SearchPlan } from "./search-query.js";

/** One facet's move from what it lists now to what it must list (undefined: nothing). */
export interface FacetChange {
  readonly facet: string;
  readonly before: ListingValues | undefined;
  readonly after: ListingValues | undefined;
}

/** Persistence of the catalogue: facet entries, their counts and price trees, and each product's listing. */
export interface CatalogueStore {
  /** What the indexer last listed for a product (read consistently), or undefined. */
  listingOf(productId: string): Promise<Listing | undefined>;
  /** Remembers what is now listed for a product; undefined forgets it. */
  recordListing(productId: string, listing: Listing | undefined): Promise<void>;
  /** Applies facet changes, each with its counts and price tree in one transaction; safe to repeat. */
  applyChanges(changes: readonly FacetChange[]): Promise<void>;
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

const sameValues = (a: ListingValues | undefined, b: ListingValues | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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

/** The DynamoDB implementation of CatalogueStore. */
export const createCatalogueRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): CatalogueStore => {
  // The entry holds exactly `before` when the believed state is right; counters move by the difference.
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

  const entry = async (facet: string, productId: string): Promise<ListingValues | undefined> => {
    const result = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.catalogueEntry(facet, productId),
        ConsistentRead: true,
      }),
    );
    return result.Item ? listingValuesOf(result.Item) : undefined;
  };

  // A change whose belief was wrong (a run that stopped half way) starts again from what is stored.
  const applyOne = async (change: FacetChange): Promise<void> => {
    let current = change;
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (sameValues(current.before, current.after)) return;
      try {
        await writeTransaction(client, itemsOf(current));
        return;
      } catch (error) {
        if (!failedConditions(error)?.some(Boolean)) throw error;
        const productId = (current.after ?? current.before)?.product_id ?? "";
        current = { ...current, before: await entry(current.facet, productId) };
      }
    }
    throw new Error(`Catalogue entry ${change.facet} of ${change.after?.product_id} kept changing`);
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
    async listingOf(productId) {
      const result = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.catalogueManifest(productId),
          ConsistentRead: true,
        }),
      );
      if (!result.Item) return undefined;
      return {
        facets: (result.Item.facets as string[]) ?? [],
        values: listingValuesOf(result.Item.values as Record<string, unknown>),
      };
    },

    async recordListing(productId, listing) {
      if (!listing) {
        await client.send(
          new DeleteCommand({ TableName: tableName, Key: keys.catalogueManifest(productId) }),
        );
        return;
      }
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.catalogueManifest(productId),
            entity: "catalogue_listing",
            facets: [...listing.facets],
            values: listing.values,
          },
        }),
      );
    },

    async applyChanges(changes) {
      // Pack whole changes into transactions of at most 100 items; a chunk whose belief was wrong
      // somewhere is redone change by change.
      const pending = changes.filter((c) => !sameValues(c.before, c.after));
      let chunk: FacetChange[] = [];
      let size = 0;
      const flush = async () => {
        if (chunk.length === 0) return;
        const current = chunk;
        chunk = [];
        size = 0;
        try {
          await writeTransaction(client, current.flatMap(itemsOf));
        } catch (error) {
          if (!failedConditions(error)?.some(Boolean)) throw error;
          for (const change of current) await applyOne(change);
        }
      };
      for (const change of pending) {
        const items = itemsOf(change).length;
        if (size + items > 100) await flush();
        chunk.push(change);
        size += items;
      }
      await flush();
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

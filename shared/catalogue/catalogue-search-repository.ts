import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { indexedCollections, keys, PRICE_DIGITS } from "../data/table-keys.js";
import { catalogueEntryTableItem, ratedCatalogueEntryTableItem } from "./catalogue-items.js";
import { MAX_PRICE, prefixNodes } from "./price-tree.js";
import type { FacetCounts, PriceRange, SearchPlan } from "./search-query.js";

/** One entry of a page: its product, and the category and seller the product was listed under. */
export interface PageEntry {
  readonly productId: string;
  readonly categoryId: number;
  readonly sellerId: number;
}

/** The search side of the catalogue: a facet's counts, and the pages and matches of a search plan. */
export interface CatalogueSearch {
  /** The counts of each facet (zero for facets nobody is listed in). */
  counts(facets: readonly string[]): Promise<Map<string, FacetCounts>>;
  /** How many products of a facet with a price tree lie in a price range. */
  countInPriceRange(facet: string, range: PriceRange, field: keyof FacetCounts): Promise<number>;
  /** The entries of one page of a plan, in its order. */
  readPage(plan: SearchPlan): Promise<PageEntry[]>;
  /** How many entries of the plan's facet meet its filter. */
  countMatches(plan: SearchPlan): Promise<number>;
}

const padPrice = (price: number): string =>
  String(Math.min(Math.max(price, 0), MAX_PRICE)).padStart(PRICE_DIGITS, "0");

/** The DynamoDB implementation of CatalogueSearch. */
export const createCatalogueSearch = (client: DynamoDBDocumentClient, tableName: string): CatalogueSearch => {
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

  /**
   * The Query of a plan's facet in its order. `rating` reads it in two parts: `rated` its rated products'
   * entries (highest rating first), then `unrated` its entries newest first without a rating; counting
   * reads the facet's entries as `newest` does (the same products, in another order).
   */
  const queryOf = (
    plan: SearchPlan,
    part: "rated" | "unrated" | undefined = undefined,
  ): Omit<QueryCommandInput, "ExclusiveStartKey"> => {
    const base: Omit<QueryCommandInput, "ExclusiveStartKey"> =
      part === "rated"
        ? {
            TableName: tableName,
            KeyConditionExpression: "#pk = :pk",
            ExpressionAttributeNames: { "#pk": "PK" },
            ExpressionAttributeValues: { ":pk": ratedCatalogueEntryTableItem.key(plan.facet, 0, "").PK },
            ScanIndexForward: false,
          }
        : plan.order === "newest" || plan.order === "rating"
          ? {
              TableName: tableName,
              KeyConditionExpression: "#pk = :pk",
              ExpressionAttributeNames: { "#pk": "PK" },
              ExpressionAttributeValues: { ":pk": catalogueEntryTableItem.key(plan.facet, "").PK },
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
    if (part === "unrated") filter.conditions.push("attribute_not_exists(rating)");
    return {
      ...base,
      ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...filter.names },
      ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ...filter.values },
      ...(filter.conditions.length > 0 ? { FilterExpression: filter.conditions.join(" AND ") } : {}),
    };
  };

  /** Reads a Query's entries into `entries` until it holds `wanted` or the Query ends. */
  const readInto = async (
    entries: PageEntry[],
    wanted: number,
    query: Omit<QueryCommandInput, "ExclusiveStartKey">,
  ): Promise<void> => {
    const filtered = query.FilterExpression !== undefined;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          ...query,
          ProjectionExpression: catalogueEntryTableItem.projections.page.join(", "),
          // Without a filter every entry read is a result; with one, read ahead in larger steps.
          Limit: filtered ? Math.max(100, (wanted - entries.length) * 2) : wanted - entries.length,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? [])
        entries.push({
          productId: String(item.product_id),
          categoryId: Number(item.category_id),
          sellerId: Number(item.seller_id),
        });
      startKey = page.LastEvaluatedKey;
    } while (startKey && entries.length < wanted);
  };

  return {
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
      const entries: PageEntry[] = [];
      // A rating page reads the rated entries first and the unrated ones only when it reaches past them.
      for (const part of plan.order === "rating" ? (["rated", "unrated"] as const) : [undefined]) {
        if (entries.length >= wanted) break;
        await readInto(entries, wanted, queryOf(plan, part));
      }
      return entries.slice(plan.offset, wanted);
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

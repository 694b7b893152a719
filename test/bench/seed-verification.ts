import { type DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { catalogueEntryItem } from "../../shared/catalogue/catalogue-items.js";
import { keepsPriceTree, listingOf } from "../../shared/catalogue/catalogue-listing.js";
import { createCatalogueRepository } from "../../shared/catalogue/catalogue-repository.js";
import { MAX_PRICE } from "../../shared/catalogue/price-tree.js";
import type { Category } from "../../shared/categories/category.js";
import { batchGetAll } from "../../shared/data/batch-get.js";
import { keys } from "../../shared/data/table-keys.js";
import type { ProductRecord } from "../../shared/products/product.js";
import { catalogueIndexer } from "../../shared/runtime/dependencies.js";
import { createPrng } from "./prng.js";

/** The outcome of checking a seeded catalogue against the indexer; `failures` empty when all agree. */
export interface SeedVerification {
  readonly syncedProducts: number;
  readonly syncedPublic: number;
  readonly facetsChanged: number;
  readonly entriesCompared: number;
  readonly facetsCounted: { facet: string; counter: number; entries: number; tree: number }[];
  readonly failures: string[];
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

/** Entries of a facet partition, all and in stock, counted by Query (Select COUNT). */
const countEntries = async (client: DynamoDBDocumentClient, tableName: string, facet: string) => {
  const count = async (inStockOnly: boolean) => {
    let total = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "PK = :pk",
          ExpressionAttributeValues: {
            ":pk": keys.catalogueEntry(facet, "").PK,
            ...(inStockOnly ? { ":inStock": true } : {}),
          },
          ...(inStockOnly ? { FilterExpression: "in_stock = :inStock" } : {}),
          Select: "COUNT",
          ExclusiveStartKey: startKey,
        }),
      );
      total += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return total;
  };
  return { total: await count(false), in_stock: await count(true) };
};

/**
 * Proves the seeder wrote what the indexer would have:
 * 1. `catalogueIndexer().sync` (the stream's own path) on `sample` random products changes no facet;
 * 2. every facet entry of those products is stored exactly as `catalogueEntryItem` builds it;
 * 3. for a few facets, the counter, a COUNT of the partition and the price tree's full-range sum agree.
 */
export const verifySeed = async (options: {
  client: DynamoDBDocumentClient;
  tableName: string;
  products: readonly ProductRecord[];
  categories: ReadonlyMap<number, Category>;
  sample: number;
  facetsToCount: readonly string[];
}): Promise<SeedVerification> => {
  const { client, tableName, products, categories } = options;
  const failures: string[] = [];
  const prng = createPrng(7);
  const picked = new Set<number>();
  while (picked.size < Math.min(options.sample, products.length))
    picked.add(prng.int(0, products.length - 1));
  const sampled = [...picked].flatMap((i) => (products[i] ? [products[i]] : []));

  let facetsChanged = 0;
  let syncedPublic = 0;
  const indexer = catalogueIndexer();
  for (const product of sampled) {
    const result = await indexer.sync(product.id);
    const listing = listingOf(product, categories.get(product.id_categories));
    facetsChanged += result.facetsChanged;
    if (result.listed) syncedPublic += 1;
    if (result.facetsChanged !== 0)
      failures.push(`sync(${product.id}) changed ${result.facetsChanged} facets: seeder ≠ indexer`);
    if (result.listed !== (listing !== undefined))
      failures.push(`sync(${product.id}) listed=${result.listed}, seed data says ${listing !== undefined}`);
  }

  const expected = new Map<string, string>();
  for (const product of sampled) {
    const listing = listingOf(product, categories.get(product.id_categories));
    if (!listing) continue;
    for (const facet of listing.facets) {
      const item = catalogueEntryItem(facet, listing.values);
      expected.set(`${item.PK}\u0000${item.SK}`, canonical(item));
    }
  }
  const stored = await batchGetAll(
    client,
    tableName,
    [...expected.keys()].map((key) => {
      const [PK = "", SK = ""] = key.split("\u0000");
      return { PK, SK };
    }),
  );
  const storedByKey = new Map(stored.map((item) => [`${item.PK}\u0000${item.SK}`, canonical(item)]));
  for (const [key, item] of expected) {
    if (storedByKey.get(key) !== item)
      failures.push(`entry ${key.replace("\u0000", " ")} differs from the indexer's`);
  }

  const repository = createCatalogueRepository(client, tableName);
  const counters = await repository.counts(options.facetsToCount);
  const facetsCounted: SeedVerification["facetsCounted"] = [];
  for (const facet of options.facetsToCount) {
    const counter = counters.get(facet) ?? { total: 0, in_stock: 0 };
    const entries = await countEntries(client, tableName, facet);
    const everything = { min: 0, max: MAX_PRICE };
    // Term facets keep no price tree; for them the tree check is vacuous.
    const tree = keepsPriceTree(facet)
      ? await repository.countInPriceRange(facet, everything, "total")
      : entries.total;
    const treeInStock = keepsPriceTree(facet)
      ? await repository.countInPriceRange(facet, everything, "in_stock")
      : entries.in_stock;
    facetsCounted.push({ facet, counter: counter.total, entries: entries.total, tree });
    if (counter.total !== entries.total || counter.in_stock !== entries.in_stock)
      failures.push(`facet ${facet}: counter ${canonical(counter)} ≠ entries ${canonical(entries)}`);
    if (tree !== entries.total || treeInStock !== entries.in_stock)
      failures.push(`facet ${facet}: price tree ${tree}/${treeInStock} ≠ entries ${canonical(entries)}`);
  }

  return {
    syncedProducts: sampled.length,
    syncedPublic,
    facetsChanged,
    entriesCompared: expected.size,
    facetsCounted,
    failures,
  };
};

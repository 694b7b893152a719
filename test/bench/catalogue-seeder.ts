import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { catalogueEntryItem } from "../../shared/catalogue/catalogue-items.js";
import { keepsPriceTree, listingOf } from "../../shared/catalogue/catalogue-listing.js";
import { nodesCovering } from "../../shared/catalogue/price-tree.js";
import type { Category } from "../../shared/categories/category.js";
import { keys } from "../../shared/data/table-keys.js";
import type { ProductRecord } from "../../shared/products/product.js";
import { productItem } from "../../shared/products/product-items.js";
import { createBatchWriter } from "./batch-writer.js";

/**
 * Writes a catalogue straight into the table: products, and what the catalogue indexer's `sync` would
 * have written for each of them (facet entries, the manifest, facet counts and price-tree nodes), all
 * built by the functions the indexer and its repository use. Counts and tree nodes are summed in memory
 * and written once each, instead of one transaction per product and facet.
 */

interface Counts {
  total: number;
  in_stock: number;
}

/** What seeding wrote, by kind. */
export interface SeedCounts {
  products: number;
  listed: number;
  entries: number;
  manifests: number;
  facetCounters: number;
  treeNodes: number;
  facets: { term: number; category: number; seller: number };
}

export interface SeedReport {
  readonly counts: SeedCounts;
  readonly itemsWritten: number;
  readonly seconds: number;
  readonly itemsPerSecond: number;
}

const add = (map: Map<string, Counts>, key: string, inStock: boolean) => {
  const counts = map.get(key);
  if (counts) {
    counts.total += 1;
    if (inStock) counts.in_stock += 1;
  } else {
    map.set(key, { total: 1, in_stock: inStock ? 1 : 0 });
  }
};

export const seedCatalogue = async (options: {
  client: DynamoDBDocumentClient;
  tableName: string;
  products: readonly ProductRecord[];
  categories: ReadonlyMap<number, Category>;
  concurrency: number;
  log: (message: string) => void;
}): Promise<SeedReport> => {
  const { products, categories } = options;
  const writer = createBatchWriter(options.client, options.tableName, options.concurrency);
  const facetCounts = new Map<string, Counts>();
  // Key: facet, NUL, node number.
  const treeNodes = new Map<string, Counts>();
  const counts: SeedCounts = {
    products: 0,
    listed: 0,
    entries: 0,
    manifests: 0,
    facetCounters: 0,
    treeNodes: 0,
    facets: { term: 0, category: 0, seller: 0 },
  };
  const started = performance.now();
  let nextReport = 0;
  const progress = (done: number) => {
    if (done < nextReport) return;
    nextReport = done + Math.max(1, Math.floor(products.length / 10));
    const seconds = (performance.now() - started) / 1000;
    options.log(
      `  seeded ${done}/${products.length} products, ${writer.written} items in ${seconds.toFixed(0)} s (${Math.round(writer.written / Math.max(seconds, 0.001))} items/s)`,
    );
  };

  for (const [i, product] of products.entries()) {
    progress(i);
    await writer.put(productItem(product));
    counts.products += 1;
    const listing = listingOf(product, categories.get(product.id_categories));
    if (!listing) continue;
    counts.listed += 1;
    for (const facet of listing.facets) {
      await writer.put(catalogueEntryItem(facet, listing.values));
      counts.entries += 1;
      add(facetCounts, facet, listing.values.in_stock);
      if (keepsPriceTree(facet)) {
        for (const node of nodesCovering(listing.values.price)) {
          add(treeNodes, `${facet}\u0000${node}`, listing.values.in_stock);
        }
      }
    }
    // As `recordListing` stores it.
    await writer.put({
      ...keys.catalogueManifest(product.id),
      entity: "catalogue_listing",
      facets: [...listing.facets],
      values: listing.values,
    });
    counts.manifests += 1;
  }
  for (const [facet, value] of facetCounts) {
    await writer.put({ ...keys.facetCounts(facet), total: value.total, in_stock: value.in_stock });
    counts.facetCounters += 1;
    if (facet.startsWith("T#")) counts.facets.term += 1;
    else if (facet.startsWith("C#")) counts.facets.category += 1;
    else if (facet.startsWith("S#")) counts.facets.seller += 1;
  }
  for (const [key, value] of treeNodes) {
    const [facet = "", node = "0"] = key.split("\u0000");
    await writer.put({
      ...keys.priceTreeNode(facet, Number(node)),
      total: value.total,
      in_stock: value.in_stock,
    });
    counts.treeNodes += 1;
  }
  await writer.flush();
  const seconds = (performance.now() - started) / 1000;
  return {
    counts,
    itemsWritten: writer.written,
    seconds: Number(seconds.toFixed(1)),
    itemsPerSecond: Math.round(writer.written / seconds),
  };
};

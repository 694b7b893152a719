import { describe, expect, it } from "vitest";
import type { AccountRecord } from "../../../shared/accounts/account.js";
import type { CatalogueSearch, PageEntry } from "../../../shared/catalogue/catalogue-search-repository.js";
import { createCatalogueService } from "../../../shared/catalogue/catalogue-service.js";
import type { Category } from "../../../shared/categories/category.js";
import type { ProductRecord } from "../../../shared/products/product.js";
import { product } from "../../bench/seed-records.js";

const SELLER = 4;
const categories: Category[] = [
  { id: 11, name: "Keys", slug: "keys", status: "active" },
  { id: 12, name: "Gift cards", slug: "gift-cards", status: "active" },
  { id: 13, name: "Old", slug: "old", status: "inactive" },
];

/** One read a search page made: what, which ids, and whether the products had answered when it was asked. */
type PageRead = [string, (string | number)[], boolean];

/**
 * The catalogue service over a catalogue whose everything-facet holds `entries` (as the indexer listed
 * them) and stores holding `products` as they are now; it records the page's reads in order.
 */
const serviceOver = (entries: PageEntry[], products: ProductRecord[]) => {
  const reads: PageRead[] = [];
  let productsAnswered = false;
  const catalogue: CatalogueSearch = {
    counts: async (facets) => new Map(facets.map((f) => [f, { total: entries.length, in_stock: 0 }])),
    readPage: async () => entries,
    countInPriceRange: async () => 0,
    countMatches: async () => 0,
  };
  const service = createCatalogueService({
    catalogue,
    products: {
      get: async (id) => products.find((p) => p.id === id),
      getMany: async (ids) => {
        reads.push(["products", [...ids], productsAnswered]);
        // Answers after the reads asked beside it have been asked.
        await new Promise((resolve) => setTimeout(resolve, 1));
        productsAnswered = true;
        return new Map(products.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]));
      },
    },
    categories: {
      get: async (id) => categories.find((c) => c.id === id),
      getMany: async (ids) => {
        reads.push(["categories", [...ids], productsAnswered]);
        return new Map(categories.filter((c) => ids.includes(c.id)).map((c) => [c.id, c]));
      },
    },
    accounts: {
      findById: async () => undefined,
      findMany: async (ids) => {
        reads.push(["sellers", [...ids], productsAnswered]);
        return new Map<number, AccountRecord>();
      },
    },
  });
  const search = async () =>
    (await service.search({ page: 1, limit: 20, sort: "newest" })).items.map((p) => [
      p.product_id,
      p.category_id,
    ]);
  return { search, reads };
};

const entryOf = (listed: ProductRecord, categoryId = listed.id_categories): PageEntry => ({
  productId: listed.id,
  categoryId,
  sellerId: listed.seller_id,
});

describe("a search page's reads", () => {
  it("reads the page's products beside the categories and sellers their entries were listed under", async () => {
    const p1 = product(SELLER, 11, 1);
    const p2 = product(SELLER + 1, 12, 2);
    const { search, reads } = serviceOver([entryOf(p2), entryOf(p1)], [p1, p2]);
    expect(await search()).toEqual([
      [p2.id, 12],
      [p1.id, 11],
    ]);
    expect(reads).toEqual([
      ["products", [p2.id, p1.id], false],
      ["categories", [12, 11], false],
      ["sellers", [SELLER + 1, SELLER], false],
    ]);
  });

  it("shows a product whose category is no longer the one it was listed under as it is now, reading its category after", async () => {
    // Both were listed under category 11; since then one moved to 12 (active) and one to 13 (inactive).
    const moved = product(SELLER, 12, 1);
    const hidden = product(SELLER, 13, 2);
    const stayed = product(SELLER, 11, 3);
    const { search, reads } = serviceOver(
      [entryOf(stayed), entryOf(hidden, 11), entryOf(moved, 11)],
      [moved, hidden, stayed],
    );
    expect(await search()).toEqual([
      [stayed.id, 11],
      [moved.id, 12],
    ]);
    expect(reads).toEqual([
      ["products", [stayed.id, hidden.id, moved.id], false],
      ["categories", [11], false],
      ["sellers", [SELLER], false],
      ["categories", [12, 13], true],
    ]);
  });
});

import type { Category } from "../../shared/categories/category.js";
import type { ProductRecord } from "../../shared/products/product.js";

/** One benchmarked search: GET /api/v2/search with these query parameters. */
export interface SearchCase {
  readonly name: string;
  /** What the query stands for, and the share of the catalogue it is meant to match. */
  readonly about: string;
  readonly params: Readonly<Record<string, string>>;
}

/** The category the category queries use: weight 1/30 of the 50, ≈ 1.8% of products. */
export const BENCH_CATEGORY_ID = 1021;

/**
 * The searches, with values whose match sets are a fixed share of the catalogue at any size (the
 * vocabulary and distributions in `search-data.ts` do not depend on size), except the seller, who has
 * ≈ 100 products at any size because sellers scale with the catalogue.
 */
export const searchCases = (sellerId: number): SearchCase[] => [
  { name: "q-only", about: "one word, ≈1.2% of products", params: { q: "odyssey" } },
  {
    name: "q-prefix",
    about: "3-letter prefix (standard, starfall), ≈8.5%",
    params: { q: "sta" },
  },
  {
    name: "two-words",
    about: "deluxe (≈4.8%) and steam (≈23%), ≈1.7%",
    params: { q: "deluxe steam" },
  },
  {
    name: "category",
    about: "one category, ≈1.8%, newest first",
    params: { category_id: String(BENCH_CATEGORY_ID) },
  },
  {
    name: "price-range",
    about: "unit price 1000–2000 (≈10%), newest first",
    params: { min_price: "1000", max_price: "2000" },
  },
  {
    name: "price-range-sorted",
    about: "unit price 1000–2000 (≈10%), by price",
    params: { min_price: "1000", max_price: "2000", sort: "price" },
  },
  {
    name: "seller",
    about: "one seller (≈100 products at any size)",
    params: { seller_id: String(sellerId) },
  },
  {
    name: "combined",
    about: "seller + steam + price 500–20000, by price",
    params: { seller_id: String(sellerId), q: "steam", min_price: "500", max_price: "20000", sort: "price" },
  },
  {
    name: "category+in_stock",
    about: "one category, in stock only (≈1.6%)",
    params: { category_id: String(BENCH_CATEGORY_ID), availability: "in_stock" },
  },
  {
    name: "deep-page",
    about: "everything, newest first, page 50 of 20",
    params: { page: "50", limit: "20" },
  },
];

// The synthetic vocabulary is plain ASCII, so lower-casing and splitting on anything else is all the
// normalisation its words need; deliberately not the production text functions.
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * How many public products match a search, counted from the seed data by brute force: the v2 rules
 * (approved, active category not starting with 700) and each criterion checked directly on the product,
 * written out here rather than taken from the catalogue code, and without its facets or planner.
 */
export const bruteForceTotal = (
  products: readonly ProductRecord[],
  categories: ReadonlyMap<number, Category>,
  params: Readonly<Record<string, string>>,
): number => {
  const queryWords = wordsOf(params.q ?? "");
  const categoryId = params.category_id === undefined ? undefined : Number(params.category_id);
  const sellerId = params.seller_id === undefined ? undefined : Number(params.seller_id);
  const min = params.min_price === undefined ? 0 : Math.ceil(Number(params.min_price));
  const max =
    params.max_price === undefined ? Number.POSITIVE_INFINITY : Math.floor(Number(params.max_price));
  let total = 0;
  for (const product of products) {
    const category = categories.get(product.id_categories);
    const visible =
      product.status_moderation === "approved" &&
      category?.status === "active" &&
      !String(category.id).startsWith("700");
    if (!visible) continue;
    if (categoryId !== undefined && product.id_categories !== categoryId) continue;
    if (sellerId !== undefined && product.seller_id !== sellerId) continue;
    if (params.availability === "in_stock" && product.count <= 0) continue;
    const price = product.price - Math.floor((product.price * product.discount) / 100);
    if (price < min || price > max) continue;
    if (queryWords.length > 0) {
      const words = wordsOf(`${product.name} ${product.meta_description}`);
      if (!queryWords.every((q) => words.some((w) => w.startsWith(q)))) continue;
    }
    total += 1;
  }
  return total;
};

import * as refusals from "../errors/refusals.js";
import { wholeNumber } from "../validation/query-numbers.js";
import * as z from "../validation/zod-mini.js";
import { facets, keepsPriceTree } from "./catalogue-listing.js";
import { MAX_QUERY_WORDS, MAX_TERM_LENGTH, searchWords, termOf } from "./search-text.js";

/** Results beyond this many (page × limit) are not served: deeper pages would read ever more entries. */
export const MAX_RESULT_WINDOW = 10_000;

/**
 * A price bound in roubles, with at most two decimals (query values arrive as strings). Built as a
 * conversion into a bounded number, so the documents show the number and its bounds the checks refuse
 * outside; anything but digits with an optional fraction becomes NaN, which the number refuses.
 */
const amount = (name: string, description: string) => {
  const message = `${name} must be a number of roubles from 0 to 9999999999`;
  return z.pipe(
    z.transform((value: string) => (/^\d{1,10}(\.\d{1,2})?$/.test(value) ? Number(value) : Number.NaN)),
    z
      .number({ error: message })
      .check(z.gte(0, message), z.lte(9_999_999_999, message), z.describe(description)),
  );
};

/** page and limit as every paged v2 list reads them (`noun` names what a page holds). */
export const pageParameters = (noun: string) => ({
  page: z
    ._default(wholeNumber("page", 1, MAX_RESULT_WINDOW), 1)
    .check(z.describe(`The page, from 1 (default 1); page × limit may not exceed ${MAX_RESULT_WINDOW}`)),
  limit: z
    ._default(wholeNumber("limit", 1, 100), 20)
    .check(z.describe(`${noun} per page, 1-100 (default 20)`)),
});

/** GET /search query parameters (all optional), as strings from the query string. */
export const searchQuerySchema = z
  .strictObject({
    q: z.optional(
      z
        .string()
        .check(
          z.maxLength(200, "q must be at most 200 characters"),
          z.describe(
            "Words to find, at most 200 characters: each must start a word of the product's title or description",
          ),
        ),
    ),
    category_id: z.optional(
      wholeNumber("category_id", 1, 2_147_483_647).check(
        z.describe(
          "Only products of this category (e.g. 101 after seed-demo); a category whose id starts with 700 is 403 blocked_category",
        ),
      ),
    ),
    seller_id: z.optional(
      wholeNumber("seller_id", 1, 2_147_483_647).check(
        z.describe("Only products of this seller: the seller's account id"),
      ),
    ),
    min_price: z.optional(
      amount(
        "min_price",
        "Only products whose price per unit after the discount is at least this: roubles (RUB), 0-9999999999 with at most two decimals",
      ),
    ),
    max_price: z.optional(
      amount(
        "max_price",
        "Only products whose price per unit after the discount is at most this: roubles (RUB), 0-9999999999 with at most two decimals, not below min_price",
      ),
    ),
    availability: z.optional(
      z
        .enum(["in_stock"], { error: "availability must be in_stock" })
        .check(z.describe("in_stock: only products with units in stock; left out, every product")),
    ),
    sort: z._default(
      z
        .enum(["newest", "price", "price_desc", "rating"], {
          error: "sort must be one of newest, price, price_desc, rating",
        })
        .check(
          z.describe(
            "newest first (default), price (cheapest first, after the discount), price_desc (dearest first; an extension) or rating (highest rated first, newest first among equals, unrated products last; an extension)",
          ),
        ),
      "newest",
    ),
    ...pageParameters("Products"),
  })
  .check(
    // A parameter that failed its own rule is NaN here; it is reported once, by that rule alone.
    z.refine((p) => p.min_price === undefined || p.max_price === undefined || !(p.max_price < p.min_price), {
      path: ["max_price"],
      error: refusals.priceRange.message,
    }),
    z.refine((p) => !(p.page * p.limit > MAX_RESULT_WINDOW), {
      path: ["page"],
      error: refusals.searchWindow.message({ max: MAX_RESULT_WINDOW }),
    }),
  );
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * page and limit of a paged list other than search (a seller's catalogue, comments, an order's chat),
 * within the same window as search and history.
 */
export const pageQuerySchema = z.strictObject(pageParameters("Items")).check(
  z.refine((p) => !(p.page * p.limit > MAX_RESULT_WINDOW), {
    path: ["page"],
    error: refusals.pageWindow.message({ max: MAX_RESULT_WINDOW }),
  }),
);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Counts a facet keeps: every listed product, and those in stock. */
export interface FacetCounts {
  readonly total: number;
  readonly in_stock: number;
}

/** A price range in whole roubles, both ends included. */
export interface PriceRange {
  readonly min: number;
  readonly max: number;
}

/** How one search is answered: which facet is read in which order, what is filtered, where the total comes from. */
export interface SearchPlan {
  readonly facet: string;
  /** newest: the facet's entries by id; price: by price (GSI3); rating: its rated entries, then its unrated ones by id. */
  readonly order: "newest" | "price" | "rating";
  readonly descending: boolean;
  /** Served by the price order's key when `order` is price, else by the filter. */
  readonly priceRange: PriceRange | undefined;
  /** Constraints the facet does not serve; each listed product must meet them all. */
  readonly filter: {
    /** Each must start some word of the product (`contains(words, " <prefix>")`). */
    readonly wordPrefixes: readonly string[];
    readonly categoryId: number | undefined;
    readonly sellerId: number | undefined;
    readonly inStock: boolean;
    readonly priceRange: PriceRange | undefined;
  };
  /** counter: the facet's count; tree: the facet's price tree; query: counting the matches of the facet. */
  readonly total: "counter" | "tree" | "query";
  readonly countField: keyof FacetCounts;
  readonly offset: number;
  readonly limit: number;
}

/** The query's words, as many as are used. */
export const queryWords = (query: Pick<SearchQuery, "q">): string[] =>
  searchWords(query.q ?? "").slice(0, MAX_QUERY_WORDS);

/** The facets that could serve a query: one per word, the category, the seller, or everything. */
export const candidateFacets = (query: SearchQuery): string[] => {
  const candidates = queryWords(query).map((word) => facets.term(termOf(word)));
  if (query.category_id !== undefined) candidates.push(facets.category(query.category_id));
  if (query.seller_id !== undefined) candidates.push(facets.seller(query.seller_id));
  if (candidates.length === 0) candidates.push(facets.all);
  return [...new Set(candidates)];
};

const priceRangeOf = (query: SearchQuery): PriceRange | undefined =>
  query.min_price === undefined && query.max_price === undefined
    ? undefined
    : {
        min: Math.max(0, Math.ceil(query.min_price ?? 0)),
        max: Math.floor(query.max_price ?? Number.MAX_SAFE_INTEGER),
      };

/**
 * Plans a search: reads the smallest candidate facet (by the counts it keeps), filters by what that facet
 * does not already guarantee, and takes the total from counters whenever the facet alone answers the query.
 */
export const planSearch = (query: SearchQuery, counts: ReadonlyMap<string, FacetCounts>): SearchPlan => {
  const countField: keyof FacetCounts = query.availability === "in_stock" ? "in_stock" : "total";
  const sizeOf = (facet: string) => counts.get(facet)?.[countField] ?? 0;
  const facet = candidateFacets(query).reduce((best, next) => (sizeOf(next) < sizeOf(best) ? next : best));
  const words = queryWords(query);
  // A word needs the filter unless its own term facet is the one read and the term is the whole word.
  const wordPrefixes = words.filter(
    (word) => facets.term(termOf(word)) !== facet || [...word].length > MAX_TERM_LENGTH,
  );
  const categoryId = facet === facets.category(query.category_id ?? 0) ? undefined : query.category_id;
  const sellerId = facet === facets.seller(query.seller_id ?? 0) ? undefined : query.seller_id;
  const priceRange = priceRangeOf(query);
  const order = query.sort === "newest" || query.sort === "rating" ? query.sort : "price";
  const onlyFacet = wordPrefixes.length === 0 && categoryId === undefined && sellerId === undefined;
  const total =
    onlyFacet && priceRange === undefined ? "counter" : onlyFacet && keepsPriceTree(facet) ? "tree" : "query";
  return {
    facet,
    order,
    descending: query.sort !== "price",
    priceRange,
    filter: {
      wordPrefixes,
      categoryId,
      sellerId,
      inStock: query.availability === "in_stock",
      priceRange: order === "price" ? undefined : priceRange,
    },
    total,
    countField,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  };
};

import { describe, expect, it } from "vitest";
import {
  candidateFacets,
  type FacetCounts,
  planSearch,
  type SearchQuery,
  searchQuerySchema,
} from "../../../shared/catalogue/search-query.js";
import { validate } from "../../../shared/validation/validate.js";
import { invalidInput, refusalOf } from "../../support/refusals.js";

const query = (params: Record<string, string>): SearchQuery =>
  validate(searchQuerySchema, params, "Parameter");

const counts = (entries: Record<string, [number, number]>): Map<string, FacetCounts> =>
  new Map(Object.entries(entries).map(([facet, [total, in_stock]]) => [facet, { total, in_stock }]));

describe("search query parameters", () => {
  it("default to the newest first, page 1 of 20", () => {
    expect(query({})).toEqual({ sort: "newest", page: 1, limit: 20 });
  });

  it("parse numbers from the query string", () => {
    expect(
      query({
        category_id: "101",
        seller_id: "7",
        min_price: "99.5",
        max_price: "2000",
        page: "3",
        limit: "100",
      }),
    ).toEqual({
      category_id: 101,
      seller_id: 7,
      min_price: 99.5,
      max_price: 2000,
      sort: "newest",
      page: 3,
      limit: 100,
    });
  });

  it.each([
    ["limit", { limit: "0" }, "limit must be a whole number from 1 to 100"],
    ["limit", { limit: "101" }, "limit must be a whole number from 1 to 100"],
    ["page", { page: "0" }, "page must be a whole number from 1 to 10000"],
    ["page", { page: "x" }, "page must be a whole number from 1 to 10000"],
    ["category_id", { category_id: "-1" }, "category_id must be a whole number from 1 to 2147483647"],
    ["seller_id", { seller_id: "1.5" }, "seller_id must be a whole number from 1 to 2147483647"],
    ["min_price", { min_price: "cheap" }, "min_price must be a number of roubles from 0 to 9999999999"],
    ["sort", { sort: "stars" }, "sort must be one of newest, price, price_desc, rating"],
    ["availability", { availability: "all" }, "availability must be in_stock"],
    ["q", { q: "x".repeat(201) }, "q must be at most 200 characters"],
    ["max_price", { min_price: "500", max_price: "100" }, "max_price must not be below min_price"],
    ["page", { page: "101", limit: "100" }, "page × limit must not exceed 10000; narrow the search instead"],
    ["colour", { colour: "red" }, "Parameter 'colour' is not allowed"],
  ])("refuse a bad %s, naming it", (field, params, message) => {
    expect(refusalOf(searchQuerySchema, params, "Parameter")).toEqual(invalidInput(field, message));
  });
});

describe("search planning", () => {
  it("offers one facet per query word, the category and the seller, or everything", () => {
    expect(candidateFacets(query({}))).toEqual(["A"]);
    expect(candidateFacets(query({ q: "Elden RING elden", category_id: "5", seller_id: "9" }))).toEqual([
      "T#elden",
      "T#ring",
      "C#5",
      "S#9",
    ]);
  });

  it("reads the smallest facet, filters the rest, and counts matches when filters remain", () => {
    const plan = planSearch(
      query({ q: "elden ring", category_id: "5" }),
      counts({ "T#elden": [40, 30], "T#ring": [900, 800], "C#5": [5000, 4000] }),
    );
    expect(plan).toMatchObject({
      facet: "T#elden",
      order: "newest",
      descending: true,
      filter: { wordPrefixes: ["ring"], categoryId: 5, sellerId: undefined, inStock: false },
      total: "query",
      offset: 0,
      limit: 20,
    });
  });

  it("sizes facets by their in-stock count when only products in stock are wanted", () => {
    const plan = planSearch(
      query({ q: "elden", seller_id: "9", availability: "in_stock" }),
      counts({ "T#elden": [40, 2], "S#9": [10, 10] }),
    );
    expect(plan).toMatchObject({
      facet: "T#elden",
      countField: "in_stock",
      filter: { sellerId: 9, inStock: true },
    });
  });

  it("takes the total from the facet's counter when the facet alone answers", () => {
    expect(
      planSearch(query({ category_id: "5", page: "2", limit: "10" }), counts({ "C#5": [31, 20] })),
    ).toMatchObject({
      facet: "C#5",
      total: "counter",
      filter: { wordPrefixes: [], categoryId: undefined },
      offset: 10,
      limit: 10,
    });
  });

  it("takes a price range's total from the price tree of everything, a category or a seller", () => {
    const plan = planSearch(
      query({ min_price: "100", max_price: "500.9", sort: "price" }),
      counts({ A: [9, 9] }),
    );
    expect(plan).toMatchObject({
      facet: "A",
      order: "price",
      descending: false,
      priceRange: { min: 100, max: 500 },
      filter: { priceRange: undefined },
      total: "tree",
    });
  });

  it("filters by price when the order is newest, and counts a word facet's price range by reading it", () => {
    const plan = planSearch(query({ q: "ring", min_price: "1" }), counts({ "T#ring": [3, 3] }));
    expect(plan).toMatchObject({
      facet: "T#ring",
      order: "newest",
      filter: { priceRange: { min: 1, max: Number.MAX_SAFE_INTEGER } },
      total: "query",
    });
  });

  it("orders by price descending for price_desc", () => {
    expect(planSearch(query({ sort: "price_desc" }), counts({ A: [1, 1] }))).toMatchObject({
      order: "price",
      descending: true,
    });
  });

  it("keeps filtering a query word longer than an index term by the whole word", () => {
    const word = "supercalifragilisticexpialidocious";
    const plan = planSearch(query({ q: word }), counts({ "T#supercalifragilistic": [2, 2] }));
    expect(plan).toMatchObject({
      facet: "T#supercalifragilistic",
      filter: { wordPrefixes: [word] },
      total: "query",
    });
  });
});

describe("search parameters that fail their own rule", () => {
  it.each([
    [{ limit: "ten" }, "limit", "limit must be a whole number from 1 to 100"],
    [{ page: "x" }, "page", "page must be a whole number from 1 to 10000"],
    [
      { min_price: "cheap", max_price: "5" },
      "min_price",
      "min_price must be a number of roubles from 0 to 9999999999",
    ],
  ])("are reported once, by that rule alone: %o", (params, field, message) => {
    expect(refusalOf(searchQuerySchema, params, "Parameter")).toEqual(invalidInput(field, message));
  });
});

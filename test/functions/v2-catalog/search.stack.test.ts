import { beforeAll, describe, expect, it } from "vitest";
import {
  blockedCategory,
  createBlockedCategory,
  createPublicCategory,
  createTestSeller,
  invalidParameter,
  listed,
  PUBLISHING_TIMEOUT,
  type PublishedProduct,
  publishProduct,
  queryString,
  searchIds,
  type TestSeller,
  unauthorized,
  uniqueWord,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";

/**
 * One catalogue for the whole file, scoped so other files' products never show: two fresh sellers, two
 * fresh categories and random words. Created one after another, so newest first is p6, p5, … p1.
 *
 * | product | seller | category | price | discount | unit price | count |
 * |---------|--------|----------|-------|----------|------------|-------|
 * | p1      | A      | C1       | 1000  | 0        | 1000       | 5     |
 * | p2      | A      | C1       | 3000  | 50       | 1500       | 0     |
 * | p3      | A      | C2       | 2000  | 10       | 1800       | 3     |
 * | p4      | A      | C2       | 500   | 0        | 500        | 1     |
 * | p5      | A      | C1       | 2500  | 33       | 1675       | 7     |
 * | p6      | B      | C1       | 1200  | 0        | 1200       | 2     |
 */
describe("GET /api/v2/search", { timeout: PUBLISHING_TIMEOUT }, () => {
  let sellerA: TestSeller;
  let sellerB: TestSeller;
  let sellerL: TestSeller;
  let c1: number;
  let c2: number;
  /** In every fixture product's name. */
  let w: string;
  /** Only in p1's description. */
  let descWord: string;
  /** The stem of two words longer than the 20-character index terms (p7, p8). */
  let longStem: string;
  let p1: PublishedProduct;
  let p2: PublishedProduct;
  let p3: PublishedProduct;
  let p4: PublishedProduct;
  let p5: PublishedProduct;
  let p6: PublishedProduct;
  let p7: PublishedProduct;
  let p8: PublishedProduct;
  let token: string;

  const search = (params: Record<string, string>) => searchIds(token, params);

  beforeAll(async () => {
    [sellerA, sellerB, sellerL, c1, c2] = await Promise.all([
      createTestSeller(),
      createTestSeller(),
      createTestSeller(),
      createPublicCategory(),
      createPublicCategory(),
    ]);
    token = sellerB.v2;
    w = uniqueWord();
    descWord = uniqueWord();
    longStem = uniqueWord();
    p1 = await publishProduct(sellerA, c1, {
      name: `${w} Alpha Café`,
      meta_description: `Steam key for the ${descWord} launcher`,
      price: 1000,
      discount: 0,
      count: 5,
    });
    p2 = await publishProduct(sellerA, c1, {
      name: `${w} Beta bundle`,
      meta_description: "Includes the Ёлка soundtrack",
      price: 3000,
      discount: 50,
      count: 0,
    });
    p3 = await publishProduct(sellerA, c2, {
      name: `${w} Gamma pack`,
      meta_description: "Plain words only",
      price: 2000,
      discount: 10,
      count: 3,
    });
    p4 = await publishProduct(sellerA, c2, {
      name: `${w} Delta edition`,
      meta_description: "Alpha numeric",
      price: 500,
      discount: 0,
      count: 1,
    });
    p5 = await publishProduct(sellerA, c1, {
      name: `${w} Epsilon`,
      meta_description: "Region free",
      price: 2500,
      discount: 33,
      count: 7,
    });
    p6 = await publishProduct(sellerB, c1, {
      name: `${w} Zeta`,
      meta_description: "Another seller",
      price: 1200,
      discount: 0,
      count: 2,
    });
    // 10 + 17 = 27 characters each; the first 20 ("<stem>longwordnu") are shared.
    p7 = await publishProduct(sellerL, c2, { name: `${longStem}longwordnumberone key` });
    p8 = await publishProduct(sellerL, c2, { name: `${longStem}longwordnumbertwo key` });
  }, PUBLISHING_TIMEOUT);

  describe("filters, each planned differently, with exact data and total", () => {
    it("q alone lists every product with a word starting with it, newest first", async () => {
      expect(await search({ q: w })).toEqual(
        listed([p6.id, p5.id, p4.id, p3.id, p2.id, p1.id], { page: 1, limit: 20, total: 6 }),
      );
    });

    it("two q words must both match, in title or description", async () => {
      // alpha: p1's title, p4's description.
      expect(await search({ q: `${w} alpha` })).toEqual(
        listed([p4.id, p1.id], { page: 1, limit: 20, total: 2 }),
      );
      expect(await search({ q: `alpha ${w}` })).toEqual(
        listed([p4.id, p1.id], { page: 1, limit: 20, total: 2 }),
      );
      expect(await search({ q: `${w} beta` })).toEqual(listed([p2.id], { page: 1, limit: 20, total: 1 }));
      expect(await search({ q: `${w} alpha beta` })).toEqual(listed([], { page: 1, limit: 20, total: 0 }));
    });

    it("category_id lists the category's products of every seller", async () => {
      expect(await search({ category_id: String(c1) })).toEqual(
        listed([p6.id, p5.id, p2.id, p1.id], { page: 1, limit: 20, total: 4 }),
      );
      expect(await search({ category_id: String(c2), q: w })).toEqual(
        listed([p4.id, p3.id], { page: 1, limit: 20, total: 2 }),
      );
    });

    it("seller_id lists that seller's products only", async () => {
      expect(await search({ seller_id: String(sellerA.id) })).toEqual(
        listed([p5.id, p4.id, p3.id, p2.id, p1.id], { page: 1, limit: 20, total: 5 }),
      );
      expect(await search({ seller_id: String(sellerB.id) })).toEqual(
        listed([p6.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await search({ seller_id: String(sellerB.id), q: w })).toEqual(
        listed([p6.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await search({ seller_id: String(sellerA.id), category_id: String(c2) })).toEqual(
        listed([p4.id, p3.id], { page: 1, limit: 20, total: 2 }),
      );
    });

    it("a price range with the default sort keeps newest first and compares discounted prices", async () => {
      // Units: p1 1000, p2 1500 (list 3000), p3 1800, p4 500, p5 1675 (list 2500).
      expect(await search({ seller_id: String(sellerA.id), min_price: "1000", max_price: "1800" })).toEqual(
        listed([p5.id, p3.id, p2.id, p1.id], { page: 1, limit: 20, total: 4 }),
      );
      // List prices 3000, 2000 and 2500 are in range, but nobody pays more than 1800.
      expect(await search({ seller_id: String(sellerA.id), min_price: "2000", max_price: "3000" })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
    });

    it("a price range with sort=price is cheapest first by discounted price", async () => {
      expect(
        await search({ seller_id: String(sellerA.id), min_price: "1000", max_price: "1800", sort: "price" }),
      ).toEqual(listed([p1.id, p2.id, p5.id, p3.id], { page: 1, limit: 20, total: 4 }));
      expect(
        await search({
          seller_id: String(sellerA.id),
          min_price: "1000",
          max_price: "1800",
          sort: "price_desc",
        }),
      ).toEqual(listed([p3.id, p5.id, p2.id, p1.id], { page: 1, limit: 20, total: 4 }));
    });

    it("only min_price or only max_price bounds one side, both ends included", async () => {
      expect(await search({ seller_id: String(sellerA.id), min_price: "1675" })).toEqual(
        listed([p5.id, p3.id], { page: 1, limit: 20, total: 2 }),
      );
      expect(await search({ seller_id: String(sellerA.id), max_price: "1000", sort: "price" })).toEqual(
        listed([p4.id, p1.id], { page: 1, limit: 20, total: 2 }),
      );
      expect(await search({ seller_id: String(sellerA.id), min_price: "1500", max_price: "1500" })).toEqual(
        listed([p2.id], { page: 1, limit: 20, total: 1 }),
      );
    });

    it("fractional price bounds are rounded inwards to whole roubles", async () => {
      expect(
        await search({ seller_id: String(sellerA.id), min_price: "999.5", max_price: "1000.99" }),
      ).toEqual(listed([p1.id], { page: 1, limit: 20, total: 1 }));
      expect(
        await search({
          seller_id: String(sellerA.id),
          min_price: "1000.01",
          max_price: "1500",
          sort: "price",
        }),
      ).toEqual(listed([p2.id], { page: 1, limit: 20, total: 1 }));
    });

    it("fractional bounds with no whole rouble between them find nothing rather than failing", async () => {
      // 1000.2 rounds up to 1001 and 1000.8 down to 1000: an empty range, though max_price ≥ min_price.
      const base = { seller_id: String(sellerA.id), min_price: "1000.2", max_price: "1000.8" };
      const answers = {
        newest: await search(base),
        price: await search({ ...base, sort: "price" }),
        inStock: await search({ ...base, availability: "in_stock" }),
      };
      const none = listed([], { page: 1, limit: 20, total: 0 });
      expect(answers).toEqual({ newest: none, price: none, inStock: none });
    });

    it("q with a price range compares discounted prices, in both orders", async () => {
      // Units with w: p1 1000, p2 1500, p3 1800, p4 500, p5 1675, p6 1200.
      const base = { q: w, min_price: "1200", max_price: "1700" };
      expect(await search(base)).toEqual(listed([p6.id, p5.id, p2.id], { page: 1, limit: 20, total: 3 }));
      expect(await search({ ...base, sort: "price" })).toEqual(
        listed([p6.id, p2.id, p5.id], { page: 1, limit: 20, total: 3 }),
      );
      expect(await search({ ...base, sort: "price_desc", limit: "2", page: "2" })).toEqual(
        listed([p6.id], { page: 2, limit: 2, total: 3 }),
      );
    });

    it("a rare q word with a seller or category filter keeps only products meeting both", async () => {
      // descWord is in p1 only (seller A, category c1).
      expect(await search({ q: descWord, seller_id: String(sellerA.id) })).toEqual(
        listed([p1.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await search({ q: descWord, seller_id: String(sellerB.id) })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
      expect(await search({ q: descWord, category_id: String(c2) })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
      expect(await search({ q: descWord, category_id: String(c1), availability: "in_stock" })).toEqual(
        listed([p1.id], { page: 1, limit: 20, total: 1 }),
      );
    });

    it("a price range with availability=in_stock leaves out products with no stock", async () => {
      const base = { seller_id: String(sellerA.id), min_price: "1000", max_price: "1800" };
      expect(await search({ ...base, availability: "in_stock" })).toEqual(
        listed([p5.id, p3.id, p1.id], { page: 1, limit: 20, total: 3 }),
      );
      expect(await search({ ...base, availability: "in_stock", sort: "price" })).toEqual(
        listed([p1.id, p5.id, p3.id], { page: 1, limit: 20, total: 3 }),
      );
    });

    it("availability=in_stock alone counts only products with stock", async () => {
      expect(await search({ seller_id: String(sellerA.id), availability: "in_stock" })).toEqual(
        listed([p5.id, p4.id, p3.id, p1.id], { page: 1, limit: 20, total: 4 }),
      );
      expect(await search({ q: w, availability: "in_stock" })).toEqual(
        listed([p6.id, p5.id, p4.id, p3.id, p1.id], { page: 1, limit: 20, total: 5 }),
      );
    });

    it("q with category and a price range meets all three", async () => {
      // c1 with w: p1 1000, p2 1500, p5 1675, p6 1200.
      const base = { q: w, category_id: String(c1), min_price: "1000", max_price: "1600" };
      expect(await search(base)).toEqual(listed([p6.id, p2.id, p1.id], { page: 1, limit: 20, total: 3 }));
      expect(await search({ ...base, sort: "price" })).toEqual(
        listed([p1.id, p6.id, p2.id], { page: 1, limit: 20, total: 3 }),
      );
      expect(await search({ ...base, sort: "price", availability: "in_stock" })).toEqual(
        listed([p1.id, p6.id], { page: 1, limit: 20, total: 2 }),
      );
    });
  });

  describe("sort", () => {
    it("newest (the default) orders by creation, newest first", async () => {
      const expected = listed([p5.id, p4.id, p3.id, p2.id, p1.id], { page: 1, limit: 20, total: 5 });
      expect(await search({ seller_id: String(sellerA.id), sort: "newest" })).toEqual(expected);
      expect(await search({ seller_id: String(sellerA.id) })).toEqual(expected);
    });

    it("price orders by discounted price, cheapest first", async () => {
      expect(await search({ seller_id: String(sellerA.id), sort: "price" })).toEqual(
        listed([p4.id, p1.id, p2.id, p5.id, p3.id], { page: 1, limit: 20, total: 5 }),
      );
      expect(await search({ q: w, sort: "price" })).toEqual(
        listed([p4.id, p1.id, p6.id, p2.id, p5.id, p3.id], { page: 1, limit: 20, total: 6 }),
      );
    });

    it("price_desc orders by discounted price, dearest first", async () => {
      expect(await search({ seller_id: String(sellerA.id), sort: "price_desc" })).toEqual(
        listed([p3.id, p5.id, p2.id, p1.id, p4.id], { page: 1, limit: 20, total: 5 }),
      );
      expect(await search({ category_id: String(c1), sort: "price_desc" })).toEqual(
        listed([p5.id, p2.id, p6.id, p1.id], { page: 1, limit: 20, total: 4 }),
      );
    });
  });

  describe("paging", () => {
    it("pages through a seller newest first: page 1, 2, the last, and beyond the last", async () => {
      const seller = String(sellerA.id);
      expect(await search({ seller_id: seller, limit: "2" })).toEqual(
        listed([p5.id, p4.id], { page: 1, limit: 2, total: 5 }),
      );
      expect(await search({ seller_id: seller, limit: "2", page: "2" })).toEqual(
        listed([p3.id, p2.id], { page: 2, limit: 2, total: 5 }),
      );
      expect(await search({ seller_id: seller, limit: "2", page: "3" })).toEqual(
        listed([p1.id], { page: 3, limit: 2, total: 5 }),
      );
      expect(await search({ seller_id: seller, limit: "2", page: "4" })).toEqual(
        listed([], { page: 4, limit: 2, total: 5 }),
      );
    });

    it("pages through a price order", async () => {
      const base = { seller_id: String(sellerA.id), sort: "price", limit: "2" };
      expect(await search(base)).toEqual(listed([p4.id, p1.id], { page: 1, limit: 2, total: 5 }));
      expect(await search({ ...base, page: "2" })).toEqual(
        listed([p2.id, p5.id], { page: 2, limit: 2, total: 5 }),
      );
      expect(await search({ ...base, page: "3" })).toEqual(listed([p3.id], { page: 3, limit: 2, total: 5 }));
    });

    it("pages through a filtered search (q + category), keeping the filtered total", async () => {
      const base = { q: w, category_id: String(c1), limit: "3" };
      expect(await search(base)).toEqual(listed([p6.id, p5.id, p2.id], { page: 1, limit: 3, total: 4 }));
      expect(await search({ ...base, page: "2" })).toEqual(listed([p1.id], { page: 2, limit: 3, total: 4 }));
      expect(await search({ ...base, page: "3" })).toEqual(listed([], { page: 3, limit: 3, total: 4 }));
    });

    it("the deepest allowed page (page × limit = 10000) is served, empty, with the total", async () => {
      expect(await search({ seller_id: String(sellerA.id), page: "100", limit: "100" })).toEqual(
        listed([], { page: 100, limit: 100, total: 5 }),
      );
      expect(await search({ seller_id: String(sellerA.id), page: "10000", limit: "1" })).toEqual(
        listed([], { page: 10000, limit: 1, total: 5 }),
      );
    });

    it("limit=1 and limit=100 are accepted", async () => {
      expect(await search({ seller_id: String(sellerA.id), limit: "1" })).toEqual(
        listed([p5.id], { page: 1, limit: 1, total: 5 }),
      );
      expect(await search({ seller_id: String(sellerA.id), limit: "100" })).toEqual(
        listed([p5.id, p4.id, p3.id, p2.id, p1.id], { page: 1, limit: 100, total: 5 }),
      );
    });
  });

  describe("word matching", () => {
    it("a query word matches as a prefix of a word, not from its middle", async () => {
      expect(await search({ q: `${w} alp` })).toEqual(
        listed([p4.id, p1.id], { page: 1, limit: 20, total: 2 }),
      );
      // "Alpha" (p1, p4) and "Another" (p6) start with "a".
      expect(await search({ q: `${w} a` })).toEqual(
        listed([p6.id, p4.id, p1.id], { page: 1, limit: 20, total: 3 }),
      );
      expect(await search({ q: w.slice(0, 6), seller_id: String(sellerB.id) })).toEqual(
        listed([p6.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await search({ q: `${w} lpha` })).toEqual(listed([], { page: 1, limit: 20, total: 0 }));
      expect(await search({ q: w.slice(1) })).toEqual(listed([], { page: 1, limit: 20, total: 0 }));
    });

    it("matching ignores case", async () => {
      expect(await search({ q: `${w.toUpperCase()} ALPHA` })).toEqual(
        listed([p4.id, p1.id], { page: 1, limit: 20, total: 2 }),
      );
      expect(await search({ q: w.toUpperCase() })).toEqual(
        listed([p6.id, p5.id, p4.id, p3.id, p2.id, p1.id], { page: 1, limit: 20, total: 6 }),
      );
    });

    it("matching ignores accents, in the query and in the product", async () => {
      for (const word of ["cafe", "CAFE", "café", "CAFÉ", "caf"]) {
        expect(await search({ q: `${w} ${word}` }), word).toEqual(
          listed([p1.id], { page: 1, limit: 20, total: 1 }),
        );
      }
      for (const word of ["ёлка", "елка", "ЁЛКА", "ЕЛ"]) {
        expect(await search({ q: `${w} ${word}` }), word).toEqual(
          listed([p2.id], { page: 1, limit: 20, total: 1 }),
        );
      }
    });

    it("a word found only in the description matches", async () => {
      expect(await search({ q: descWord })).toEqual(listed([p1.id], { page: 1, limit: 20, total: 1 }));
      expect(await search({ q: `${w} soundtrack` })).toEqual(
        listed([p2.id], { page: 1, limit: 20, total: 1 }),
      );
    });

    it("only the first 8 query words are used (as documented); up to 8 must all match", async () => {
      // p1: "<w> Alpha Café" / "Steam key for the <descWord> launcher".
      const eight = `${w} alpha cafe steam key for the launcher`;
      expect(await search({ q: eight })).toEqual(listed([p1.id], { page: 1, limit: 20, total: 1 }));
      expect(await search({ q: `${eight} ${uniqueWord()}` })).toEqual(
        listed([p1.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await search({ q: `${w} alpha cafe steam key for the ${uniqueWord()}` })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
    });

    it("punctuation between query words only separates them", async () => {
      expect(await search({ q: `  ${w},  ALPHA!` })).toEqual(
        listed([p4.id, p1.id], { page: 1, limit: 20, total: 2 }),
      );
    });

    it("a query word longer than 20 characters must match in full, beyond the shared 20-character prefix", async () => {
      expect(await search({ q: `${longStem}longwordnu` })).toEqual(
        listed([p8.id, p7.id], { page: 1, limit: 20, total: 2 }),
      );
      expect(await search({ q: `${longStem}longwordnumberone` })).toEqual(
        listed([p7.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await search({ q: `${longStem}longwordnumbertw` })).toEqual(
        listed([p8.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await search({ q: `${longStem}longwordnumberonex` })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
    });
  });

  describe("results", () => {
    it("each result is the exact product summary, with the discounted price", async () => {
      const response = await v2Get(token, `/api/v2/search${queryString({ q: `${w} beta` })}`);
      expect(response.status).toBe(200);
      const name = `${w} Beta bundle`;
      expect(response.body).toStrictEqual({
        ok: true,
        data: [
          {
            id_product: p2.id,
            product_id: p2.id,
            title: name,
            name,
            img: p2.img,
            description: "Includes the Ёлка soundtrack",
            price: 3000,
            discounted_price: 1500,
            currency: "RUB",
            count: 0,
            available: false,
            seller_id: sellerA.id,
            category_id: c1,
            discount: 50,
            opt_price: "",
            opt_count: "",
            h2h: 0,
          },
        ],
        meta: { page: 1, limit: 20, total: 1 },
      });
    });

    it("a word nobody uses finds nothing, with total 0", async () => {
      expect(await search({ q: uniqueWord() })).toEqual(listed([], { page: 1, limit: 20, total: 0 }));
    });

    it("a seller with no public products finds nothing", async () => {
      const empty = await createTestSeller();
      expect(await search({ seller_id: String(empty.id) })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
    });
  });

  describe("refusals", () => {
    const refusals: [string, Record<string, string>, string, string][] = [
      ["limit", { limit: "0" }, "limit", "limit must be a whole number from 1 to 100"],
      ["limit", { limit: "101" }, "limit", "limit must be a whole number from 1 to 100"],
      ["limit", { limit: "1.5" }, "limit", "limit must be a whole number from 1 to 100"],
      ["limit", { limit: "-5" }, "limit", "limit must be a whole number from 1 to 100"],
      ["limit", { limit: "" }, "limit", "limit must be a whole number from 1 to 100"],
      ["page", { page: "0" }, "page", "page must be a whole number from 1 to 10000"],
      [
        "page",
        { page: "101", limit: "100" },
        "page",
        "page × limit must not exceed 10000; narrow the search instead",
      ],
      [
        "page",
        { page: "5001", limit: "2" },
        "page",
        "page × limit must not exceed 10000; narrow the search instead",
      ],
      [
        "category_id",
        { category_id: "abc" },
        "category_id",
        "category_id must be a whole number from 1 to 2147483647",
      ],
      [
        "category_id",
        { category_id: "0" },
        "category_id",
        "category_id must be a whole number from 1 to 2147483647",
      ],
      [
        "category_id",
        { category_id: "2147483648" },
        "category_id",
        "category_id must be a whole number from 1 to 2147483647",
      ],
      [
        "seller_id",
        { seller_id: "-3" },
        "seller_id",
        "seller_id must be a whole number from 1 to 2147483647",
      ],
      [
        "seller_id",
        { seller_id: "1.5" },
        "seller_id",
        "seller_id must be a whole number from 1 to 2147483647",
      ],
      [
        "min_price",
        { min_price: "cheap" },
        "min_price",
        "min_price must be a number of roubles from 0 to 9999999999",
      ],
      [
        "min_price",
        { min_price: "-1" },
        "min_price",
        "min_price must be a number of roubles from 0 to 9999999999",
      ],
      [
        "max_price",
        { max_price: "1e3" },
        "max_price",
        "max_price must be a number of roubles from 0 to 9999999999",
      ],
      [
        "max_price",
        { max_price: "1.234" },
        "max_price",
        "max_price must be a number of roubles from 0 to 9999999999",
      ],
      [
        "max_price",
        { min_price: "500", max_price: "100" },
        "max_price",
        "max_price must not be below min_price",
      ],
      ["sort", { sort: "other" }, "sort", "sort must be one of newest, price, price_desc, rating"],
      ["sort", { sort: "PRICE" }, "sort", "sort must be one of newest, price, price_desc, rating"],
      ["availability", { availability: "other" }, "availability", "availability must be in_stock"],
      ["availability", { availability: "" }, "availability", "availability must be in_stock"],
      ["q", { q: "x".repeat(201) }, "q", "q must be at most 200 characters"],
      ["an unknown parameter", { colour: "red" }, "colour", "Parameter 'colour' is not allowed"],
      ["a v1 parameter", { search: "key" }, "search", "Parameter 'search' is not allowed"],
    ];

    it.each(refusals)("a bad %s (%j) is 422 invalid_request naming it", async (_, params, field, message) => {
      const response = await v2Get(token, `/api/v2/search${queryString(params)}`);
      expect(response.status).toBe(422);
      expect(response.body).toStrictEqual(invalidParameter(field, message));
    });

    it("a non-numeric limit or page is refused with its own issue only, not also a page × limit issue", async () => {
      const answers = await Promise.all(
        ([{ limit: "ten" }, { page: "x" }] as Record<string, string>[]).map(async (params) => {
          const response = await v2Get(token, `/api/v2/search${queryString(params)}`);
          return { status: response.status, body: response.body };
        }),
      );
      expect(answers).toStrictEqual([
        { status: 422, body: invalidParameter("limit", "limit must be a whole number from 1 to 100") },
        { status: 422, body: invalidParameter("page", "page must be a whole number from 1 to 10000") },
      ]);
    });

    it("a page above 10000 is 422 naming page (only page)", async () => {
      const response = await v2Get(token, `/api/v2/search${queryString({ page: "10001", limit: "1" })}`);
      expect(response.status).toBe(422);
      const body = response.body as {
        message: string;
        error: { code: string; details: { issues: { field: string; message: string }[] } };
      };
      expect(body).toMatchObject({ ok: false, code: "invalid_request", http_status: 422 });
      expect(body.message).toBe("page must be a whole number from 1 to 10000");
      expect(body.error.details.issues[0]).toStrictEqual({
        field: "page",
        message: "page must be a whole number from 1 to 10000",
      });
      expect(new Set(body.error.details.issues.map((issue) => issue.field))).toEqual(new Set(["page"]));
    });

    it("several bad parameters are all listed, each named", async () => {
      const response = await v2Get(
        token,
        `/api/v2/search${queryString({ limit: "0", sort: "x", colour: "red" })}`,
      );
      expect(response.status).toBe(422);
      const body = response.body as { message: string; error: { details: { issues: { field: string }[] } } };
      expect(body.error.details.issues.map((issue) => issue.field).sort()).toEqual([
        "colour",
        "limit",
        "sort",
      ]);
      expect(body).toMatchObject({ ok: false, code: "invalid_request", http_status: 422 });
      expect(body.error.details.issues).toContainEqual({
        field: "limit",
        message: "limit must be a whole number from 1 to 100",
      });
      expect(body.error.details.issues).toContainEqual({
        field: "sort",
        message: "sort must be one of newest, price, price_desc, rating",
      });
      expect(body.error.details.issues).toContainEqual({
        field: "colour",
        message: "Parameter 'colour' is not allowed",
      });
    });

    it("a category whose id starts with 700 is 403 blocked_category, whether or not it exists", async () => {
      const blocked = await createBlockedCategory();
      for (const categoryId of [String(blocked), "7001", "700"]) {
        const response = await v2Get(token, `/api/v2/search${queryString({ category_id: categoryId })}`);
        expect(response.status, categoryId).toBe(403);
        expect(response.body).toStrictEqual(blockedCategory);
      }
      const withQuery = await v2Get(
        token,
        `/api/v2/search${queryString({ category_id: String(blocked), q: w, seller_id: String(sellerA.id) })}`,
      );
      expect(withQuery.status).toBe(403);
      expect(withQuery.body).toStrictEqual(blockedCategory);
    });

    it("a category id that merely contains 700 later on is not blocked", async () => {
      expect(await search({ category_id: "1700", q: w })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
    });

    it("search needs a v2 token: none, a v1 token or garbage is 401 unauthorized", async () => {
      for (const bearer of [undefined, sellerA.v1, "not-a-token"]) {
        const response = await v2Get(bearer, `/api/v2/search${queryString({ q: w })}`);
        expect(response.status).toBe(401);
        expect(response.body).toStrictEqual(unauthorized);
      }
    });

    it("an unauthenticated bad query is 401, not 422", async () => {
      const response = await v2Get(undefined, "/api/v2/search?limit=0");
      expect(response.status).toBe(401);
      expect(response.body).toStrictEqual(v2Error(401, "unauthorized", "Unauthorized"));
    });
  });
});

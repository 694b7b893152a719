import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../../shared/ids/ids.js";
import { productService } from "../../../shared/runtime/dependencies.js";
import {
  blockedCategory,
  createBlockedCategory,
  createPublicCategory,
  createTestSeller,
  deleteProduct,
  invalidParameter,
  listed,
  PUBLISHING_TIMEOUT,
  productNotFound,
  publishProduct,
  queryString,
  searchIds,
  sellerCatalogueIds,
  syncCatalogue,
  type TestSeller,
  unauthorized,
  uniqueWord,
  updateProduct,
  updateSellerProfile,
  uploadImage,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
import { runOps } from "../../support/ops-cli.js";
import { createProduct, validProductBody } from "../../support/products.js";

/** Every field of GET /api/v2/product/{id}, and nothing else. */
const PRODUCT_FIELDS = [
  "available",
  "category",
  "category_id",
  "comment_regex",
  "comment_status",
  "count",
  "currency",
  "description",
  "discount",
  "discounted_price",
  "features",
  "gift_available",
  "h2h",
  "id_product",
  "img",
  "name",
  "opt_count",
  "opt_price",
  "price",
  "product_id",
  "rating",
  "seller",
  "seller_id",
  "text_page",
  "title",
];

/** Every field of a product summary in lists, and nothing else. */
const SUMMARY_FIELDS = [
  "available",
  "category_id",
  "count",
  "currency",
  "description",
  "discount",
  "discounted_price",
  "h2h",
  "id_product",
  "img",
  "name",
  "opt_count",
  "opt_price",
  "price",
  "product_id",
  "seller_id",
  "title",
];

interface ProductData {
  readonly h2h: number;
  readonly [field: string]: unknown;
}

describe("GET /api/v2/product/{product_id}", { timeout: PUBLISHING_TIMEOUT }, () => {
  let reader: TestSeller;
  let category: number;

  beforeAll(async () => {
    [reader, category] = await Promise.all([createTestSeller(), createPublicCategory()]);
  }, PUBLISHING_TIMEOUT);

  const getProduct = async (id: string) => {
    const response = await v2Get(reader.v2, `/api/v2/product/${id}`);
    return { status: response.status, body: response.body, text: response.text };
  };

  const h2hOf = async (id: string): Promise<number | undefined> =>
    ((await getProduct(id)).body as { data?: ProductData }).data?.h2h;

  it("answers the full public product with exact values, and only the public fields", async () => {
    const storeName = `Known Store ${uniqueWord()}`;
    const categoryName = `Game keys ${uniqueWord()}`;
    const seller = await createTestSeller(storeName);
    const ownCategory = await createPublicCategory(categoryName);
    const name = `${uniqueWord()} Elden Ring key`;
    const body = validProductBody(ownCategory, {
      name,
      meta_title: "Elden Ring key title",
      meta_description: "Steam key for Elden Ring",
      tags: "rpg,steam",
      text_page: "Global Steam activation key.",
      price: 2999,
      count: 4,
      discount: 15,
      features: "global,instant,steam",
      api_key: "product-secret-key-zq1",
    });
    const id = await createProduct(seller.v1, body);
    const img = await uploadImage(seller.v1, id);
    await productService().approve(id);
    await syncCatalogue(id);

    const response = await getProduct(id);
    expect(response.status).toBe(200);
    expect(response.body).toStrictEqual({
      ok: true,
      data: {
        id_product: id,
        product_id: id,
        title: name,
        name,
        img,
        description: "Steam key for Elden Ring",
        price: 2999,
        // 2999 − floor(2999 × 15 / 100) = 2999 − 449
        discounted_price: 2550,
        currency: "RUB",
        count: 4,
        available: true,
        seller_id: seller.id,
        category_id: ownCategory,
        discount: 15,
        opt_price: "",
        opt_count: "",
        h2h: 0,
        text_page: "Global Steam activation key.",
        features: "global,instant,steam",
        rating: 0,
        gift_available: 0,
        comment_status: 0,
        comment_regex: "",
        seller: { id: seller.id, name: storeName, rating: 0 },
        category: { id: ownCategory, name: categoryName },
      },
      meta: {},
    });
    const data = (response.body as { data: Record<string, unknown> }).data;
    expect(Object.keys(data).sort()).toEqual(PRODUCT_FIELDS);
    expect(Object.keys(data.seller as object).sort()).toEqual(["id", "name", "rating"]);
    expect(Object.keys(data.category as object).sort()).toEqual(["id", "name"]);
    // Nothing secret or internal, under any name.
    for (const secret of [
      "product-secret-key-zq1",
      "@example.com",
      "api_key",
      "api_url",
      "img_key",
      "name_key",
    ]) {
      expect(response.text, secret).not.toContain(secret);
    }
    for (const internal of [
      seller.apiKey,
      body.uuid,
      "Elden Ring key title",
      "rpg,steam",
      "status_moderation",
    ]) {
      expect(response.text, String(internal)).not.toContain(String(internal));
    }

    // The same product in lists is the summary: the detail without its detail fields.
    const { text_page, features, rating, gift_available, comment_status, comment_regex, ...summary } = data;
    delete summary.seller;
    delete summary.category;
    const listedProducts = await v2Get(reader.v2, `/api/v2/search?seller_id=${seller.id}`);
    expect(listedProducts.body).toStrictEqual({
      ok: true,
      data: [summary],
      meta: { page: 1, limit: 20, total: 1 },
    });
    expect(Object.keys(summary).sort()).toEqual(SUMMARY_FIELDS);
    const catalogue = await v2Get(reader.v2, `/api/v2/products/${seller.id}`);
    expect(catalogue.body).toStrictEqual({
      ok: true,
      data: [summary],
      meta: { page: 1, limit: 20, total: 1 },
    });
  });

  describe("h2h", () => {
    it("is 1 when the product has an api_url, and the URL is never shown", async () => {
      const seller = await createTestSeller();
      const product = await publishProduct(seller, category);
      expect(await h2hOf(product.id)).toBe(0);

      const hook = `https://hooks.example.net/${uniqueWord()}`;
      await updateProduct(seller.v1, product.id, { api_url: hook });
      await syncCatalogue(product.id);

      const response = await getProduct(product.id);
      expect(response.status).toBe(200);
      expect((response.body as { data: ProductData }).data.h2h).toBe(1);
      expect(response.text).not.toContain(hook);
      const listedProducts = await v2Get(reader.v2, `/api/v2/search?seller_id=${seller.id}`);
      expect(listedProducts.body).toMatchObject({ data: [{ product_id: product.id, h2h: 1 }] });
      expect(listedProducts.text).not.toContain(hook);
    });

    it("is 1 when only the seller has an api_url, and 0 again once the seller clears it", async () => {
      const seller = await createTestSeller();
      const product = await publishProduct(seller, category);
      expect(await h2hOf(product.id)).toBe(0);

      const hook = `https://seller-hooks.example.net/${uniqueWord()}`;
      await updateSellerProfile(seller.v1, { api_url: hook });
      const response = await getProduct(product.id);
      expect((response.body as { data: ProductData }).data.h2h).toBe(1);
      expect(response.text).not.toContain(hook);
      const catalogue = await v2Get(reader.v2, `/api/v2/products/${seller.id}`);
      expect(catalogue.body).toMatchObject({ data: [{ product_id: product.id, h2h: 1 }] });
      expect(catalogue.text).not.toContain(hook);

      await updateSellerProfile(seller.v1, { api_url: "" });
      expect(await h2hOf(product.id)).toBe(0);
    });
  });

  it("shows the flags set with `ops product set`", async () => {
    const seller = await createTestSeller();
    const product = await publishProduct(seller, category);
    const set = await runOps([
      "product",
      "set",
      product.id,
      "--gift-available",
      "1",
      "--comment-status",
      "1",
      "--comment-regex",
      "^[A-Z]{3}-\\d{4}$",
    ]);
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    expect((await getProduct(product.id)).body).toMatchObject({
      ok: true,
      data: { gift_available: 1, comment_status: 1, comment_regex: "^[A-Z]{3}-\\d{4}$" },
    });

    const unset = await runOps([
      "product",
      "set",
      product.id,
      "--gift-available",
      "0",
      "--comment-regex",
      "",
    ]);
    expect(unset.stderr).toBe("");
    expect(unset.code).toBe(0);
    const after = await getProduct(product.id);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ data: { gift_available: 0, comment_status: 1, comment_regex: "" } });
  });

  describe("products resellers cannot see", () => {
    it("draft, pending, rejected, deleted, unknown and malformed ids are 404 Product not found", async () => {
      const seller = await createTestSeller();
      const draft = await createProduct(seller.v1, validProductBody(category));
      const pending = await createProduct(seller.v1, validProductBody(category));
      await uploadImage(seller.v1, pending);
      const rejected = await createProduct(seller.v1, validProductBody(category));
      await uploadImage(seller.v1, rejected);
      await productService().reject(rejected, "Wrong category");
      const deleted = await publishProduct(seller, category);
      await deleteProduct(seller.v1, deleted.id);
      await syncCatalogue(draft, pending, rejected, deleted.id);

      for (const id of [
        draft,
        pending,
        rejected,
        deleted.id,
        newId(),
        "not-an-id",
        "0",
        draft.toLowerCase(),
      ]) {
        const response = await getProduct(id);
        expect({ status: response.status, body: response.body }, id).toStrictEqual({
          status: 404,
          body: productNotFound,
        });
      }
    });

    it("an approved product in a category whose id starts with 700 is 403 blocked_category", async () => {
      const seller = await createTestSeller();
      const product = await publishProduct(seller, await createBlockedCategory());
      const response = await getProduct(product.id);
      expect({ status: response.status, body: response.body }).toStrictEqual({
        status: 403,
        body: blockedCategory,
      });
    });

    it("needs a v2 token", async () => {
      const seller = await createTestSeller();
      const product = await publishProduct(seller, category);
      for (const bearer of [undefined, seller.v1, "garbage"]) {
        const response = await v2Get(bearer, `/api/v2/product/${product.id}`);
        expect({ status: response.status, body: response.body }).toStrictEqual({
          status: 401,
          body: unauthorized,
        });
      }
    });
  });
});

describe("GET /api/v2/products/{seller_id}", { timeout: PUBLISHING_TIMEOUT }, () => {
  let reader: TestSeller;
  let seller: TestSeller;
  let category: number;
  /** The seller's public products, oldest first. */
  const ids: string[] = [];

  beforeAll(async () => {
    [reader, seller, category] = await Promise.all([
      createTestSeller(),
      createTestSeller(),
      createPublicCategory(),
    ]);
    for (let i = 0; i < 5; i++) ids.push((await publishProduct(seller, category, { price: 1000 + i })).id);
    // Neither a draft nor a product in a blocked category is in the catalogue.
    await createProduct(seller.v1, validProductBody(category));
    await publishProduct(seller, await createBlockedCategory());
  }, PUBLISHING_TIMEOUT);

  const newestFirst = () => [...ids].reverse();

  it("lists the seller's public products newest first with meta page, limit and total", async () => {
    expect(await sellerCatalogueIds(reader.v2, seller.id)).toEqual(
      listed(newestFirst(), { page: 1, limit: 20, total: 5 }),
    );
  });

  it("lists the same summaries as a search by seller", async () => {
    const catalogue = await v2Get(reader.v2, `/api/v2/products/${seller.id}`);
    const search = await v2Get(reader.v2, `/api/v2/search?seller_id=${seller.id}`);
    expect(catalogue.status).toBe(200);
    expect(catalogue.body).toStrictEqual(search.body);
  });

  it("pages: page 1, 2, the last, and beyond the last", async () => {
    const all = newestFirst();
    const page = (n: number) => sellerCatalogueIds(reader.v2, seller.id, { page: String(n), limit: "2" });
    expect(await page(1)).toEqual(listed(all.slice(0, 2), { page: 1, limit: 2, total: 5 }));
    expect(await page(2)).toEqual(listed(all.slice(2, 4), { page: 2, limit: 2, total: 5 }));
    expect(await page(3)).toEqual(listed(all.slice(4), { page: 3, limit: 2, total: 5 }));
    expect(await page(4)).toEqual(listed([], { page: 4, limit: 2, total: 5 }));
    expect(await sellerCatalogueIds(reader.v2, seller.id, { page: "100", limit: "100" })).toEqual(
      listed([], { page: 100, limit: 100, total: 5 }),
    );
  });

  it("a seller with no public products has an empty catalogue", async () => {
    const empty = await createTestSeller();
    await createProduct(empty.v1, validProductBody(category));
    expect(await sellerCatalogueIds(reader.v2, empty.id)).toEqual(
      listed([], { page: 1, limit: 20, total: 0 }),
    );
  });

  it("an unknown seller is 404 Seller not found", async () => {
    for (const id of ["2147483647", "9999999999"]) {
      const response = await v2Get(reader.v2, `/api/v2/products/${id}`);
      expect({ status: response.status, body: response.body }, id).toStrictEqual({
        status: 404,
        body: v2Error(404, "not_found", "Seller not found"),
      });
    }
  });

  it("a seller_id that is not a positive whole number is 422 naming seller_id", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "01", "12345678901", "1e3"]) {
      const response = await v2Get(reader.v2, `/api/v2/products/${id}`);
      expect({ status: response.status, body: response.body }, id).toStrictEqual({
        status: 422,
        body: invalidParameter("seller_id", "seller_id must be a positive whole number"),
      });
    }
  });

  it("bad paging or an unknown parameter is 422 naming it", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ page: "0" }, "page", "page must be a whole number from 1 to 10000"],
      [{ limit: "0" }, "limit", "limit must be a whole number from 1 to 100"],
      [{ limit: "101" }, "limit", "limit must be a whole number from 1 to 100"],
      [{ sort: "price" }, "sort", "Parameter 'sort' is not allowed"],
    ];
    for (const [params, field, message] of cases) {
      const response = await v2Get(reader.v2, `/api/v2/products/${seller.id}${queryString(params)}`);
      expect({ status: response.status, body: response.body }, JSON.stringify(params)).toStrictEqual({
        status: 422,
        body: invalidParameter(field, message),
      });
    }
  });

  it("needs a v2 token", async () => {
    for (const bearer of [undefined, seller.v1]) {
      const response = await v2Get(bearer, `/api/v2/products/${seller.id}`);
      expect({ status: response.status, body: response.body }).toStrictEqual({
        status: 401,
        body: unauthorized,
      });
    }
  });

  it("a search by this seller agrees with the catalogue", async () => {
    expect(await searchIds(reader.v2, { seller_id: String(seller.id) })).toEqual(
      listed(newestFirst(), { page: 1, limit: 20, total: 5 }),
    );
  });
});

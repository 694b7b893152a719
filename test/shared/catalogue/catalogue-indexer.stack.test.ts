import { randomUUID } from "node:crypto";
import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { listingOf } from "../../../shared/catalogue/catalogue-listing.js";
import { createCatalogueRepository } from "../../../shared/catalogue/catalogue-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { newId } from "../../../shared/ids/ids.js";
import type { ProductRecord } from "../../../shared/products/product.js";
import { accountAccess, catalogueIndexer } from "../../../shared/runtime/dependencies.js";
import { createTestAccount } from "../../support/accounts.js";
import { stores } from "../../support/orders.js";
import { createTestCategory } from "../../support/products.js";

const catalogue = () => createCatalogueRepository(createDocumentClient(), requireEnv("TABLE_NAME"));

let nextSeller = 0;
/** A seller id no other test lists products under (the catalogue does not need the account). */
const freshSeller = () => 900_000_000 + (process.pid % 10_000) * 1000 + ++nextSeller;

/** A unique word for this test, so word facets can be counted exactly in the shared table. */
const freshWord = () => `zq${randomUUID().replaceAll("-", "").slice(0, 10)}`;

const approvedProduct = (
  overrides: Partial<ProductRecord> & Pick<ProductRecord, "seller_id" | "id_categories">,
) => {
  const id = newId();
  return {
    id,
    name: `Product ${id}`,
    name_key: `product ${id}`.toLowerCase(),
    meta_title: "t",
    meta_description: "A test product",
    tags: "test",
    text_page: "A full description of the test product.",
    price: 1000,
    count: 5,
    uuid: id,
    features: "a,b,c",
    discount: 0,
    api_key: "",
    api_url: "",
    status_moderation: "approved" as const,
    img: "https://img.example/x.png",
    img_key: "k",
    rating: 0,
    gift_available: 0,
    comment_status: 0,
    comment_regex: "",
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  } satisfies ProductRecord;
};

/** Creates the product and returns it as stored (writes condition on the stored product, e.g. its list mark). */
const put = async (product: ProductRecord) => {
  expect(await stores().products.create(product)).toBe("ok");
  return { ...product, lists_indexed: 1 as const };
};

const countsOf = async (...facets: string[]) => Object.fromEntries(await catalogue().counts(facets));

describe("catalogue indexer", () => {
  it("lists an approved product in its category, seller and word facets with exact counts, once however often it syncs", async () => {
    const category = await createTestCategory();
    const seller = freshSeller();
    const word = freshWord();
    const product = await put(
      approvedProduct({ seller_id: seller, id_categories: category, name: `Key ${word}` }),
    );
    expect(await catalogueIndexer().sync(product.id)).toMatchObject({ listed: true });
    for (let i = 0; i < 3; i++)
      expect(await catalogueIndexer().sync(product.id)).toEqual({ listed: true, facetsChanged: 0 });
    expect(await countsOf(`C#${category}`, `S#${seller}`, `T#${word}`, `T#${word.slice(0, 4)}`)).toEqual({
      [`C#${category}`]: { total: 1, in_stock: 1 },
      [`S#${seller}`]: { total: 1, in_stock: 1 },
      [`T#${word}`]: { total: 1, in_stock: 1 },
      [`T#${word.slice(0, 4)}`]: expect.objectContaining({ total: expect.any(Number) }),
    });
    expect(await catalogue().countInPriceRange(`C#${category}`, { min: 1000, max: 1000 }, "total")).toBe(1);
    expect(await catalogue().recordedFacets(product.id)).toEqual(
      expect.arrayContaining(["A", `C#${category}`, `S#${seller}`, `T#${word}`]),
    );
    expect((await catalogue().entries(product.id, [`C#${category}`])).get(`C#${category}`)).toMatchObject({
      price: 1000,
      in_stock: true,
    });
  });

  it("moves a product's price and stock in every facet, its counts and its price tree", async () => {
    const category = await createTestCategory();
    const seller = freshSeller();
    const product = await put(approvedProduct({ seller_id: seller, id_categories: category, price: 500 }));
    await catalogueIndexer().sync(product.id);
    await stores().products.update(product, { price: 4000, discount: 50 }, -5);
    expect(await catalogueIndexer().sync(product.id)).toMatchObject({ listed: true });
    expect(await countsOf(`C#${category}`)).toEqual({ [`C#${category}`]: { total: 1, in_stock: 0 } });
    const tree = (min: number, max: number, field: "total" | "in_stock") =>
      catalogue().countInPriceRange(`S#${seller}`, { min, max }, field);
    expect([
      await tree(1, 1999, "total"),
      await tree(2000, 2000, "total"),
      await tree(1, 9_999_999, "in_stock"),
    ]).toEqual([0, 1, 0]);
  });

  it("takes a product out of every facet when it is deleted or sent back to moderation", async () => {
    const category = await createTestCategory();
    const seller = freshSeller();
    const word = freshWord();
    const pending = await put(
      approvedProduct({ seller_id: seller, id_categories: category, name: `A ${word}` }),
    );
    const deleted = await put(
      approvedProduct({ seller_id: seller, id_categories: category, name: `B ${word}` }),
    );
    for (const p of [pending, deleted]) await catalogueIndexer().sync(p.id);
    expect(await countsOf(`T#${word}`)).toEqual({ [`T#${word}`]: { total: 2, in_stock: 2 } });
    await stores().products.update(pending, { status_moderation: "pending" });
    expect(await stores().products.delete(deleted)).toBe("ok");
    for (const p of [pending, deleted])
      expect(await catalogueIndexer().sync(p.id)).toMatchObject({ listed: false });
    expect(await countsOf(`C#${category}`, `S#${seller}`, `T#${word}`)).toEqual({
      [`C#${category}`]: { total: 0, in_stock: 0 },
      [`S#${seller}`]: { total: 0, in_stock: 0 },
      [`T#${word}`]: { total: 0, in_stock: 0 },
    });
    expect(await catalogue().recordedFacets(deleted.id)).toEqual([]);
    expect(await catalogue().countInPriceRange(`C#${category}`, { min: 1, max: 9_999_999 }, "total")).toBe(0);
  });

  it("moves a product between word facets when its name changes", async () => {
    const category = await createTestCategory();
    const [before, after] = [freshWord(), freshWord()];
    const product = await put(
      approvedProduct({ seller_id: freshSeller(), id_categories: category, name: `Key ${before}` }),
    );
    await catalogueIndexer().sync(product.id);
    await stores().products.update(product, { name: `Key ${after}`, name_key: `key ${after}` });
    await catalogueIndexer().sync(product.id);
    expect(await countsOf(`T#${before}`, `T#${after}`)).toEqual({
      [`T#${before}`]: { total: 0, in_stock: 0 },
      [`T#${after}`]: { total: 1, in_stock: 1 },
    });
  });

  it("converges without double counting after a run that stopped before recording what it listed", async () => {
    const category = await createTestCategory();
    const seller = freshSeller();
    const product = await put(approvedProduct({ seller_id: seller, id_categories: category }));
    await catalogueIndexer().sync(product.id);
    // As if the previous run wrote every entry and counter but died before recording the listing.
    await createDocumentClient().send(
      new DeleteCommand({ TableName: requireEnv("TABLE_NAME"), Key: keys.catalogueManifest(product.id) }),
    );
    expect(await catalogueIndexer().sync(product.id)).toMatchObject({ listed: true });
    expect(await countsOf(`C#${category}`, `S#${seller}`)).toEqual({
      [`C#${category}`]: { total: 1, in_stock: 1 },
      [`S#${seller}`]: { total: 1, in_stock: 1 },
    });
    expect(await catalogue().countInPriceRange(`S#${seller}`, { min: 1, max: 9_999_999 }, "total")).toBe(1);
  });

  it("writes nothing for a run that read the product before it changed: the next run sees the change", async () => {
    const category = await createTestCategory();
    const seller = freshSeller();
    const product = await put(approvedProduct({ seller_id: seller, id_categories: category }));
    await catalogueIndexer().sync(product.id);
    const stale = await stores().products.get(product.id, { consistent: true });
    expect(await stores().products.delete(product)).toBe("ok");
    // A late run still holding the approved product tries to relist it at a new price.
    const listing = listingOf(
      { ...product, price: 2000 },
      { id: category, name: "c", slug: "c", status: "active" },
    );
    const applied = await catalogue().applyUpdate({
      productId: product.id,
      seen: stale,
      recorded: [],
      touched: listing?.facets ?? [],
      changes: (listing?.facets ?? []).map((facet) => ({ facet, before: undefined, after: listing?.values })),
      listing,
    });
    expect(applied).toBe(false);
    await catalogueIndexer().sync(product.id);
    expect(await countsOf(`C#${category}`, `S#${seller}`)).toEqual({
      [`C#${category}`]: { total: 0, in_stock: 0 },
      [`S#${seller}`]: { total: 0, in_stock: 0 },
    });
    expect(await catalogue().recordedFacets(product.id)).toEqual([]);
  });

  it("writes no listing for a run that read the seller before it was blocked, and the next run leaves it unlisted", async () => {
    const category = await createTestCategory();
    const account = await createTestAccount();
    // Blocked before the product exists, so the stream-fed indexer, which reads the seller as blocked, never
    // lists it (put first, it listed the product before the block on a loaded CI run). The late run below
    // read the seller before the block; what its write meets is the same.
    await accountAccess().block(account.seller_id);
    const product = await put(approvedProduct({ seller_id: account.seller_id, id_categories: category }));
    const seen = await stores().products.get(product.id, { consistent: true });
    // A late run that read the seller as approved tries to list the product.
    const listing = listingOf(product, { id: category, name: "c", slug: "c", status: "active" });
    const applied = await catalogue().applyUpdate({
      productId: product.id,
      seen,
      recorded: [],
      touched: listing?.facets ?? [],
      changes: (listing?.facets ?? []).map((facet) => ({ facet, before: undefined, after: listing?.values })),
      listing,
    });
    expect(applied).toBe(false);
    expect(await catalogueIndexer().sync(product.id)).toEqual({ listed: false, facetsChanged: 0 });
    expect(await countsOf(`C#${category}`, `S#${account.seller_id}`)).toEqual({
      [`C#${category}`]: { total: 0, in_stock: 0 },
      [`S#${account.seller_id}`]: { total: 0, in_stock: 0 },
    });
  });

  it("counts a product once when ten syncs of it run at the same time", async () => {
    const category = await createTestCategory();
    const seller = freshSeller();
    const product = await put(approvedProduct({ seller_id: seller, id_categories: category }));
    await Promise.all(Array.from({ length: 10 }, () => catalogueIndexer().sync(product.id)));
    expect(await countsOf(`C#${category}`, `S#${seller}`)).toEqual({
      [`C#${category}`]: { total: 1, in_stock: 1 },
      [`S#${seller}`]: { total: 1, in_stock: 1 },
    });
    expect(await catalogue().countInPriceRange(`C#${category}`, { min: 1, max: 9_999_999 }, "total")).toBe(1);
  });

  it("answers every price range of a category exactly from its price tree", async () => {
    const category = await createTestCategory();
    const seller = freshSeller();
    const prices = [1, 2, 99, 100, 101, 1000, 1000, 4095, 4096, 65_535, 65_536, 999_999, 9_999_999];
    const products = await Promise.all(
      prices.map((price, i) =>
        put(approvedProduct({ seller_id: seller, id_categories: category, price, count: i % 3 })),
      ),
    );
    for (const p of products) await catalogueIndexer().sync(p.id);
    const ranges = [
      [1, 9_999_999],
      [1, 1],
      [2, 100],
      [100, 1000],
      [1001, 4095],
      [4096, 65_536],
      [65_537, 9_999_998],
      [9_999_999, 9_999_999],
      [0, 0],
    ];
    for (const [min = 0, max = 0] of ranges) {
      const expectedTotal = prices.filter((p) => p >= min && p <= max).length;
      const expectedInStock = prices.filter((p, i) => p >= min && p <= max && i % 3 !== 0).length;
      expect(
        await catalogue().countInPriceRange(`C#${category}`, { min, max }, "total"),
        `${min}..${max}`,
      ).toBe(expectedTotal);
      expect(
        await catalogue().countInPriceRange(`C#${category}`, { min, max }, "in_stock"),
        `${min}..${max}`,
      ).toBe(expectedInStock);
    }
  });
});

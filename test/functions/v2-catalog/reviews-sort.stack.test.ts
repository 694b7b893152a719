import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { type ListingValues, listingOf } from "../../../shared/catalogue/catalogue-listing.js";
import { createCatalogueRepository } from "../../../shared/catalogue/catalogue-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { writeTransaction } from "../../../shared/data/transactions.js";
import { ratingTallyUpdate } from "../../../shared/ratings/rating-tally-items.js";
import { reviewModerationService, reviewService } from "../../../shared/runtime/reviews.js";
import { deliveredOrderOf, keyProductOf } from "../../shared/reviews/review-world.js";
import {
  createPublicCategory,
  createTestSeller,
  listed,
  PUBLISHING_TIMEOUT,
  type PublishedProduct,
  searchIds,
  syncCatalogue,
  type TestSeller,
  uniqueWord,
} from "../../support/catalogue.js";
import { stores } from "../../support/orders.js";

/** The rated entries stored for a facet, as `<rating>#<product id>` keys, highest first. */
const ratedEntries = async (facet: string): Promise<string[]> => {
  const { Items } = await createDocumentClient().send(
    new QueryCommand({
      TableName: requireEnv("TABLE_NAME"),
      KeyConditionExpression: "PK = :pk",
      ExpressionAttributeValues: { ":pk": keys.ratedCatalogueEntry(facet, 0, "").PK },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => String(item.SK));
};

describe("GET /api/v2/search?sort=rating", { timeout: 4 * PUBLISHING_TIMEOUT }, () => {
  let seller: TestSeller;
  let reseller: TestSeller;
  let category: number;
  const word = uniqueWord();
  /** Oldest first: five, threeOld, unratedOld, threeNew, unratedNew. */
  let five: PublishedProduct;
  let threeOld: PublishedProduct;
  let unratedOld: PublishedProduct;
  let threeNew: PublishedProduct;
  let unratedNew: PublishedProduct;

  /** A review of `product` by the reseller, approved: the product shows `rating`. */
  const rated = async (product: PublishedProduct, rating: number) => {
    const orderId = await deliveredOrderOf(reseller, product.id);
    const review = await reviewService().create(reseller.id, { order_id: orderId, rating, text: "Rated" });
    await reviewModerationService().approve(review.review_id);
  };

  beforeAll(async () => {
    [seller, reseller, category] = await Promise.all([
      createTestSeller(),
      createTestSeller(),
      createPublicCategory(),
    ]);
    five = await keyProductOf(seller, 1, category, { meta_description: word });
    threeOld = await keyProductOf(seller, 1, category);
    unratedOld = await keyProductOf(seller, 1, category, { meta_description: word });
    threeNew = await keyProductOf(seller, 1, category, { meta_description: word });
    unratedNew = await keyProductOf(seller, 1, category);
    await rated(five, 5);
    await rated(threeOld, 3);
    await rated(threeNew, 3);
    await syncCatalogue(five.id, threeOld.id, unratedOld.id, threeNew.id, unratedNew.id);
  }, 4 * PUBLISHING_TIMEOUT);

  it("lists the highest rated first, newest first among equal ratings, then unrated products newest first; total as for any sort", async () => {
    const params = { category_id: String(category), sort: "rating" };
    expect(await searchIds(reseller.v2, params)).toEqual(
      listed([five.id, threeNew.id, threeOld.id, unratedNew.id, unratedOld.id], {
        page: 1,
        limit: 20,
        total: 5,
      }),
    );
    expect(await searchIds(reseller.v2, { ...params, limit: "2", page: "2" })).toEqual(
      listed([threeOld.id, unratedNew.id], { page: 2, limit: 2, total: 5 }),
    );
    expect(await searchIds(reseller.v2, { ...params, limit: "2", page: "3" })).toEqual(
      listed([unratedOld.id], { page: 3, limit: 2, total: 5 }),
    );
    // Filtered by further words: only the products whose description has the word, in the same order.
    expect(await searchIds(reseller.v2, { ...params, q: word })).toEqual(
      listed([five.id, threeNew.id, unratedOld.id], { page: 1, limit: 20, total: 3 }),
    );
    // The seller's facet serves it as well as the category's.
    expect(await searchIds(reseller.v2, { seller_id: String(seller.id), sort: "rating" })).toEqual(
      listed([five.id, threeNew.id, threeOld.id, unratedNew.id, unratedOld.id], {
        page: 1,
        limit: 20,
        total: 5,
      }),
    );
  });

  it("a product whose rating changes moves when the catalogue syncs it; unrated again, it leaves the rated entries", async () => {
    const review = await reviewService().edit(reseller.id, five.id, { rating: 2 });
    await syncCatalogue(five.id);
    expect(await ratedEntries(`C#${category}`)).toEqual([`3#${threeNew.id}`, `3#${threeOld.id}`]);
    const params = { category_id: String(category), sort: "rating" };
    expect((await searchIds(reseller.v2, params)).ids).toEqual([
      threeNew.id,
      threeOld.id,
      unratedNew.id,
      unratedOld.id,
      five.id,
    ]);
    await reviewModerationService().approve(review.review_id);
    await syncCatalogue(five.id);
    expect(await ratedEntries(`C#${category}`)).toEqual([
      `3#${threeNew.id}`,
      `3#${threeOld.id}`,
      `2#${five.id}`,
    ]);
    expect((await searchIds(reseller.v2, params)).ids).toEqual([
      threeNew.id,
      threeOld.id,
      five.id,
      unratedNew.id,
      unratedOld.id,
    ]);
  });

  it("a sync that read the product before a review moved its rating writes nothing; the next one lists the new rating", async () => {
    const product = await keyProductOf(seller, 1, category);
    await syncCatalogue(product.id);
    const stale = await stores().products.get(product.id, { consistent: true });
    const categoryRecord = { id: category, name: "c", slug: "c", status: "active" as const };
    const staleListing = stale ? listingOf(stale, categoryRecord) : undefined;
    // An approval lands between the sync's read and its write.
    await writeTransaction(createDocumentClient(), [
      ratingTallyUpdate(requireEnv("TABLE_NAME"), keys.product(product.id), { sum: 4, count: 1 }),
    ]);
    const late = { ...staleListing?.values, rating: 1 } as ListingValues;
    const applied = await createCatalogueRepository(
      createDocumentClient(),
      requireEnv("TABLE_NAME"),
    ).applyUpdate({
      productId: product.id,
      seen: stale,
      recorded: staleListing?.facets ?? [],
      touched: staleListing?.facets ?? [],
      changes: (staleListing?.facets ?? []).map((facet) => ({
        facet,
        before: staleListing?.values,
        after: late,
      })),
      listing: staleListing ? { facets: staleListing.facets, values: late } : undefined,
    });
    expect(applied).toBe(false);
    expect(await ratedEntries(`C#${category}`)).not.toContainEqual(`1#${product.id}`);
    await syncCatalogue(product.id);
    expect(await ratedEntries(`C#${category}`)).toContainEqual(`4#${product.id}`);
  });
});

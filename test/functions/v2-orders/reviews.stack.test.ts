import { beforeAll, describe, expect, it } from "vitest";
import { commentService } from "../../../shared/runtime/dependencies.js";
import { reviewService } from "../../../shared/runtime/reviews.js";
import {
  answer,
  call,
  deliveredOrderOf,
  type ReviewWorld,
  reviewWorld,
  talliesOf,
  v2Invalid,
  v2Refusal,
} from "../../shared/reviews/review-world.js";
import {
  createTestSeller,
  deleteProduct,
  PUBLISHING_TIMEOUT,
  type TestSeller,
  v2Get,
} from "../../support/catalogue.js";
import { runOps } from "../../support/ops-cli.js";
import { boughtOrder, buyableProduct, fundedReseller } from "../../support/purchases.js";

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

interface Review {
  review_id: string;
  product_id: string;
  order_id: string;
  rating: number;
  text: string;
  status: string;
  reason: string | null;
  created_at: string;
  updated_at: string;
  answer: unknown;
}

const post = (token: string, body: unknown) => call("POST", "/api/v2/reviews", token, body);
const edit = (token: string, productId: string, body: unknown) =>
  call("PUT", `/api/v2/reviews/${productId}`, token, body);
const remove = (token: string, productId: string) => call("DELETE", `/api/v2/reviews/${productId}`, token);
const reviewOf = async (world: ReviewWorld, rating: number, text: string): Promise<Review> => {
  const response = await post(world.reseller.v2, { order_id: world.orderId, rating, text });
  if (response.status !== 201) throw new Error(`review failed: ${response.status} ${response.text}`);
  return (response.body as { data: Review }).data;
};
const approve = async (reviewId: string) => {
  const result = await runOps(["review", "approve", reviewId]);
  if (result.code !== 0) throw new Error(`approve failed: ${result.stderr}`);
};

/** What the reseller and the seller are shown as ratings: v2 product, its seller, and v1 GET /seller. */
const shownRatings = async (world: ReviewWorld) => {
  const product = (await v2Get(world.reseller.v2, `/api/v2/product/${world.product.id}`)).body as {
    data: { rating: number; seller: { rating: number } };
  };
  const seller = (await call("GET", "/api/v1/seller", world.seller.v1)).body as { data: { rating: number } };
  return {
    product: product.data.rating,
    productSeller: product.data.seller.rating,
    seller: seller.data.rating,
  };
};

const commentsOf = async (world: ReviewWorld) =>
  answer(await v2Get(world.reseller.v2, `/api/v2/comment/${world.product.id}`));

describe("POST /api/v2/reviews", { timeout: PUBLISHING_TIMEOUT }, () => {
  let world: ReviewWorld;
  let intruder: TestSeller;

  beforeAll(async () => {
    [world, intruder] = await Promise.all([reviewWorld(2), createTestSeller()]);
  }, PUBLISHING_TIMEOUT);

  it("answers 201 with the pending review of the delivered order's product; GET /reviews lists it; nothing is public yet", async () => {
    const before = Date.now();
    const response = await post(world.reseller.v2, {
      order_id: world.orderId,
      rating: 5,
      text: "  Key arrived in a minute.\nWorks.  ",
    });
    expect(response.status).toBe(201);
    const review = (response.body as { data: Review }).data;
    expect(response.body).toStrictEqual({
      ok: true,
      data: {
        review_id: expect.stringMatching(ULID),
        product_id: world.product.id,
        order_id: world.orderId,
        rating: 5,
        text: "Key arrived in a minute.\nWorks.",
        status: "pending",
        reason: null,
        created_at: expect.stringMatching(ISO_TIME),
        updated_at: review.created_at,
        answer: null,
      },
      meta: {},
    });
    expect(Date.parse(review.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(answer(await v2Get(world.reseller.v2, "/api/v2/reviews"))).toStrictEqual({
      status: 200,
      body: { ok: true, data: [review], meta: { page: 1, limit: 20 } },
    });
    expect(await commentsOf(world)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [], meta: { page: 1, limit: 20, total: 0 } },
    });
    expect(await talliesOf(world)).toStrictEqual({
      product: { rating_sum: undefined, rating_count: undefined },
      seller: { rating_sum: undefined, rating_count: undefined },
    });
  });

  it("refuses a second review of the product with 409 review_exists, even for another delivered order of it", async () => {
    const second = await deliveredOrderOf(world.reseller, world.product.id);
    expect(
      answer(await post(world.reseller.v2, { order_id: second, rating: 1, text: "Again" })),
    ).toStrictEqual(
      v2Refusal(409, "review_exists", "You have already reviewed this product: edit or remove that review"),
    );
    expect(
      answer(await post(world.reseller.v2, { order_id: world.orderId, rating: 1, text: "Again" })),
    ).toStrictEqual(
      v2Refusal(409, "review_exists", "You have already reviewed this product: edit or remove that review"),
    );
  });

  it("answers another account's order exactly as an order that does not exist: 404 Order not found", async () => {
    const notFound = v2Refusal(404, "not_found", "Order not found");
    for (const order_id of [world.orderId, UNKNOWN_ID, "not-an-id"]) {
      expect(answer(await post(intruder.v2, { order_id, rating: 5, text: "Mine?" })), order_id).toStrictEqual(
        notFound,
      );
    }
    expect(answer(await v2Get(intruder.v2, "/api/v2/reviews"))).toStrictEqual({
      status: 200,
      body: { ok: true, data: [], meta: { page: 1, limit: 20 } },
    });
  });

  it("refuses the caller's own order that is not delivered yet with 409 review_not_allowed", async () => {
    const [{ product }, reseller] = await Promise.all([buyableProduct(), fundedReseller(1500)]);
    const orderId = await boughtOrder(reseller, product.id);
    expect(answer(await post(reseller.v2, { order_id: orderId, rating: 5, text: "Soon" }))).toStrictEqual(
      v2Refusal(409, "review_not_allowed", "Only a delivered order can be reviewed"),
    );
  });

  it("takes the rating 1-5 and the text under the rules of every text field (1-1000, no HTML)", async () => {
    const body = { order_id: world.orderId, rating: 5, text: "Fine" };
    const rating = "rating must be a whole number from 1 to 5";
    for (const bad of [0, 6, 4.5, "5"]) {
      expect(answer(await post(intruder.v2, { ...body, rating: bad })), String(bad)).toStrictEqual(
        v2Invalid("rating", rating),
      );
    }
    expect(answer(await post(intruder.v2, { ...body, text: "<b>great</b>" }))).toStrictEqual(
      v2Invalid("text", "Field 'text' must not contain HTML tags"),
    );
    expect(answer(await post(intruder.v2, { ...body, text: "x".repeat(1001) }))).toStrictEqual(
      v2Invalid("text", "Field 'text' must be at most 1000 characters"),
    );
    expect(answer(await post(intruder.v2, { ...body, text: "   " }))).toStrictEqual(
      v2Invalid("text", "Field 'text' must not be empty"),
    );
  });
});

describe("a review through moderation: public comment and ratings", { timeout: PUBLISHING_TIMEOUT }, () => {
  it("leaves GET /comment byte for byte as it was while the review is pending, then shows it once approved and moves both ratings", async () => {
    const world = await reviewWorld();
    const operator = await commentService().add({
      product_id: world.product.id,
      rating: 1,
      text: "Operator note",
    });
    const review = await reviewOf(world, 4, "Good key");
    const operatorOnly = `{"ok":true,"data":[{"rating":1,"text":"Operator note","created_at":"${operator.created_at}"}],"meta":{"page":1,"limit":20,"total":1}}`;
    expect((await v2Get(world.reseller.v2, `/api/v2/comment/${world.product.id}`)).text).toBe(operatorOnly);
    // Operator comments do not count in ratings.
    expect(await shownRatings(world)).toStrictEqual({ product: 0, productSeller: 0, seller: 0 });

    await approve(review.review_id);
    expect(await commentsOf(world)).toStrictEqual({
      status: 200,
      body: {
        ok: true,
        data: [
          { rating: 4, text: "Good key", created_at: review.updated_at },
          { rating: 1, text: "Operator note", created_at: operator.created_at },
        ],
        meta: { page: 1, limit: 20, total: 2 },
      },
    });
    expect(await shownRatings(world)).toStrictEqual({ product: 4, productSeller: 4, seller: 4 });
    expect(await talliesOf(world)).toStrictEqual({
      product: { rating_sum: 4, rating_count: 1 },
      seller: { rating_sum: 4, rating_count: 1 },
    });
    expect(
      (answer(await v2Get(world.reseller.v2, "/api/v2/reviews")).body as { data: Review[] }).data[0]?.status,
    ).toBe("approved");
  });

  it("an edit sends an approved review back to pending: off the public list and out of both ratings at once", async () => {
    const world = await reviewWorld();
    const review = await reviewOf(world, 5, "Great");
    await approve(review.review_id);
    expect(await shownRatings(world)).toStrictEqual({ product: 5, productSeller: 5, seller: 5 });

    const response = await edit(world.reseller.v2, world.product.id, { rating: 2 });
    const edited = (response.body as { data: Review }).data;
    expect(answer(response)).toStrictEqual({
      status: 200,
      body: {
        ok: true,
        data: { ...review, rating: 2, status: "pending", updated_at: expect.stringMatching(ISO_TIME) },
        meta: {},
      },
    });
    expect(edited.updated_at >= review.updated_at).toBe(true);
    expect(await commentsOf(world)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [], meta: { page: 1, limit: 20, total: 0 } },
    });
    expect(await shownRatings(world)).toStrictEqual({ product: 0, productSeller: 0, seller: 0 });
    expect(await talliesOf(world)).toStrictEqual({
      product: { rating_sum: 0, rating_count: 0 },
      seller: { rating_sum: 0, rating_count: 0 },
    });

    await approve(review.review_id);
    expect(await commentsOf(world)).toStrictEqual({
      status: 200,
      body: {
        ok: true,
        data: [{ rating: 2, text: "Great", created_at: edited.updated_at }],
        meta: { page: 1, limit: 20, total: 1 },
      },
    });
    expect(await shownRatings(world)).toStrictEqual({ product: 2, productSeller: 2, seller: 2 });
  });

  it("removing an approved review takes it off the list and out of the ratings; the reseller may review again", async () => {
    const world = await reviewWorld();
    const review = await reviewOf(world, 3, "Okay");
    await approve(review.review_id);
    expect(answer(await remove(world.reseller.v2, world.product.id))).toStrictEqual({
      status: 200,
      body: { ok: true, data: { product_id: world.product.id, removed: true }, meta: {} },
    });
    expect(await commentsOf(world)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [], meta: { page: 1, limit: 20, total: 0 } },
    });
    expect(await talliesOf(world)).toStrictEqual({
      product: { rating_sum: 0, rating_count: 0 },
      seller: { rating_sum: 0, rating_count: 0 },
    });
    const reviewGone = v2Refusal(404, "review_not_found", "Review not found");
    expect(answer(await remove(world.reseller.v2, world.product.id))).toStrictEqual(reviewGone);
    expect(answer(await edit(world.reseller.v2, world.product.id, { rating: 1 }))).toStrictEqual(reviewGone);
    const again = await reviewOf(world, 1, "Second thoughts");
    expect(again.review_id).not.toBe(review.review_id);
    // The old id names nothing now.
    const stale = await runOps(["review", "approve", review.review_id]);
    expect({ code: stale.code, stderr: stale.stderr }).toStrictEqual({
      code: 1,
      stderr: `Review ${review.review_id} not found\n`,
    });
  });

  it("the author sees a rejection and its reason; a rejected review is never public nor counted", async () => {
    const world = await reviewWorld();
    const review = await reviewOf(world, 1, "Terrible seller, scam");
    const rejected = await runOps(["review", "reject", review.review_id, "--reason", "Insults the seller"]);
    expect(rejected.code).toBe(0);
    expect(answer(await v2Get(world.reseller.v2, "/api/v2/reviews"))).toStrictEqual({
      status: 200,
      body: {
        ok: true,
        data: [{ ...review, status: "rejected", reason: "Insults the seller" }],
        meta: { page: 1, limit: 20 },
      },
    });
    expect(await shownRatings(world)).toStrictEqual({ product: 0, productSeller: 0, seller: 0 });
    // An edit sends it back to moderation and clears the reason.
    const response = await edit(world.reseller.v2, world.product.id, { text: "Slow seller" });
    expect((response.body as { data: Review }).data).toStrictEqual({
      ...review,
      text: "Slow seller",
      updated_at: expect.stringMatching(ISO_TIME),
    });
  });
});

describe("reviews of a product the seller deleted", { timeout: PUBLISHING_TIMEOUT }, () => {
  it("its approved review can still be edited or removed, which moves the seller's rating and never writes the product back; a pending one cannot be approved", async () => {
    const world = await reviewWorld(2);
    const review = await reviewOf(world, 4, "Good");
    await approve(review.review_id);
    const other = await createTestSeller();
    const otherOrder = await deliveredOrderOf(other, world.product.id);
    const pending = await reviewService().create(other.id, { order_id: otherOrder, rating: 1, text: "Bad" });
    await deleteProduct(world.seller.v1, world.product.id);

    const refused = await runOps(["review", "approve", pending.review_id]);
    expect({ code: refused.code, stderr: refused.stderr }).toStrictEqual({
      code: 1,
      stderr: `Product ${world.product.id} not found\n`,
    });
    expect(answer(await remove(world.reseller.v2, world.product.id)).status).toBe(200);
    expect(await talliesOf(world)).toStrictEqual({
      // The product's item went with the product, and no ADD wrote a stray one at its key.
      product: { rating_sum: undefined, rating_count: undefined },
      seller: { rating_sum: 0, rating_count: 0 },
    });
  });
});

describe("PUT and DELETE /api/v2/reviews/{product_id}", { timeout: PUBLISHING_TIMEOUT }, () => {
  let world: ReviewWorld;
  let intruder: TestSeller;

  beforeAll(async () => {
    [world, intruder] = await Promise.all([reviewWorld(), createTestSeller()]);
    await reviewOf(world, 4, "Fine");
  }, PUBLISHING_TIMEOUT);

  it("refuses an edit with neither rating nor text (422), and names an unknown field", async () => {
    expect(answer(await edit(world.reseller.v2, world.product.id, {}))).toStrictEqual(
      v2Invalid("", "Give rating, text or both"),
    );
    // An unknown field is named first; the body still has neither, so that is listed too.
    const unknown = v2Invalid("stars", "Field 'stars' is not allowed");
    unknown.body.error.details.issues.push({ field: "", message: "Give rating, text or both" });
    expect(answer(await edit(world.reseller.v2, world.product.id, { stars: 5 }))).toStrictEqual(unknown);
  });

  it("another reseller reaches only its own review of the product: none, so 404 review_not_found, and the author's is unchanged", async () => {
    const reviewGone = v2Refusal(404, "review_not_found", "Review not found");
    expect(answer(await edit(intruder.v2, world.product.id, { rating: 1 }))).toStrictEqual(reviewGone);
    expect(answer(await remove(intruder.v2, world.product.id))).toStrictEqual(reviewGone);
    expect(answer(await remove(world.reseller.v2, UNKNOWN_ID))).toStrictEqual(reviewGone);
    expect(answer(await remove(world.reseller.v2, "x".repeat(2000)))).toStrictEqual(reviewGone);
    const mine = (await v2Get(world.reseller.v2, "/api/v2/reviews")).body as { data: Review[] };
    expect(mine.data.map(({ rating, text }) => ({ rating, text }))).toStrictEqual([
      { rating: 4, text: "Fine" },
    ]);
  });
});

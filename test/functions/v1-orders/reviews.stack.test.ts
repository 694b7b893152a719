import { beforeAll, describe, expect, it } from "vitest";
import { reviewModerationService } from "../../../shared/runtime/reviews.js";
import { answer, call, type ReviewWorld, reviewWorld } from "../../shared/reviews/review-world.js";
import { createTestSeller, PUBLISHING_TIMEOUT, type TestSeller, v2Get } from "../../support/catalogue.js";

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

interface PostedReview {
  review_id: string;
  created_at: string;
  updated_at: string;
}

const v1Refusal = (status: number, message: string) => ({ status, body: { status: "error", message } });
const answerReview = (token: string, reviewId: string, body: unknown) =>
  call("POST", `/api/v1/reviews/${reviewId}/answer`, token, body);

describe("the seller's reviews: GET /api/v1/reviews and POST /api/v1/reviews/{review_id}/answer", {
  timeout: PUBLISHING_TIMEOUT,
}, () => {
  let world: ReviewWorld;
  let review: PostedReview;
  let otherSeller: TestSeller;

  beforeAll(async () => {
    [world, otherSeller] = await Promise.all([reviewWorld(), createTestSeller()]);
    const posted = await call("POST", "/api/v2/reviews", world.reseller.v2, {
      order_id: world.orderId,
      rating: 5,
      text: "Works",
    });
    review = (posted.body as { data: PostedReview }).data;
  }, PUBLISHING_TIMEOUT);

  const line = (status: string, answered: unknown = null) => ({
    review_id: review.review_id,
    product_id: world.product.id,
    reseller_id: world.reseller.id,
    rating: 5,
    text: "Works",
    status,
    created_at: review.created_at,
    updated_at: review.updated_at,
    answer: answered,
  });

  it("lists reviews of the caller's products in every state, never the buyer's e-mail; another seller sees none", async () => {
    const listed = await call("GET", "/api/v1/reviews", world.seller.v1);
    expect(answer(listed)).toStrictEqual({
      status: 200,
      body: { status: "success", data: [line("pending")] },
    });
    expect(listed.text).not.toContain("@");
    expect(answer(await call("GET", "/api/v1/reviews", otherSeller.v1))).toStrictEqual({
      status: 200,
      body: { status: "success", data: [] },
    });
  });

  it("a review of another seller's product answers 404 exactly like a missing one, and gains no answer", async () => {
    const missing = v1Refusal(404, "Review not found");
    for (const id of [review.review_id, UNKNOWN_ID, "nope"]) {
      const token = id === review.review_id ? otherSeller.v1 : world.seller.v1;
      expect(answer(await answerReview(token, id, { text: "Mine now" })), id).toStrictEqual(missing);
    }
    const listed = await call("GET", "/api/v1/reviews", world.seller.v1);
    expect((listed.body as { data: { answer: unknown }[] }).data[0]?.answer).toBeNull();
  });

  it("answers once (409 after), and the answer appears under the review once it is public, and only then", async () => {
    const response = await answerReview(world.seller.v1, review.review_id, { text: " Thank you!\nEnjoy. " });
    const answered = (response.body as { data: { answer: { created_at: string } } }).data.answer;
    expect(answer(response)).toStrictEqual({
      status: 200,
      body: {
        status: "success",
        data: line("pending", { text: "Thank you!\nEnjoy.", created_at: expect.stringMatching(ISO_TIME) }),
      },
    });
    expect(answer(await answerReview(world.seller.v1, review.review_id, { text: "Again" }))).toStrictEqual(
      v1Refusal(409, "This review already has your answer"),
    );
    const comments = () => v2Get(world.reseller.v2, `/api/v2/comment/${world.product.id}`);
    expect((await comments()).body).toStrictEqual({
      ok: true,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
    });

    await reviewModerationService().approve(review.review_id);
    expect((await comments()).body).toStrictEqual({
      ok: true,
      data: [
        {
          rating: 5,
          text: "Works",
          created_at: review.updated_at,
          answer: { text: "Thank you!\nEnjoy.", created_at: answered.created_at },
        },
      ],
      meta: { page: 1, limit: 20, total: 1 },
    });
    // The author sees the answer too.
    const mine = (await v2Get(world.reseller.v2, "/api/v2/reviews")).body as { data: { answer: unknown }[] };
    expect(mine.data[0]?.answer).toStrictEqual({
      text: "Thank you!\nEnjoy.",
      created_at: answered.created_at,
    });
  });

  it("takes the answer's text under the rules of every text field", async () => {
    expect(
      answer(await answerReview(world.seller.v1, review.review_id, { text: "<i>hi</i>" })),
    ).toStrictEqual(v1Refusal(400, "Field 'text' must not contain HTML tags"));
    expect(answer(await answerReview(world.seller.v1, review.review_id, {}))).toStrictEqual(
      v1Refusal(400, "Field 'text' is required"),
    );
  });

  it("answering a review that is already public shows the answer under it at once", async () => {
    const approved = await reviewWorld();
    const posted = await call("POST", "/api/v2/reviews", approved.reseller.v2, {
      order_id: approved.orderId,
      rating: 3,
      text: "Average",
    });
    const { review_id, updated_at } = (posted.body as { data: PostedReview }).data;
    await reviewModerationService().approve(review_id);
    const response = await answerReview(approved.seller.v1, review_id, { text: "We will do better" });
    expect(response.status).toBe(200);
    const answered = (response.body as { data: { answer: { created_at: string } } }).data.answer;
    expect((await v2Get(approved.reseller.v2, `/api/v2/comment/${approved.product.id}`)).body).toStrictEqual({
      ok: true,
      data: [
        {
          rating: 3,
          text: "Average",
          created_at: updated_at,
          answer: { text: "We will do better", created_at: answered.created_at },
        },
      ],
      meta: { page: 1, limit: 20, total: 1 },
    });
  });
});

import { MAX_RESULT_WINDOW } from "../../catalogue/search-query.js";
import { MAX_COMMENT_TEXT } from "../../comments/comment-fields.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { reviewStatuses, type SellerReview } from "../../reviews/review.js";
import { reviewAnswerBodySchema } from "../../reviews/review-answer-body.js";
import * as z from "../../validation/zod-mini.js";
import { answering } from "../answer-schema.js";
import type { RouteContract } from "../route-contract.js";
import { PRODUCT_ID } from "./example-ids.js";
import { describeFields } from "./field-descriptions.js";

/** A review's id in the examples. */
const REVIEW_ID = "01JQ7C3D4E5F6G7H8J9K0MNPQR";

describeFields(reviewAnswerBodySchema.shape, {
  text: `Your answer, shown publicly under the review once it is approved: 1-${MAX_COMMENT_TEXT} characters after trimming, line breaks allowed, no HTML tags or other control characters.`,
});

const moment = (what: string) =>
  z.string().check(z.describe(`${what} (ISO 8601, UTC, e.g. 2026-11-24T10:02:44.120Z)`));

const review = answering<SellerReview>()(
  z.strictObject({
    review_id: z.string().check(z.describe("The review's id: what POST /reviews/{review_id}/answer takes")),
    product_id: z.string().check(z.describe("Your product it reviews")),
    reseller_id: z.int().check(z.describe("The reseller who bought it and wrote the review (an account id)")),
    rating: z.int().check(z.describe("The rating, 1-5")),
    text: z
      .string()
      .check(z.describe(`The review's text (at most ${MAX_COMMENT_TEXT} characters; line breaks kept)`)),
    status: z
      .enum(reviewStatuses)
      .check(
        z.describe(
          "pending: waiting for the operator; approved: public in the v2 comments and counted in your rating and the product's; rejected: kept off",
        ),
      ),
    created_at: moment("When it was written"),
    updated_at: moment("When its rating or text last changed"),
    answer: z
      .nullable(
        z.strictObject({
          text: z.string().check(z.describe("Your answer")),
          created_at: moment("When you answered"),
        }),
      )
      .check(z.describe("Your one public answer, or null")),
  }),
);

const reviewExample = {
  review_id: REVIEW_ID,
  product_id: PRODUCT_ID,
  reseller_id: 2,
  rating: 5,
  text: "Key arrived in a minute, works.",
  status: "approved",
  created_at: "2026-11-24T10:02:44.120Z",
  updated_at: "2026-11-24T10:02:44.120Z",
  answer: null,
};

/** Reviews of the seller's products (#25, an extension): the list and the seller's one answer to each. */
export const v1ReviewsContracts = {
  "GET /reviews": {
    summary: "Buyers' reviews of your products, newest first",
    extension: true,
    description:
      "**Extension.** Every review of your products in every state (pending, approved, rejected), newest first, a page at a time (page from 1, limit 1-100, default 20). Never the buyer's e-mail.",
    success: { status: 200, data: z.array(review), example: [reviewExample] },
    errors: [worded(refusals.pageWindow, { max: MAX_RESULT_WINDOW })],
  },

  "POST /reviews/{review_id}/answer": {
    summary: "Answer a review of one of your products, once",
    extension: true,
    description:
      "**Extension.** Your answer is public: it appears under the review in GET /api/v2/comment/{product_id} while the review is approved. One answer per review (409 after that). A review of another seller's product answers 404 like a missing one.",
    pathParameters: { review_id: "The review's id, from GET /reviews" },
    requestExample: { text: "Thank you! Enjoy the game." },
    success: {
      status: 200,
      data: review,
      example: {
        ...reviewExample,
        answer: { text: "Thank you! Enjoy the game.", created_at: "2026-11-24T11:15:03.004Z" },
      },
    },
    errors: [refusals.reviewNotFound, refusals.reviewAlreadyAnswered, refusals.reviewChanged],
  },
} satisfies Readonly<Record<string, RouteContract>>;

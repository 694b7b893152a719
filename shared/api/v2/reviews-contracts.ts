import { MAX_RESULT_WINDOW } from "../../catalogue/search-query.js";
import { MAX_COMMENT_TEXT } from "../../comments/comment-fields.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { type ResellerReview, reviewStatuses } from "../../reviews/review.js";
import type { ReviewRemoved } from "../../reviews/review-service.js";
import * as z from "../../validation/zod-mini.js";
import { answering } from "../answer-schema.js";
import type { RouteContract } from "../route-contract.js";
import { ORDER_ID, PRODUCT_ID } from "./example-ids.js";
import { count, described, id, instant } from "./field-schemas.js";
import { pageMeta } from "./page-meta.js";

/** A review's id in the examples. */
const REVIEW_ID = "01KAQ9D5P8Q3T7W2E4G6H9J1KM";

const review = answering<ResellerReview>()(
  z.strictObject({
    review_id: id("The review's id (the seller answers it by this id)"),
    product_id: id("The product reviewed: the order's"),
    order_id: id("The delivered order the review was written for"),
    rating: count("The rating, 1-5"),
    text: described(
      z.string(),
      `The review's text (at most ${MAX_COMMENT_TEXT} characters; line breaks kept)`,
    ),
    status: described(
      z.enum(reviewStatuses),
      "pending: waiting for moderation (also after every edit); approved: public in GET /comment/{product_id} and counted in the product's and the seller's rating; rejected: kept off, see reason",
    ),
    reason: described(z.nullable(z.string()), "Why the operator rejected it; null unless rejected"),
    created_at: described(instant, "When it was written (ISO 8601, UTC)"),
    updated_at: described(instant, "When its rating or text last changed (ISO 8601, UTC)"),
    answer: described(
      z.nullable(
        z.strictObject({
          text: described(z.string(), "The seller's answer"),
          created_at: described(instant, "When the seller answered (ISO 8601, UTC)"),
        }),
      ),
      "The seller's one public answer, or null",
    ),
  }),
);

const reviewExample = {
  review_id: REVIEW_ID,
  product_id: PRODUCT_ID,
  order_id: ORDER_ID,
  rating: 5,
  text: "Key arrived in a minute, works.",
  status: "pending",
  reason: null,
  created_at: "2026-11-24T10:02:44.120Z",
  updated_at: "2026-11-24T10:02:44.120Z",
  answer: null,
};

const removed = answering<ReviewRemoved>()(
  z.strictObject({
    product_id: described(z.string(), "The product_id the request named"),
    removed: described(z.literal(true), "Always true: the review is gone (and so is its public comment)"),
  }),
);

const edited =
  "The review goes back to pending: an approved one leaves GET /comment/{product_id} and the product's and the seller's rating until the operator approves it again.";

/** Reviews (#25, an extension): a reseller's review of the product of one of its delivered orders. */
export const v2ReviewsContracts = {
  "POST /reviews": {
    summary: "Review the product of one of the caller's delivered orders",
    description:
      "**Extension.** One review per product: a second is 409 review_exists (edit or remove the first). The order must be the caller's (another account's answers 404 like a missing one) and delivered (409 review_not_allowed before). The review waits for the operator's moderation; approved, it appears in GET /comment/{product_id} and counts in the product's and the seller's rating: round(sum / count), halves up.",
    extension: true,
    requestExample: { order_id: ORDER_ID, rating: 5, text: "Key arrived in a minute, works." },
    success: { status: 201, data: review, example: reviewExample },
    errors: [
      refusals.orderNotFound,
      refusals.reviewNotAllowed,
      refusals.reviewExists,
      refusals.commentRating,
    ],
  },

  "GET /reviews": {
    summary: "The caller's reviews, by product id",
    description:
      "**Extension.** Every review the caller wrote, in every state, with the operator's reason and the seller's answer.",
    extension: true,
    success: {
      status: 200,
      data: z.array(review),
      example: [reviewExample],
      meta: pageMeta,
      metaExample: { page: 1, limit: 20 },
    },
    errors: [worded(refusals.pageWindow, { max: MAX_RESULT_WINDOW })],
  },

  "PUT /reviews/{product_id}": {
    summary: "Edit the caller's review of a product",
    description: `**Extension.** rating, text or both. ${edited}`,
    extension: true,
    pathParameters: { product_id: "The product the caller reviewed" },
    requestExample: { rating: 4, text: "Key arrived in a minute; region-locked though." },
    success: { status: 200, data: review, example: { ...reviewExample, rating: 4 } },
    errors: [refusals.reviewNotFound, refusals.reviewEditEmpty, refusals.reviewChanged],
  },

  "DELETE /reviews/{product_id}": {
    summary: "Remove the caller's review of a product",
    description:
      "**Extension.** The review goes; an approved one leaves GET /comment/{product_id} and the ratings at once. The caller may review the product again afterwards.",
    extension: true,
    pathParameters: { product_id: "The product the caller reviewed" },
    success: { status: 200, data: removed, example: { product_id: PRODUCT_ID, removed: true } },
    errors: [refusals.reviewNotFound, refusals.reviewChanged],
  },
} satisfies Readonly<Record<string, RouteContract>>;

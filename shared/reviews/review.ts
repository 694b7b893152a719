import { type CommentAnswer, commentAnswerSchema } from "../comments/comment-fields.js";
import * as z from "../validation/zod-mini.js";

/** A review's moderation states: it waits (`pending`), is public (`approved`) or is kept off (`rejected`). */
export const reviewStatuses = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** A review as stored (under its reseller, one per product; `keys.review`). */
export const reviewRecordSchema = z.object({
  review_id: z.string(),
  product_id: z.string(),
  order_id: z.string(),
  reseller_id: z.number().check(z.int()),
  seller_id: z.number().check(z.int()),
  rating: z.number().check(z.int()),
  text: z.string(),
  status: z.enum(reviewStatuses),
  /** Why the operator rejected it (rejected only). */
  reason: z.optional(z.string()),
  created_at: z.string(),
  /** When its rating and text were last written: the public comment's time, and its key's. */
  updated_at: z.string(),
  answer: z.optional(commentAnswerSchema),
  /** Moves by one with every write: each write is conditioned on the version it read. */
  version: z.number().check(z.int()),
});
export type ReviewRecord = z.infer<typeof reviewRecordSchema>;

/** A review as its author reads it (v2). */
export interface ResellerReview {
  readonly review_id: string;
  readonly product_id: string;
  readonly order_id: string;
  readonly rating: number;
  readonly text: string;
  readonly status: ReviewStatus;
  readonly reason: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly answer: CommentAnswer | null;
}

/** A review of one of the seller's products, as the seller reads it (v1): never the reseller's e-mail. */
export interface SellerReview {
  readonly review_id: string;
  readonly product_id: string;
  readonly reseller_id: number;
  readonly rating: number;
  readonly text: string;
  readonly status: ReviewStatus;
  readonly created_at: string;
  readonly updated_at: string;
  readonly answer: CommentAnswer | null;
}

/** The author's view of a review. */
export const resellerReview = (review: ReviewRecord): ResellerReview => ({
  review_id: review.review_id,
  product_id: review.product_id,
  order_id: review.order_id,
  rating: review.rating,
  text: review.text,
  status: review.status,
  reason: review.reason ?? null,
  created_at: review.created_at,
  updated_at: review.updated_at,
  answer: review.answer ?? null,
});

/** The seller's view of a review. */
export const sellerReview = (review: ReviewRecord): SellerReview => ({
  review_id: review.review_id,
  product_id: review.product_id,
  reseller_id: review.reseller_id,
  rating: review.rating,
  text: review.text,
  status: review.status,
  created_at: review.created_at,
  updated_at: review.updated_at,
  answer: review.answer ?? null,
});

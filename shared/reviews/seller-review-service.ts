import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { Clock } from "../time/clock.js";
import { type SellerReview, sellerReview } from "./review.js";
import type { ReviewAnswerBody } from "./review-answer-body.js";
import { changeReview, nextVersion } from "./review-changes.js";
import type { SellerReviewList } from "./review-list-repository.js";
import type { ReviewStore } from "./review-repository.js";

/** The seller's side of reviews (v1 extension): the reviews of its products and its one public answer to each. */
export const createSellerReviewService = (deps: {
  reviews: Pick<ReviewStore, "find" | "write">;
  list: SellerReviewList;
  now: Clock;
}) => {
  const missing = () => refuse(refusals.reviewNotFound);

  return {
    /** GET /reviews: reviews of the caller's products in every state, newest first, one page. */
    async list(sellerId: number, page: number, limit: number): Promise<SellerReview[]> {
      const reviews = await deps.list(sellerId, (page - 1) * limit, limit);
      return reviews.map(sellerReview);
    },

    /**
     * POST /reviews/{review_id}/answer: the seller's answer, once; shown under the review wherever it is
     * public. A review of another seller's product is 404 like a missing one.
     */
    async answer(sellerId: number, reviewId: string, body: ReviewAnswerBody): Promise<SellerReview> {
      const { after } = await changeReview(
        deps.reviews,
        async () => {
          const review = isId(reviewId) ? await deps.reviews.find(reviewId) : undefined;
          return review?.seller_id === sellerId ? review : undefined;
        },
        (review) => {
          if (review.answer) throw refuse(refusals.reviewAlreadyAnswered);
          return nextVersion(review, { answer: { text: body.text, created_at: deps.now().toISOString() } });
        },
        // An answer moves no tally.
        { missing, productGone: missing },
      );
      if (!after) throw missing();
      return sellerReview(after);
    },
  };
};

export type SellerReviewService = ReturnType<typeof createSellerReviewService>;

import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import { type ReviewRecord, type ReviewStatus, reviewStatuses } from "./review.js";
import { changeReview, nextVersion } from "./review-changes.js";
import type { ReviewQueue } from "./review-list-repository.js";
import type { ReviewStore } from "./review-repository.js";

/** How many reviews `ops review list` prints: the newest of the status asked for. */
export const REVIEW_LIST_LIMIT = 100;
/** The longest rejection reason, as for products. */
const MAX_REASON = 1000;

/**
 * The operator's moderation of reviews (ops CLI). Approving publishes a pending review in its product's
 * comments and counts it in the product's and seller's ratings; rejecting keeps it off (a pending one)
 * or takes it down (an approved one), with a reason its author reads.
 */
export const createReviewModerationService = (deps: {
  reviews: Pick<ReviewStore, "find" | "write">;
  queue: ReviewQueue;
}) => {
  const change = (reviewId: string, decide: (review: ReviewRecord) => ReviewRecord) =>
    changeReview(
      deps.reviews,
      () => (isId(reviewId) ? deps.reviews.find(reviewId) : Promise.resolve(undefined)),
      decide,
      {
        missing: () => refuse(worded(refusals.reviewIdNotFound, { reviewId })),
        productGone: (review) => refuse(worded(refusals.productIdNotFound, { productId: review.product_id })),
      },
    );
  const decided = (review: ReviewRecord) =>
    refuse(worded(refusals.reviewAlreadyDecided, { reviewId: review.review_id, status: review.status }));

  return {
    /** `review list [--status]`: the newest reviews of a status (pending, the queue, by default). */
    async list(status: string = "pending"): Promise<ReviewRecord[]> {
      if (!(reviewStatuses as readonly string[]).includes(status)) throw refuse(refusals.reviewStatusFilter);
      return deps.queue(status as ReviewStatus, REVIEW_LIST_LIMIT);
    },

    /** `review approve <id>`: a pending review becomes public and counts in the ratings. */
    async approve(reviewId: string): Promise<ReviewRecord> {
      const { after } = await change(reviewId, (review) => {
        if (review.status !== "pending") throw decided(review);
        return nextVersion(review, { status: "approved" });
      });
      return after as ReviewRecord;
    },

    /** `review reject <id> --reason`: a pending or approved review is kept off the public list, with the reason. */
    async reject(reviewId: string, reason: string): Promise<ReviewRecord> {
      const trimmed = reason.trim();
      if (trimmed.length === 0 || trimmed.length > MAX_REASON) throw refuse(refusals.rejectionReason);
      const { after } = await change(reviewId, (review) => {
        if (review.status === "rejected") throw decided(review);
        return nextVersion(review, { status: "rejected", reason: trimmed });
      });
      return after as ReviewRecord;
    },
  };
};

export type ReviewModerationService = ReturnType<typeof createReviewModerationService>;

import { defineTableItem } from "../data/table-item.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import type { ReviewRecord } from "./review.js";

/** A review, under its reseller; in its status's moderation queue and in its seller's list (both keys only). */
export const reviewTableItem = defineTableItem({ entity: "review", key: keys.review });

/** Where a review lives, by its id: written and removed with the review, never changed. */
export const reviewLookupTableItem = defineTableItem({ entity: "review_lookup", key: keys.reviewLookup });

/** The item a review is stored as: the record, its moderation queue's and its seller's index keys. */
export const reviewItem = (review: ReviewRecord) =>
  reviewTableItem.item([review.reseller_id, review.product_id], {
    ...review,
    ...indexMembership(
      indexedCollections.reviewsByStatus,
      [review.status],
      [review.updated_at, review.review_id],
    ),
    ...indexMembership(
      indexedCollections.sellerReviews,
      [review.seller_id],
      [review.created_at, review.review_id],
    ),
  });

/** The lookup item of a review. */
export const reviewLookupItem = (review: ReviewRecord) =>
  reviewLookupTableItem.item([review.review_id], {
    review_id: review.review_id,
    reseller_id: review.reseller_id,
    product_id: review.product_id,
  });

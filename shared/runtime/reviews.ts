import { createReviewCreation } from "../reviews/review-creation-repository.js";
import {
  createResellerReviewList,
  createReviewQueue,
  createSellerReviewList,
} from "../reviews/review-list-repository.js";
import { createReviewModerationService } from "../reviews/review-moderation-service.js";
import { createReviewRepository } from "../reviews/review-repository.js";
import { createReviewService } from "../reviews/review-service.js";
import { createSellerReviewService } from "../reviews/seller-review-service.js";
import { orderStore } from "./order-store.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/* The composition root of reviews (#25): each service wired to the table. */

const reviewStore = () => createReviewRepository(tableClient(), tableName());

/** A reseller's reviews (v2). */
export const reviewService = () =>
  createReviewService({
    reviews: reviewStore(),
    create: createReviewCreation(tableClient(), tableName()),
    list: createResellerReviewList(tableClient(), tableName()),
    orders: orderStore(),
    now: clockAndRandomness.now,
  });

/** The seller's reviews and answers (v1). */
export const sellerReviewService = () =>
  createSellerReviewService({
    reviews: reviewStore(),
    list: createSellerReviewList(tableClient(), tableName()),
    now: clockAndRandomness.now,
  });

/** The operator's moderation (ops CLI). */
export const reviewModerationService = () =>
  createReviewModerationService({
    reviews: reviewStore(),
    queue: createReviewQueue(tableClient(), tableName()),
  });

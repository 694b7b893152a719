import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId, newId } from "../ids/ids.js";
import type { OrderStore } from "../orders/order-repository.js";
import type { Clock } from "../time/clock.js";
import { type ResellerReview, type ReviewRecord, resellerReview } from "./review.js";
import type { NewReviewBody, ReviewEditBody } from "./review-bodies.js";
import { changeReview, nextVersion } from "./review-changes.js";
import type { ReviewCreation } from "./review-creation-repository.js";
import type { ResellerReviewList } from "./review-list-repository.js";
import type { ReviewStore } from "./review-repository.js";

/** What DELETE /api/v2/reviews/{product_id} answers. */
export interface ReviewRemoved {
  readonly product_id: string;
  readonly removed: true;
}

/** A reseller's reviews of products it bought (v2): write one per product, edit or remove it, list them. */
export const createReviewService = (deps: {
  reviews: Pick<ReviewStore, "get" | "write">;
  create: ReviewCreation;
  list: ResellerReviewList;
  orders: Pick<OrderStore, "get">;
  now: Clock;
}) => {
  const missing = () => refuse(refusals.reviewNotFound);
  // An edit or a removal never adds a review to a tally, so the product's deletion never refuses one.
  const refusalsFor = { missing, productGone: missing };
  // An id that cannot name a product names no review either, and is never sent as a key.
  const own = (resellerId: number, productId: string) => () =>
    isId(productId) ? deps.reviews.get(resellerId, productId) : Promise.resolve(undefined);

  return {
    /**
     * POST /reviews: a review of the product of one of the caller's delivered orders, waiting for
     * moderation. Another account's order is 404 like a missing one: a reseller learns nothing of
     * orders that are not its own.
     */
    async create(resellerId: number, body: NewReviewBody): Promise<ResellerReview> {
      const order = isId(body.order_id) ? await deps.orders.get(body.order_id) : undefined;
      if (order?.channel !== "reseller" || order.buyer_account_id !== resellerId)
        throw refuse(refusals.orderNotFound);
      if (!order.delivered) throw refuse(refusals.reviewNotAllowed);
      const at = deps.now().toISOString();
      const review: ReviewRecord = {
        review_id: newId(deps.now().getTime()),
        product_id: order.product_id,
        order_id: order.id_order,
        reseller_id: resellerId,
        seller_id: order.seller_id,
        rating: body.rating,
        text: body.text,
        status: "pending",
        created_at: at,
        updated_at: at,
        version: 1,
      };
      const outcome = await deps.create(review);
      if (outcome === "exists") throw refuse(refusals.reviewExists);
      // The order was read as the caller's and delivered, and neither ever changes back.
      if (outcome === "order_refused") throw refuse(refusals.reviewNotAllowed);
      return resellerReview(review);
    },

    /** PUT /reviews/{product_id}: new rating or text; the review waits for moderation again (and leaves the public list). */
    async edit(resellerId: number, productId: string, body: ReviewEditBody): Promise<ResellerReview> {
      const { after } = await changeReview(
        deps.reviews,
        own(resellerId, productId),
        (review) => {
          const { reason: _dropped, ...rest } = review;
          return nextVersion(rest, {
            ...(body.rating === undefined ? {} : { rating: body.rating }),
            ...(body.text === undefined ? {} : { text: body.text }),
            status: "pending",
            updated_at: deps.now().toISOString(),
          });
        },
        refusalsFor,
      );
      if (!after) throw missing();
      return resellerReview(after);
    },

    /** DELETE /reviews/{product_id}: the review goes, and with it its public comment and its share of the ratings. */
    async remove(resellerId: number, productId: string): Promise<ReviewRemoved> {
      await changeReview(deps.reviews, own(resellerId, productId), () => undefined, refusalsFor);
      return { product_id: productId, removed: true };
    },

    /** GET /reviews: the caller's reviews, by product id, one page. */
    async list(resellerId: number, page: number, limit: number) {
      const reviews = await deps.list(resellerId, (page - 1) * limit, limit);
      return { items: reviews.map(resellerReview), meta: { page, limit } };
    },
  };
};

export type ReviewService = ReturnType<typeof createReviewService>;

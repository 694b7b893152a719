import { pageQuerySchema } from "../../shared/catalogue/search-query.js";
import { type ActionsFor, defineAction } from "../../shared/http/group-handler.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import type { GroupRouteKey } from "../../shared/http/routes.js";
import { newReviewBodySchema, reviewEditBodySchema } from "../../shared/reviews/review-bodies.js";
import { reviewService } from "../../shared/runtime/reviews.js";

/** POST, GET /reviews and PUT, DELETE /reviews/{product_id}: a reseller's reviews (an extension, #25). */
export const reviewActions = {
  "POST /reviews": defineAction({
    body: newReviewBodySchema,
    handle: async (request) => ({
      status: 201,
      data: await reviewService().create(callerId(request), request.body),
    }),
  }),
  "GET /reviews": defineAction({
    query: pageQuerySchema,
    handle: async (request) => {
      const { page, limit } = request.query;
      const { items, meta } = await reviewService().list(callerId(request), page, limit);
      return { data: items, meta };
    },
  }),
  "PUT /reviews/{product_id}": defineAction({
    body: reviewEditBodySchema,
    handle: async (request) => ({
      data: await reviewService().edit(callerId(request), pathParameter(request, "product_id"), request.body),
    }),
  }),
  "DELETE /reviews/{product_id}": defineAction({
    handle: async (request) => ({
      data: await reviewService().remove(callerId(request), pathParameter(request, "product_id")),
    }),
  }),
} satisfies Partial<ActionsFor<GroupRouteKey<"v2-orders">>>;

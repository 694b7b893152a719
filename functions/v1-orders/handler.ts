import { pageQuerySchema } from "../../shared/catalogue/search-query.js";
import { chatBodySchema } from "../../shared/chat/chat-body.js";
import { deliveryBodySchema } from "../../shared/delivery/delivery-service.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import { reviewAnswerBodySchema } from "../../shared/reviews/review-answer-body.js";
import {
  chatService,
  deliveryService,
  deliveryUrlService,
  orderService,
} from "../../shared/runtime/orders.js";
import { sellerReviewService } from "../../shared/runtime/reviews.js";
import { orderWebhookAttempts } from "../../shared/runtime/seller-webhooks.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { cursorPageSchema, nextPageHeaders } from "../../shared/validation/cursor-page.js";

/**
 * Seller API v1: the seller's orders and delivery, and (extensions) the seller's side of each order's
 * chat, the delivery URL of a paid, undelivered order, an order's webhook attempts and the counts of the
 * orders that need the seller; the reviews of the seller's products and its answers to them (#25).
 */
export const handler = createGroupHandler(
  "v1-orders",
  {
    "GET /orders": defineAction({
      query: cursorPageSchema,
      handle: async (request) => {
        const { items, next } = await orderService().listForSeller(callerId(request), request.query);
        return { data: items, headers: nextPageHeaders(next) };
      },
    }),
    "POST /orders/delivery/{token}": defineAction({
      body: deliveryBodySchema,
      handle: async (request) => ({
        data: await deliveryService().deliver(
          callerId(request),
          pathParameter(request, "token"),
          request.body,
        ),
      }),
    }),
    "GET /orders/info/{id}": defineAction({
      handle: async (request) => ({
        data: await orderService().infoForSeller(callerId(request), pathParameter(request, "id")),
      }),
    }),
    "GET /orders/delivery-url/{id}": defineAction({
      handle: async (request) => ({
        data: await deliveryUrlService().forSeller(callerId(request), pathParameter(request, "id")),
      }),
    }),
    "GET /orders/webhooks/{id}": defineAction({
      handle: async (request) => ({
        data: await orderWebhookAttempts().forSeller(callerId(request), pathParameter(request, "id")),
      }),
    }),
    "GET /orders/summary": defineAction({
      handle: async (request) => ({ data: await orderService().summaryForSeller(callerId(request)) }),
    }),
    "GET /orders/chat/{id_order}": defineAction({
      query: pageQuerySchema,
      handle: async (request) => {
        // v1 has no meta: the page is the array; a short page means the chat's end.
        const { items } = await chatService().listForSeller(
          callerId(request),
          pathParameter(request, "id_order"),
          request.query,
        );
        return { data: items };
      },
    }),
    "POST /orders/chat/{id_order}": defineAction({
      body: chatBodySchema,
      handle: async (request) => ({
        data: await chatService().postAsSeller(
          callerId(request),
          pathParameter(request, "id_order"),
          request.body.message,
        ),
      }),
    }),
    "GET /reviews": defineAction({
      query: pageQuerySchema,
      handle: async (request) => ({
        data: await sellerReviewService().list(callerId(request), request.query.page, request.query.limit),
      }),
    }),
    "POST /reviews/{review_id}/answer": defineAction({
      body: reviewAnswerBodySchema,
      handle: async (request) => ({
        data: await sellerReviewService().answer(
          callerId(request),
          pathParameter(request, "review_id"),
          request.body,
        ),
      }),
    }),
  },
  tokenVerifier,
);

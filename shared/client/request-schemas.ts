import { profileUpdateSchema } from "../accounts/seller-profile.js";
import { webhookSubscriptionBodySchema } from "../accounts/webhook-subscription.js";
import type { VersionRouteKey } from "../api/route-table.js";
import { pageQuerySchema, searchQuerySchema } from "../catalogue/search-query.js";
import { chatBodySchema } from "../chat/chat-body.js";
import { deliveryBodySchema } from "../delivery/delivery-service.js";
import { favoriteBodySchema } from "../favorites/favorite.js";
import {
  keyCodeInventoryQuerySchema,
  keyCodeUploadSchema,
  keyCodeWithdrawalSchema,
} from "../key-stock/key-stock-requests.js";
import { disputeBodySchema, historyQuerySchema } from "../orders/buyer-order-input.js";
import { payoutRequestSchema } from "../payouts/payout.js";
import { createProductSchema, updateProductSchema } from "../products/product.js";
import { idProductSchema } from "../products/product-id-body.js";
import { productListQuerySchema } from "../products/product-list-query.js";
import { buyBodySchema, giftBodySchema } from "../purchases/purchase-body.js";
import { reviewAnswerBodySchema } from "../reviews/review-answer-body.js";
import { newReviewBodySchema, reviewEditBodySchema } from "../reviews/review-bodies.js";
import { cursorPageSchema } from "../validation/cursor-page.js";

/** A multipart form's members: a text field or a file. */
export type FormMember = "field" | "file";

/** What a route reads besides its path: a JSON body schema, a query schema or a multipart form. */
export interface RouteRequest {
  readonly body?: unknown;
  readonly query?: unknown;
  readonly form?: Readonly<Record<string, FormMember>>;
}

/** Request schemas of some routes of a version, each under its key in the route table and no other. */
export type RequestsOf<V extends "v1" | "v2"> = { readonly [K in VersionRouteKey<V>]?: RouteRequest };

/**
 * The request schemas of every v1 route that reads a body, a query or a form: the very schemas its
 * handler's action validates with (a test holds the two identical), so the client's input types are
 * the server's. A route not listed reads nothing but its path.
 */
export const v1RequestSchemas = {
  "GET /products": { query: productListQuerySchema },
  "POST /products": { body: createProductSchema },
  "POST /products/update/{id}": { body: updateProductSchema },
  "POST /products/moderation": { body: idProductSchema },
  "POST /products/img": { form: { id_product: "field", img: "file" } },
  "POST /products/keys/{id}": { body: keyCodeUploadSchema },
  "GET /products/keys/{id}": { query: keyCodeInventoryQuerySchema },
  "POST /products/keys/withdraw/{id}": { body: keyCodeWithdrawalSchema },
  "GET /orders": { query: cursorPageSchema },
  "POST /orders/delivery/{token}": { body: deliveryBodySchema },
  "GET /orders/chat/{id_order}": { query: pageQuerySchema },
  "POST /orders/chat/{id_order}": { body: chatBodySchema },
  "POST /seller/profile": { body: profileUpdateSchema },
  "POST /seller/img": { form: { img: "file" } },
  "POST /seller/webhook-events": { body: webhookSubscriptionBodySchema },
  "POST /payout": { body: payoutRequestSchema },
  "GET /payout/history": { query: cursorPageSchema },
  "GET /reviews": { query: pageQuerySchema },
  "POST /reviews/{review_id}/answer": { body: reviewAnswerBodySchema },
} as const satisfies RequestsOf<"v1">;

/** The request schemas of every v2 route that reads a body or a query (see v1RequestSchemas). */
export const v2RequestSchemas = {
  "GET /search": { query: searchQuerySchema },
  "GET /products/{seller_id}": { query: pageQuerySchema },
  "POST /buy": { body: buyBodySchema },
  "POST /gift": { body: giftBodySchema },
  "GET /history": { query: historyQuerySchema },
  "GET /favorites": { query: pageQuerySchema },
  "POST /favorites": { body: favoriteBodySchema },
  "GET /comment/{product_id}": { query: pageQuerySchema },
  "GET /chat/{chat_id}": { query: pageQuerySchema },
  "POST /chat/{chat_id}": { body: chatBodySchema },
  "POST /dispute": { body: disputeBodySchema },
  "POST /reviews": { body: newReviewBodySchema },
  "GET /reviews": { query: pageQuerySchema },
  "PUT /reviews/{product_id}": { body: reviewEditBodySchema },
} as const satisfies RequestsOf<"v2">;

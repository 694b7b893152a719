import { DomainError } from "../../shared/errors/domain-error.js";
import type { GatewayRouteKey } from "../../shared/http/routes.js";
import { forbidden, notFound } from "../support/expected-refusals.js";
import { error, type RouteFixture, UNKNOWN_ID } from "./route-fixture.js";

const v2 = (path: string) => `/api/v2${path}`;
const sellerIdRefusal = (id: string): DomainError =>
  /^[1-9]\d{0,9}$/.test(id)
    ? notFound("Seller not found")
    : new DomainError("invalid_input", "invalid_request", "seller_id must be a positive whole number", {
        issues: [{ field: "seller_id", message: "seller_id must be a positive whole number" }],
      });

/** The Reseller API v2 routes' fixtures: one for each v2 route of the table, and no other. */
export const v2RouteFixtures: Readonly<Record<GatewayRouteKey<"v2">, RouteFixture>> = {
  "POST /api/v2/auth/api-key/create": {
    owner: "none",
    path: () => v2("/auth/api-key/create"),
    foreign: { none: "exchanges an API key; its refusals are in the API-key matrix" },
  },
  "GET /api/v2/balance": {
    owner: "reseller",
    path: () => v2("/balance"),
    foreign: { scoped: true },
  },
  "GET /api/v2/search": {
    owner: "reseller",
    path: () => v2("/search"),
    foreign: { shared: "search covers public products only" },
  },
  "GET /api/v2/products/{seller_id}": {
    owner: "reseller",
    path: (w) => v2(`/products/${w.seller.id}`),
    foreign: { shared: "a seller's catalogue is public" },
    unknownId: sellerIdRefusal,
  },
  "GET /api/v2/product/{product_id}": {
    owner: "reseller",
    path: (w) => v2(`/product/${w.product.id}`),
    foreign: { shared: "a public product is public" },
    unknownId: () => notFound("Product not found"),
  },
  "POST /api/v2/buy": {
    owner: "reseller",
    path: () => v2("/buy"),
    body: (w) => ({ product_id: w.product.id, quantity: 1 }),
    foreign: {
      none: "buying names another seller's public product by design; self-purchase is refused elsewhere",
    },
    target: {
      body: () => ({ product_id: UNKNOWN_ID, quantity: 1 }),
      answer: () => error(notFound("Product not found")),
    },
  },
  "POST /api/v2/gift": {
    owner: "reseller",
    path: () => v2("/gift"),
    body: (w) => ({ product_id: w.product.id }),
    foreign: { none: "a gift names another seller's public product by design" },
    target: { body: () => ({ product_id: UNKNOWN_ID }), answer: () => error(notFound("Product not found")) },
  },
  "GET /api/v2/history": {
    owner: "reseller",
    path: () => v2("/history"),
    foreign: { scoped: true },
  },
  "GET /api/v2/order/{order_id}": {
    owner: "reseller",
    path: (w) => v2(`/order/${w.order}`),
    foreign: { refused: forbidden("Access denied") },
    unknownId: () => notFound("Order not found"),
  },
  "GET /api/v2/favorites": {
    owner: "reseller",
    path: () => v2("/favorites"),
    foreign: { scoped: true },
  },
  "POST /api/v2/favorites": {
    owner: "reseller",
    path: () => v2("/favorites"),
    body: (w) => ({ product_id: w.product.id, action: "add" }),
    foreign: { none: "a favorite names a public product, which any reseller may add" },
    target: {
      body: () => ({ product_id: UNKNOWN_ID, action: "add" }),
      // Removing needs no product: an unknown one is already not a favorite, and nothing is written.
      answer: (body) =>
        body.action === "remove"
          ? { data: { product_id: body.product_id, favorite: false } }
          : error(notFound("Product not found")),
    },
  },
  "GET /api/v2/comment/{product_id}": {
    owner: "reseller",
    path: (w) => v2(`/comment/${w.product.id}`),
    foreign: { shared: "comments of a public product are public" },
    unknownId: () => notFound("Product not found"),
  },
  "GET /api/v2/chat/{chat_id}": {
    owner: "reseller",
    path: (w) => v2(`/chat/${w.order}`),
    foreign: { refused: forbidden("Access denied") },
    unknownId: () => notFound("Chat not found"),
  },
  "POST /api/v2/chat/{chat_id}": {
    owner: "reseller",
    path: (w) => v2(`/chat/${w.order}`),
    body: () => ({ message: "hello from the security suite" }),
    foreign: { refused: forbidden("Access denied") },
    target: {
      path: () => v2(`/chat/${UNKNOWN_ID}`),
      body: () => ({ message: "hello" }),
      answer: () => error(notFound("Chat not found")),
    },
    unknownId: () => notFound("Chat not found"),
  },
  "POST /api/v2/dispute": {
    owner: "reseller",
    path: () => v2("/dispute"),
    body: (w) => ({ order_id: w.order, action: "open", message: "broken key" }),
    foreign: { refused: forbidden("Access denied") },
    target: {
      body: () => ({ order_id: UNKNOWN_ID, action: "open" }),
      answer: () => error(notFound("Order not found")),
    },
  },
  "POST /api/v2/reviews": {
    owner: "reseller",
    path: () => v2("/reviews"),
    body: (w) => ({ order_id: w.order, rating: 5, text: "Works, thanks." }),
    // Another account's order looks like a missing one.
    foreign: { refused: notFound("Order not found") },
    target: {
      body: () => ({ order_id: UNKNOWN_ID, rating: 5, text: "Works." }),
      answer: () => error(notFound("Order not found")),
    },
  },
  "GET /api/v2/reviews": {
    owner: "reseller",
    path: () => v2("/reviews"),
    foreign: { scoped: true },
  },
  "PUT /api/v2/reviews/{product_id}": {
    owner: "reseller",
    path: (w) => v2(`/reviews/${w.product.id}`),
    body: () => ({ rating: 4 }),
    // The path names the caller's own review of the product: another account has none of the owner's.
    foreign: { refused: notFound("Review not found", "review_not_found") },
    target: {
      path: () => v2(`/reviews/${UNKNOWN_ID}`),
      body: () => ({ rating: 4 }),
      answer: () => error(notFound("Review not found", "review_not_found")),
    },
    unknownId: () => notFound("Review not found", "review_not_found"),
  },
  "DELETE /api/v2/reviews/{product_id}": {
    owner: "reseller",
    path: (w) => v2(`/reviews/${w.product.id}`),
    foreign: { refused: notFound("Review not found", "review_not_found") },
    unknownId: () => notFound("Review not found", "review_not_found"),
  },
};

import { CODE_UPLOAD_BODY_LIMIT_BYTES } from "../../shared/http/body-limits.js";
import type { GatewayRouteKey } from "../../shared/http/routes.js";
import { checkWallet } from "../../shared/payouts/payout.js";
import { normalizeName } from "../../shared/products/product-fields.js";
import { badRequest, conflict, forbidden, notFound } from "../support/expected-refusals.js";
import { validProductBody } from "../support/products.js";
import { error, type Outcome, type RouteFixture, UNKNOWN_ID } from "./route-fixture.js";

/** A category id no test creates (they draw from 10M–70M and 300M–701M). */
const MISSING_CATEGORY = 2_147_483_000;

const v1 = (path: string) => `/api/v1${path}`;
const imageForm = (productId?: string) => {
  const form = new FormData();
  if (productId !== undefined) form.set("id_product", productId);
  form.set("img", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "x.png");
  return form;
};
/** A cursor other than none may be stale or forged: the lists answer it or refuse it, both in envelope. */
const cursorAnswer = (query: Record<string, unknown>): Outcome =>
  query.cursor === undefined ? "accepted" : "any";

/** The Seller API v1 routes' fixtures: one for each v1 route of the table, and no other. */
export const v1RouteFixtures: Readonly<Record<GatewayRouteKey<"v1">, RouteFixture>> = {
  "POST /api/v1/auth/api-key/create": {
    owner: "none",
    path: () => v1("/auth/api-key/create"),
    foreign: { none: "exchanges an API key; its refusals are in the API-key matrix" },
  },
  "POST /api/v1/products": {
    owner: "seller",
    path: () => v1("/products"),
    body: () => validProductBody(MISSING_CATEGORY),
    foreign: { scoped: true },
    target: {
      // The name of the seller's own product: a body that keeps it is refused as taken whatever category it
      // names, so one naming a category another file makes at a fixed id (the id's bounds, 1 and 2^31-1,
      // which the schema's edge values name too) creates nothing, exists that category at the time or not.
      body: (w) => validProductBody(MISSING_CATEGORY, { name: w.product.name, uuid: "hostile-target" }),
      answer: (validated, w) =>
        normalizeName(String(validated.name)) === normalizeName(w.product.name)
          ? error(conflict("Product with this name already exists"))
          : error(badRequest("Invalid category id")),
    },
  },
  "POST /api/v1/products/update/{id}": {
    owner: "seller",
    path: (w) => v1(`/products/update/${w.product.id}`),
    body: () => ({ price: 2000 }),
    foreign: { refused: notFound("Product not found or access denied") },
    target: {
      path: () => v1(`/products/update/${UNKNOWN_ID}`),
      body: () => ({ price: 2000, name: "Hostile target" }),
      answer: (body) =>
        error(
          Object.keys(body).length === 0
            ? badRequest("No fields to update")
            : notFound("Product not found or access denied"),
        ),
    },
    unknownId: () => notFound("Product not found or access denied"),
  },
  "DELETE /api/v1/products/{id}": {
    owner: "seller",
    path: (w) => v1(`/products/${w.product.id}`),
    foreign: { refused: forbidden("Delete failed or access denied") },
    unknownId: () => notFound("Product not found"),
  },
  "GET /api/v1/products/info/{id}": {
    owner: "seller",
    path: (w) => v1(`/products/info/${w.product.id}`),
    foreign: { refused: forbidden("Access denied") },
    unknownId: () => notFound("Product not found"),
  },
  "GET /api/v1/products": {
    owner: "seller",
    path: () => v1("/products"),
    foreign: { scoped: true },
  },
  "GET /api/v1/products/categories": {
    owner: "seller",
    path: () => v1("/products/categories"),
    foreign: { shared: "categories are the marketplace's, the same for every seller" },
  },
  "POST /api/v1/products/moderation": {
    owner: "seller",
    path: () => v1("/products/moderation"),
    body: (w) => ({ id_product: w.product.id }),
    foreign: { refused: forbidden("Access denied") },
    target: { body: () => ({ id_product: UNKNOWN_ID }), answer: () => error(notFound("Product not found")) },
  },
  "POST /api/v1/products/img": {
    owner: "seller",
    path: () => v1("/products/img"),
    form: (w) => imageForm(w.product.id),
    foreign: { refused: notFound("Product not found or access denied") },
  },
  "POST /api/v1/products/keys/{id}": {
    owner: "seller",
    path: (w) => v1(`/products/keys/${w.product.id}`),
    body: () => ({ codes: ["HOSTILE-KEY-0001"] }),
    bodyLimit: CODE_UPLOAD_BODY_LIMIT_BYTES,
    foreign: { refused: notFound("Product not found or access denied") },
    target: {
      path: () => v1(`/products/keys/${UNKNOWN_ID}`),
      body: () => ({ codes: ["HOSTILE-KEY-0002"] }),
      answer: () => error(notFound("Product not found or access denied")),
    },
    unknownId: () => notFound("Product not found or access denied"),
  },
  "GET /api/v1/products/keys/{id}": {
    owner: "seller",
    path: (w) => v1(`/products/keys/${w.product.id}`),
    foreign: { refused: notFound("Product not found or access denied") },
    unknownId: () => notFound("Product not found or access denied"),
    queryAnswer: cursorAnswer,
  },
  "POST /api/v1/products/keys/withdraw/{id}": {
    owner: "seller",
    path: (w) => v1(`/products/keys/withdraw/${w.product.id}`),
    body: () => ({ all: true }),
    foreign: { refused: notFound("Product not found or access denied") },
    target: {
      path: () => v1(`/products/keys/withdraw/${UNKNOWN_ID}`),
      body: () => ({ all: true }),
      answer: () => error(notFound("Product not found or access denied")),
    },
    unknownId: () => notFound("Product not found or access denied"),
  },
  "GET /api/v1/orders": {
    owner: "seller",
    path: () => v1("/orders"),
    foreign: { scoped: true },
    queryAnswer: cursorAnswer,
  },
  "GET /api/v1/orders/info/{id}": {
    owner: "seller",
    path: (w) => v1(`/orders/info/${w.order}`),
    foreign: { refused: notFound("Order not found or access denied") },
    unknownId: () => notFound("Order not found or access denied"),
  },
  "POST /api/v1/orders/delivery/{token}": {
    owner: "seller",
    path: (w) => v1(`/orders/delivery/${w.deliveryToken}`),
    body: () => ({ text: "KEY-HOSTILE" }),
    foreign: { refused: forbidden("Access denied") },
    target: {
      path: () => v1(`/orders/delivery/${UNKNOWN_ID}`),
      body: () => ({ text: "KEY-HOSTILE" }),
      answer: () => error(notFound("Order not found")),
    },
    unknownId: () => notFound("Order not found"),
  },
  "GET /api/v1/orders/delivery-url/{id}": {
    owner: "seller",
    path: (w) => v1(`/orders/delivery-url/${w.paidGuestOrder}`),
    foreign: { refused: notFound("Order not found or access denied") },
    unknownId: () => notFound("Order not found or access denied"),
  },
  "GET /api/v1/orders/webhooks/{id}": {
    owner: "seller",
    path: (w) => v1(`/orders/webhooks/${w.paidGuestOrder}`),
    foreign: { refused: notFound("Order not found or access denied") },
    unknownId: () => notFound("Order not found or access denied"),
  },
  "GET /api/v1/orders/summary": {
    owner: "seller",
    path: () => v1("/orders/summary"),
    foreign: { scoped: true },
  },
  "GET /api/v1/orders/chat/{id_order}": {
    owner: "seller",
    path: (w) => v1(`/orders/chat/${w.order}`),
    foreign: { refused: notFound("Order not found or access denied") },
    unknownId: () => notFound("Order not found or access denied"),
  },
  "POST /api/v1/orders/chat/{id_order}": {
    owner: "seller",
    path: (w) => v1(`/orders/chat/${w.order}`),
    body: () => ({ message: "hello from the security suite" }),
    foreign: { refused: notFound("Order not found or access denied") },
    target: {
      path: () => v1(`/orders/chat/${UNKNOWN_ID}`),
      body: () => ({ message: "hello" }),
      answer: () => error(notFound("Order not found or access denied")),
    },
    unknownId: () => notFound("Order not found or access denied"),
  },
  "GET /api/v1/reviews": {
    owner: "seller",
    path: () => v1("/reviews"),
    foreign: { scoped: true },
  },
  "POST /api/v1/reviews/{review_id}/answer": {
    owner: "seller",
    path: () => v1(`/reviews/${UNKNOWN_ID}/answer`),
    body: () => ({ text: "Thank you." }),
    foreign: {
      none: "the world holds no review; another seller's review answers 404 in test/functions/v1-orders/reviews.stack.test.ts",
    },
    target: {
      body: () => ({ text: "Thank you." }),
      answer: () => error(notFound("Review not found", "review_not_found")),
    },
    unknownId: () => notFound("Review not found", "review_not_found"),
  },
  "GET /api/v1/seller": {
    owner: "seller",
    path: () => v1("/seller"),
    foreign: { scoped: true },
  },
  "POST /api/v1/seller/profile": {
    owner: "seller",
    path: () => v1("/seller/profile"),
    body: () => ({ description: "A store changed by the security suite" }),
    foreign: { scoped: true },
    target: {
      body: () => ({ name: "Hostile Store", description: "A store the security suite attacks" }),
      answer: () => "any",
      scratch: true,
    },
  },
  "POST /api/v1/seller/img": {
    owner: "seller",
    path: () => v1("/seller/img"),
    form: () => imageForm(),
    foreign: { scoped: true },
  },
  "POST /api/v1/seller/webhook-test": {
    owner: "seller",
    path: () => v1("/seller/webhook-test"),
    // Calls the caller's own api_url only: another account's token tests that account's (here none).
    foreign: { scoped: true },
  },
  "POST /api/v1/seller/webhook-secret": {
    owner: "seller",
    path: () => v1("/seller/webhook-secret"),
    // Rotates the caller's own secret: another account's token rotates that account's.
    foreign: { scoped: true },
  },
  "GET /api/v1/seller/webhook-events": {
    owner: "seller",
    path: () => v1("/seller/webhook-events"),
    foreign: { scoped: true },
  },
  "POST /api/v1/seller/webhook-events": {
    owner: "seller",
    path: () => v1("/seller/webhook-events"),
    body: () => ({ events: ["dispute.opened"] }),
    foreign: { scoped: true },
    // Every valid body is a subscription: sent by a throwaway account, so the owner's stays as it is.
    target: {
      body: () => ({ events: ["dispute.opened", "key_stock.low"], key_stock_low_threshold: 5 }),
      answer: () => "any",
      scratch: true,
    },
  },
  "GET /api/v1/seller/webhook-events/deliveries": {
    owner: "seller",
    path: () => v1("/seller/webhook-events/deliveries"),
    foreign: { scoped: true },
  },
  "POST /api/v1/payout": {
    owner: "seller",
    path: () => v1("/payout"),
    body: () => ({ amount: 1000, payment_system: "card", wallet: "4111111111111111", cod: "000000" }),
    foreign: { scoped: true },
    target: {
      // A card number failing its checksum is refused before the code is tried, so no guess is counted.
      body: () => ({ amount: 1000, payment_system: "card", wallet: "4111111111111112", cod: "000000" }),
      answer: (body) => {
        const wallet = checkWallet(body.payment_system as "card", String(body.wallet));
        return "error" in wallet ? error(badRequest(wallet.error)) : "refused";
      },
    },
  },
  "GET /api/v1/payout/history": {
    owner: "seller",
    path: () => v1("/payout/history"),
    foreign: { scoped: true },
    queryAnswer: cursorAnswer,
  },
};

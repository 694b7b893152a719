import { badRequest, DomainError, forbidden, notFound } from "../../shared/errors/domain-error.js";
import { type RouteDefinition, routeKey } from "../../shared/http/routes.js";
import { paymentCallbackSchema } from "../../shared/payments/payment-callback.js";
import { checkWallet } from "../../shared/payouts/payout.js";
import type * as z from "../../shared/validation/zod-mini.js";
import { validProductBody } from "../support/products.js";
import type { SecurityWorld } from "./security-world.js";

/** A well-formed id (a ULID) that names nothing. */
export const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
/** A category id no test creates (they draw from 10M–70M and 300M–701M). */
const MISSING_CATEGORY = 2_147_483_000;

/**
 * What a route answers a request: an exact refusal, an exact success, or, where the exact answer is
 * not the rule, any 4xx ("refused"), any 2xx ("accepted") or either ("any"), always in the envelope.
 */
export type Outcome =
  | { readonly error: DomainError }
  | { readonly data: unknown; readonly status?: number }
  | "refused"
  | "accepted"
  | "any";

/** How another account's valid token on the owner's request is answered. */
export type ForeignRule =
  /** The route addresses the owner's resource by id: this exact refusal, and nothing changes. */
  | { readonly refused: DomainError }
  /** The route acts on the caller's own account only: it answers, and shows nothing of the owner's. */
  | { readonly scoped: true }
  /** The route serves public or shared data: any account gets it. */
  | { readonly shared: string }
  /** Nothing to attack with another account's token, and why. */
  | { readonly none: string };

/** Everything the security suite needs to attack one route of the route table. */
export interface RouteFixture {
  /** Whose token the owner's requests carry: v1 routes act for the seller, v2 routes for the reseller. */
  readonly owner: "seller" | "reseller" | "none";
  /** The path (with its prefix) of a request on the owner's own resource. */
  readonly path: (world: SecurityWorld) => string;
  /** The body of that request (JSON). */
  readonly body?: (world: SecurityWorld) => unknown;
  /** The body of that request when it is an upload. */
  readonly form?: (world: SecurityWorld) => FormData;
  readonly foreign: ForeignRule;
  /**
   * Where hostile bodies go: a request that names nothing (or cannot succeed), so that a body the schema
   * accepts must still be refused, exactly as `answer` says for the validated body, and change nothing.
   */
  readonly target?: {
    readonly path?: (world: SecurityWorld) => string;
    readonly body: (world: SecurityWorld) => Record<string, unknown>;
    readonly answer: (validated: Record<string, unknown>) => Outcome;
    /** Sent by a throwaway account instead of the owner: the route has no target that names nothing. */
    readonly scratch?: true;
  };
  /** The body schema when the handler validates inside its action instead of declaring `body`. */
  readonly schema?: z.core.$ZodType;
  /** Headers a hostile body needs to reach validation (the payment callback's signature). */
  readonly signed?: true;
  /** How a query the schema accepts is answered (default: "accepted"); the query schema comes from the action. */
  readonly queryAnswer?: (validated: Record<string, unknown>) => Outcome;
  /** The refusal of a path parameter that names nothing (routes with one path parameter). */
  readonly unknownId?: (decoded: string) => DomainError;
}

const error = (e: DomainError): Outcome => ({ error: e });
const v1 = (path: string) => `/api/v1${path}`;
const v2 = (path: string) => `/api/v2${path}`;
const imageForm = (productId?: string) => {
  const form = new FormData();
  if (productId !== undefined) form.set("id_product", productId);
  form.set("img", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "x.png");
  return form;
};
/** A cursor other than none may be stale or forged: the lists answer it or refuse it, both in envelope. */
const cursorAnswer = (query: Record<string, unknown>): Outcome =>
  query.cursor === undefined ? "accepted" : "any";
const sellerIdRefusal = (id: string): DomainError =>
  /^[1-9]\d{0,9}$/.test(id)
    ? notFound("Seller not found")
    : new DomainError("invalid_input", "invalid_request", "seller_id must be a positive whole number", {
        issues: [{ field: "seller_id", message: "seller_id must be a positive whole number" }],
      });

/**
 * One fixture per route, keyed by route key. A route added to the route table without a fixture here
 * fails the security suite: every route is attacked, none is skipped.
 */
export const routeFixtures: Readonly<Record<string, RouteFixture>> = {
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
      body: () => validProductBody(MISSING_CATEGORY, { name: "Hostile target", uuid: "hostile-target" }),
      answer: () => error(badRequest("Invalid category id")),
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

  "POST /api/payments/callback": {
    owner: "none",
    path: () => "/api/payments/callback",
    body: (w) => ({
      payment_id: "p-sec",
      order_id: w.waitingGuestOrder,
      status: "succeeded",
      payment_system: "card",
      amount: 100,
      currency: "RUB",
    }),
    foreign: { none: "signed by the payment provider, not by an account; see the signature matrix" },
    schema: paymentCallbackSchema,
    signed: true,
    target: {
      body: () => ({
        payment_id: "p-hostile",
        order_id: UNKNOWN_ID,
        status: "succeeded",
        payment_system: "card",
        amount: 100,
        currency: "RUB",
      }),
      // Only `succeeded` looks the order up; any other status is acknowledged and changes nothing.
      answer: (body) =>
        body.status === "succeeded"
          ? error(notFound(`Order ${String(body.order_id)} not found`))
          : { data: { order_id: body.order_id, applied: false } },
    },
  },

  // The API reference: public files, the same for everyone (test/functions/api-docs checks their answers).
  "GET /api/v1/openapi.json": {
    owner: "none",
    path: () => "/api/v1/openapi.json",
    foreign: { none: "a public document, served to anyone without a token" },
  },
  "GET /api/v2/openapi.json": {
    owner: "none",
    path: () => "/api/v2/openapi.json",
    foreign: { none: "a public document, served to anyone without a token" },
  },
  "GET /docs": {
    owner: "none",
    path: () => "/docs",
    foreign: { none: "a public page, served to anyone without a token" },
  },
  "GET /docs/redoc.standalone.js": {
    owner: "none",
    path: () => "/docs/redoc.standalone.js",
    foreign: { none: "a public script, served to anyone without a token" },
  },
};

/** The fixture of a route; a route without one fails the test that asks, naming where to add it. */
export const fixtureOf = (route: RouteDefinition): RouteFixture => {
  const fixture = routeFixtures[routeKey(route)];
  if (!fixture) {
    throw new Error(`No security fixture for ${routeKey(route)}: add one to test/security/route-fixtures.ts`);
  }
  return fixture;
};

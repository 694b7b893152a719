/**
 * The route table: every public route of the service, once. The CDK stack builds API Gateway routes
 * from it and the local gateway serves from it, so the two cannot drift; its keys are types, so every
 * registry keyed by route (actions, contracts, client request schemas, security fixtures) names only
 * routes of the table, and a route removed from it fails `tsc` wherever it is still named.
 */

/** The two APIs, the payment provider's callback, and the API reference (documents, page and renderer). */
export type ApiVersion = "v1" | "v2" | "payments" | "reference";
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
/** How a route proves who is calling. */
export type RouteAuth = "none" | "bearer";

/** Lambda endpoint groups; each is one function whose code lives in `functions/<group>/handler.ts`. */
export const endpointGroups = [
  "v1-auth",
  "v1-products",
  "v1-orders",
  "v1-seller",
  "v1-payouts",
  "v1-key-stock",
  "v2-auth",
  "v2-catalog",
  "v2-purchases",
  "v2-orders",
  "v2-favorites",
  "payments",
  "api-docs",
] as const;
export type EndpointGroup = (typeof endpointGroups)[number];

export interface RouteDefinition {
  readonly version: ApiVersion;
  readonly method: HttpMethod;
  /** Path relative to the version prefix, with `{name}` path parameters as API Gateway spells them. */
  readonly path: string;
  readonly group: EndpointGroup;
  readonly auth: RouteAuth;
}

/** A route of one API: bearer-authenticated unless it says otherwise. */
const apiRoute =
  <V extends "v1" | "v2">(version: V) =>
  // Generic, so each route keeps its literal method, path and group: the key types below are read from them.
  <M extends HttpMethod, P extends string, G extends EndpointGroup>(
    method: M,
    path: P,
    group: G,
    auth: RouteAuth = "bearer",
  ) =>
    ({ version, method, path, group, auth }) as const;
const v1 = apiRoute("v1");
const v2 = apiRoute("v2");

const reference = <P extends string>(path: P) =>
  ({ version: "reference", method: "GET", path, group: "api-docs", auth: "none" }) as const;

export const routes = [
  v1("POST", "/auth/api-key/create", "v1-auth", "none"),
  v1("POST", "/products", "v1-products"),
  v1("POST", "/products/update/{id}", "v1-products"),
  v1("DELETE", "/products/{id}", "v1-products"),
  v1("GET", "/products/info/{id}", "v1-products"),
  v1("GET", "/products", "v1-products"),
  v1("GET", "/products/categories", "v1-products"),
  v1("POST", "/products/moderation", "v1-products"),
  v1("POST", "/products/img", "v1-products"),
  // Extensions (not in the spec): uploaded key stock, which the marketplace delivers itself at payment.
  v1("POST", "/products/keys/{id}", "v1-key-stock"),
  v1("GET", "/products/keys/{id}", "v1-key-stock"),
  v1("POST", "/products/keys/withdraw/{id}", "v1-key-stock"),
  v1("GET", "/orders", "v1-orders"),
  v1("GET", "/orders/info/{id}", "v1-orders"),
  v1("POST", "/orders/delivery/{token}", "v1-orders"),
  // Extension (not in the spec): the seller's side of an order's chat, whose buyer side is v2's /chat.
  v1("GET", "/orders/chat/{id_order}", "v1-orders"),
  v1("POST", "/orders/chat/{id_order}", "v1-orders"),
  // Extensions (not in the spec), so a seller sees and drives delivery without a webhook receiver: the
  // delivery URL of a paid, undelivered order; the webhook attempts of an order; a signed test webhook.
  v1("GET", "/orders/delivery-url/{id}", "v1-orders"),
  v1("GET", "/orders/webhooks/{id}", "v1-orders"),
  // Extension (not in the spec), for the seller dashboard: how many orders wait for the seller, counted.
  v1("GET", "/orders/summary", "v1-orders"),
  v1("GET", "/seller", "v1-seller"),
  v1("POST", "/seller/profile", "v1-seller"),
  v1("POST", "/seller/img", "v1-seller"),
  v1("POST", "/seller/webhook-test", "v1-seller"),
  // Extensions (not in the spec), the webhook contract (#23): the Standard Webhooks signing secret's
  // rotation, the events a seller opts into beside the payment webhook, and their recent deliveries.
  v1("POST", "/seller/webhook-secret", "v1-seller"),
  v1("GET", "/seller/webhook-events", "v1-seller"),
  v1("POST", "/seller/webhook-events", "v1-seller"),
  v1("GET", "/seller/webhook-events/deliveries", "v1-seller"),
  // Extensions (not in the spec), reviews (#25): the reviews of the seller's products and its one answer to each.
  v1("GET", "/reviews", "v1-orders"),
  v1("POST", "/reviews/{review_id}/answer", "v1-orders"),
  v1("POST", "/payout", "v1-payouts"),
  v1("GET", "/payout/history", "v1-payouts"),

  v2("POST", "/auth/api-key/create", "v2-auth", "none"),
  v2("GET", "/balance", "v2-purchases"),
  v2("GET", "/search", "v2-catalog"),
  v2("GET", "/products/{seller_id}", "v2-catalog"),
  v2("GET", "/product/{product_id}", "v2-catalog"),
  v2("POST", "/buy", "v2-purchases"),
  v2("POST", "/gift", "v2-purchases"),
  v2("GET", "/history", "v2-orders"),
  v2("GET", "/order/{order_id}", "v2-orders"),
  v2("GET", "/favorites", "v2-favorites"),
  v2("POST", "/favorites", "v2-favorites"),
  v2("GET", "/comment/{product_id}", "v2-catalog"),
  v2("GET", "/chat/{chat_id}", "v2-orders"),
  v2("POST", "/chat/{chat_id}", "v2-orders"),
  v2("POST", "/dispute", "v2-orders"),
  // Extensions (not in the spec), reviews (#25): a reseller reviews the product of a delivered order, once.
  v2("POST", "/reviews", "v2-orders"),
  v2("GET", "/reviews", "v2-orders"),
  v2("PUT", "/reviews/{product_id}", "v2-orders"),
  v2("DELETE", "/reviews/{product_id}", "v2-orders"),

  // The payment provider's callback: not part of either API; signed with HMAC instead of a bearer token.
  { version: "payments", method: "POST", path: "/callback", group: "payments", auth: "none" },

  // The API reference: public files for people and tools, outside both APIs (their envelopes, tokens and
  // documents), so each path is written out whole.
  reference("/api/v1/openapi.json"),
  reference("/api/v2/openapi.json"),
  reference("/docs"),
  reference("/docs/redoc.standalone.js"),
] as const satisfies readonly RouteDefinition[];

/** A route of the table, with its literal version, method, path and group. */
export type TableRoute = (typeof routes)[number];

/** `METHOD /path` of a route (or of each route of a union), relative to its version's prefix. */
export type RouteKeyOf<R extends RouteDefinition> = R extends RouteDefinition
  ? `${R["method"]} ${R["path"]}`
  : never;

/** The route keys of one version, as its registries key them: `"POST /products"` for v1. */
export type VersionRouteKey<V extends ApiVersion> = RouteKeyOf<Extract<TableRoute, { version: V }>>;

/** The route keys of one endpoint group: the actions its handler may declare. */
export type GroupRouteKey<G extends EndpointGroup> = RouteKeyOf<Extract<TableRoute, { group: G }>>;

/** The key a registry files a route under: `METHOD /path` relative to the version prefix. */
export const routeKeyOf = <R extends RouteDefinition>(route: R): RouteKeyOf<R> =>
  `${route.method} ${route.path}` as RouteKeyOf<R>;

import { describe, expect, it } from "vitest";
import {
  catchAllGroup,
  catchAllPath,
  endpointGroups,
  fullPath,
  routeKey,
  routes,
  routesOf,
  versionOf,
} from "../../../shared/http/routes.js";

/** The spec's "Seller API v1" endpoint table, in order. */
const specV1Routes = [
  "POST /auth/api-key/create",
  "POST /products",
  "POST /products/update/{id}",
  "DELETE /products/{id}",
  "GET /products/info/{id}",
  "GET /products",
  "GET /products/categories",
  "POST /products/moderation",
  "POST /products/img",
  "GET /orders",
  "GET /orders/info/{id}",
  "POST /orders/delivery/{token}",
  "GET /seller",
  "POST /seller/profile",
  "POST /seller/img",
  "POST /payout",
  "GET /payout/history",
];

/** The spec's "Reseller API v2" endpoint table, in order. */
const specV2Routes = [
  "POST /auth/api-key/create",
  "GET /balance",
  "GET /search",
  "GET /products/{seller_id}",
  "GET /product/{product_id}",
  "POST /buy",
  "POST /gift",
  "GET /history",
  "GET /order/{order_id}",
  "GET /favorites",
  "POST /favorites",
  "GET /comment/{product_id}",
  "GET /chat/{chat_id}",
  "POST /chat/{chat_id}",
  "POST /dispute",
];

const relativeKeys = (version: "v1" | "v2"): string[] =>
  routes.filter((r) => r.version === version).map((r) => `${r.method} ${r.path}`);

/**
 * Routes beyond the spec (documented as extensions): the seller's side of an order's chat, the delivery
 * URL of a paid order, an order's webhook attempts, the counts of the orders that need the seller, a
 * signed test webhook, uploaded key stock (upload, inventory, withdrawal), and the webhook contract's
 * secret rotation, event subscription and event deliveries; the reviews of the seller's products and
 * its answer to one (#25).
 */
const v1ExtensionRoutes = [
  "GET /orders/chat/{id_order}",
  "POST /orders/chat/{id_order}",
  "GET /orders/delivery-url/{id}",
  "GET /orders/webhooks/{id}",
  "GET /orders/summary",
  "POST /seller/webhook-test",
  "POST /products/keys/{id}",
  "GET /products/keys/{id}",
  "POST /products/keys/withdraw/{id}",
  "POST /seller/webhook-secret",
  "GET /seller/webhook-events",
  "POST /seller/webhook-events",
  "GET /seller/webhook-events/deliveries",
  "GET /reviews",
  "POST /reviews/{review_id}/answer",
];

/** v2's routes beyond the spec: a reseller's reviews (#25). */
const v2ExtensionRoutes = [
  "POST /reviews",
  "GET /reviews",
  "PUT /reviews/{product_id}",
  "DELETE /reviews/{product_id}",
];

describe("route table", () => {
  it("contains exactly the 17 v1 routes of the spec plus the 15 extensions", () => {
    expect(specV1Routes).toHaveLength(17);
    expect([...relativeKeys("v1")].sort()).toEqual([...specV1Routes, ...v1ExtensionRoutes].sort());
  });

  it("contains exactly the 15 v2 routes of the spec plus the 4 extensions", () => {
    expect(specV2Routes).toHaveLength(15);
    expect([...relativeKeys("v2")].sort()).toEqual([...specV2Routes, ...v2ExtensionRoutes].sort());
  });

  it("contains no routes besides the 32 v1 and v2 routes, the 19 extension routes, the payment provider's callback and the 4 of the API reference", () => {
    expect(routes).toHaveLength(56);
    expect(routes.filter((r) => r.version === "payments").map(routeKey)).toEqual([
      "POST /api/payments/callback",
    ]);
  });

  it("the API reference is 4 public GETs of the api-docs group, outside both APIs: both OpenAPI documents, the page and Redoc's script", () => {
    const reference = routes.filter((r) => r.version === "reference");
    expect(reference.map(routeKey)).toEqual([
      "GET /api/v1/openapi.json",
      "GET /api/v2/openapi.json",
      "GET /docs",
      "GET /docs/redoc.standalone.js",
    ]);
    expect(reference.every((r) => r.group === "api-docs" && r.auth === "none")).toBe(true);
    expect(routesOf("api-docs")).toEqual(reference);
  });

  it("every route key is unique", () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(routes.length);
  });

  it("route keys carry the method and the full versioned path", () => {
    const update = routes.find((r) => r.version === "v1" && r.path === "/products/update/{id}");
    expect(update && routeKey(update)).toBe("POST /api/v1/products/update/{id}");
    const buy = routes.find((r) => r.version === "v2" && r.path === "/buy");
    expect(buy && fullPath(buy)).toBe("/api/v2/buy");
  });

  it("only the two token exchanges, the signed payment callback and the API reference have auth none; every other route needs a bearer token", () => {
    const open = routes.filter((r) => r.auth === "none").map(routeKey);
    expect(open.sort()).toEqual([
      "GET /api/v1/openapi.json",
      "GET /api/v2/openapi.json",
      "GET /docs",
      "GET /docs/redoc.standalone.js",
      "POST /api/payments/callback",
      "POST /api/v1/auth/api-key/create",
      "POST /api/v2/auth/api-key/create",
    ]);
    const bearer = routes.filter((r) => r.auth === "bearer");
    expect(bearer).toHaveLength(49);
  });

  it.each(endpointGroups)("group %s serves at least one route", (group) => {
    expect(routesOf(group).length).toBeGreaterThan(0);
  });

  it("every API route belongs to a declared group of its own API version; the callback answers in v2's envelope", () => {
    for (const route of routes.filter((r) => r.version !== "reference")) {
      expect(endpointGroups).toContain(route.group);
      expect(versionOf(route.group)).toBe(route.version === "payments" ? "v2" : route.version);
    }
  });

  it("the catch-all routes are /api/v1/{proxy+} and /api/v2/{proxy+}, served by the auth groups", () => {
    expect(catchAllPath("v1")).toBe("/api/v1/{proxy+}");
    expect(catchAllPath("v2")).toBe("/api/v2/{proxy+}");
    expect(catchAllGroup).toEqual({ v1: "v1-auth", v2: "v2-auth" });
  });
});

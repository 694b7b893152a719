import { describe, expect, it } from "vitest";
import { matchRoute } from "../../../infra/local/route-matcher.js";

describe("local route matcher", () => {
  it("matches a literal route with no path parameters", () => {
    expect(matchRoute("GET", "/api/v1/products")).toEqual({
      routeKey: "GET /api/v1/products",
      group: "v1-products",
      pathParameters: undefined,
    });
  });

  it("matches a parameterised route and extracts the parameter", () => {
    expect(matchRoute("GET", "/api/v1/products/info/abc")).toEqual({
      routeKey: "GET /api/v1/products/info/{id}",
      group: "v1-products",
      pathParameters: { id: "abc" },
    });
  });

  it("names v2 path parameters as the route table does", () => {
    expect(matchRoute("GET", "/api/v2/products/15")).toEqual({
      routeKey: "GET /api/v2/products/{seller_id}",
      group: "v2-catalog",
      pathParameters: { seller_id: "15" },
    });
    expect(matchRoute("POST", "/api/v2/chat/c-9")).toEqual({
      routeKey: "POST /api/v2/chat/{chat_id}",
      group: "v2-orders",
      pathParameters: { chat_id: "c-9" },
    });
  });

  it("decodes percent-encoded path parameters", () => {
    expect(matchRoute("GET", "/api/v1/products/info/a%20b%2Fc%C3%A9")).toEqual({
      routeKey: "GET /api/v1/products/info/{id}",
      group: "v1-products",
      pathParameters: { id: "a b/cé" },
    });
  });

  it("a parameter does not span path segments", () => {
    expect(matchRoute("GET", "/api/v1/products/info/a/b")).toEqual({
      routeKey: "ANY /api/v1/{proxy+}",
      group: "v1-auth",
      pathParameters: { proxy: "products/info/a/b" },
    });
  });

  it("GET /api/v1/products/categories matches the literal categories route", () => {
    expect(matchRoute("GET", "/api/v1/products/categories")).toEqual({
      routeKey: "GET /api/v1/products/categories",
      group: "v1-products",
      pathParameters: undefined,
    });
  });

  it("a wrong method on a known v1 path goes to the v1 catch-all served by v1-auth", () => {
    expect(matchRoute("PUT", "/api/v1/products")).toEqual({
      routeKey: "ANY /api/v1/{proxy+}",
      group: "v1-auth",
      pathParameters: { proxy: "products" },
    });
    expect(matchRoute("GET", "/api/v1/payout")).toEqual({
      routeKey: "ANY /api/v1/{proxy+}",
      group: "v1-auth",
      pathParameters: { proxy: "payout" },
    });
  });

  it("an unknown v2 path goes to the v2 catch-all served by v2-auth", () => {
    expect(matchRoute("GET", "/api/v2/does-not-exist/deeper")).toEqual({
      routeKey: "ANY /api/v2/{proxy+}",
      group: "v2-auth",
      pathParameters: { proxy: "does-not-exist/deeper" },
    });
  });

  it("the bare version prefix goes to the catch-all without a proxy parameter", () => {
    expect(matchRoute("GET", "/api/v2")).toEqual({
      routeKey: "ANY /api/v2/{proxy+}",
      group: "v2-auth",
      pathParameters: undefined,
    });
  });

  it.each(["/", "/health", "/api", "/api/v3/products", "/api/v1x/products", "/v1/products"])(
    "a path outside /api/v1 and /api/v2 (%s) matches nothing",
    (path) => {
      expect(matchRoute("GET", path)).toBeUndefined();
    },
  );
});

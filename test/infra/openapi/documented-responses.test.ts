import { describe, expect, it } from "vitest";
import { checkDocumentedResponse, createResponseCheck } from "../../support/documented-responses.js";

/** GET /api/v1/seller as docs/openapi/v1.json documents its success. */
const seller = {
  id: 42,
  id_user: 42,
  name: "Key Corner",
  balance: 0,
  img: "",
  description: "",
  api_url: "",
  data_create: "01.04.2025",
  rating: 0,
  api_key: "mk_3xQ9vB2nL7pR4tY8wK1mC5zH0jF6gD2sA9eU4iO7bN1",
  status_moderation: 1,
};

describe("the response check of the end-to-end suite (test/support/documented-responses.ts)", () => {
  it("passes a documented status whose body its schema allows, query string and all", () => {
    expect(() =>
      checkDocumentedResponse({
        method: "GET",
        path: "/api/v1/seller?x=1",
        status: 200,
        body: { status: "success", data: seller },
      }),
    ).not.toThrow();
    expect(() =>
      checkDocumentedResponse({
        method: "GET",
        path: "/api/v1/products/info/01JQ6Z8M4T3R7V2X9K5B1N0HCD",
        status: 404,
        body: { status: "error", message: "Product not found" },
      }),
    ).not.toThrow();
  });

  it("throws naming the route and the status when the operation does not document the status", () => {
    expect(() =>
      checkDocumentedResponse({
        method: "GET",
        path: "/api/v1/products/info/01JQ6Z8M4T3R7V2X9K5B1N0HCD",
        status: 409,
        body: { status: "error", message: "Conflict" },
      }),
    ).toThrow(
      "GET /api/v1/products/info/{id} answered 409, which docs/openapi/v1.json does not document (it lists 200, 401, 403, 404, 500)",
    );
  });

  it("throws naming the route, the status and the schema error when the body does not match", () => {
    expect(() =>
      checkDocumentedResponse({
        method: "GET",
        path: "/api/v1/seller",
        status: 200,
        body: { status: "success", data: { ...seller, email: "seller@example.com" } },
      }),
    ).toThrow(
      'GET /api/v1/seller answered 200 with a body docs/openapi/v1.json does not allow: body/data must NOT have additional properties {"additionalProperty":"email"}',
    );
    expect(() =>
      checkDocumentedResponse({
        method: "GET",
        path: "/api/v1/seller",
        status: 200,
        body: { status: "success", data: { ...seller, balance: "0" } },
      }),
    ).toThrow('body/data/balance must be integer {"type":"integer"}');
  });

  it("throws when a documented status answers without a JSON body", () => {
    expect(() =>
      checkDocumentedResponse({ method: "GET", path: "/api/v1/seller", status: 200, body: undefined }),
    ).toThrow("GET /api/v1/seller answered 200 without a JSON body");
  });

  it("throws when a route of the table is missing from its document, telling to run npm run openapi", () => {
    const check = createResponseCheck({ v1: { paths: {} } });
    expect(() =>
      check({
        method: "GET",
        path: "/api/v1/seller",
        status: 200,
        body: { status: "success", data: seller },
      }),
    ).toThrow("GET /api/v1/seller is not in the v1 document: run `npm run openapi`");
  });

  it("leaves alone what is no operation of either API: the payment callback, the API reference, the catch-all 404", () => {
    const check = createResponseCheck({ v1: { paths: {} } });
    for (const [method, path] of [
      ["POST", "/api/payments/callback"],
      ["GET", "/api/v1/openapi.json"],
      ["GET", "/docs"],
      ["GET", "/api/v1/no-such-route"],
      ["PUT", "/api/v1/seller"],
    ] as const) {
      expect(() => check({ method, path, status: 404, body: { message: "Not Found" } })).not.toThrow();
    }
  });

  it("throws when a refusal of the catalogue is not one the document lists for the route and status", () => {
    // "Product not found" is documented for GET /products/info/{id}; "Seller not found" is a 404 of other routes.
    expect(() =>
      checkDocumentedResponse({
        method: "GET",
        path: "/api/v1/products/info/01JQ6Z8M4T3R7V2X9K5B1N0HCD",
        status: 404,
        body: { status: "error", message: "Seller not found" },
      }),
    ).toThrow(
      'GET /api/v1/products/info/{id} answered 404 "Seller not found" (refusal sellerNotFound), which docs/openapi/v1.json does not list for this route',
    );
  });

  it("passes a template refusal worded with other values than the document's example, and any schema failure", () => {
    expect(() =>
      checkDocumentedResponse({
        method: "GET",
        path: "/api/v1/orders",
        status: 422,
        body: { status: "error", message: "More than 5 orders: read them in pages with limit and cursor" },
      }),
    ).not.toThrow();
    expect(() =>
      checkDocumentedResponse({
        method: "POST",
        path: "/api/v1/products",
        status: 400,
        body: { status: "error", message: "Field 'tags' must be at most 1000 characters" },
      }),
    ).not.toThrow();
  });
});

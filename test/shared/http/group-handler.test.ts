import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type AccessTokens, createAccessTokens } from "../../../shared/auth/access-tokens.js";
import { createGroupHandler, defineAction } from "../../../shared/http/group-handler.js";
import { buildContext, buildEvent, parseBody } from "../../support/lambda-events.js";

const key = new TextEncoder().encode("x".repeat(32));
const accessTokens = createAccessTokens(key);
const tokens = async (): Promise<AccessTokens> => createAccessTokens(key);

const v1Token = async () => (await accessTokens.issue(42, "v1")).token;
const v2Token = async () => (await accessTokens.issue(42, "v2")).token;

const nameSchema = z.object({ name: z.string() });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("group handler, v1 envelope (v1-products, POST /products)", () => {
  const routeKey = "POST /api/v1/products";

  it("a route without an action answers 501 Not implemented when the token is valid", async () => {
    const handler = createGroupHandler("v1-products", {}, tokens);
    const response = await handler(buildEvent({ routeKey, token: await v1Token() }), buildContext());
    expect(response.statusCode).toBe(501);
    expect(parseBody(response)).toEqual({ status: "error", message: "Not implemented" });
  });

  it("a bearer route without a token answers 401 Unauthorized before reaching the action", async () => {
    const handle = vi.fn(async () => ({ data: {} }));
    const handler = createGroupHandler("v1-products", { "POST /products": { handle } }, tokens);
    const response = await handler(buildEvent({ routeKey }), buildContext());
    expect(response.statusCode).toBe(401);
    expect(parseBody(response)).toEqual({ status: "error", message: "Unauthorized" });
    expect(handle).not.toHaveBeenCalled();
  });

  it("a v2 token on a v1 route answers 401 Unauthorized", async () => {
    const handler = createGroupHandler("v1-products", {}, tokens);
    const response = await handler(buildEvent({ routeKey, token: await v2Token() }), buildContext());
    expect(response.statusCode).toBe(401);
    expect(parseBody(response)).toEqual({ status: "error", message: "Unauthorized" });
  });

  it("an unknown route key (the v1 catch-all) answers 404 Not found in the v1 envelope", async () => {
    const handler = createGroupHandler("v1-products", {}, tokens);
    const response = await handler(buildEvent({ routeKey: "ANY /api/v1/{proxy+}" }), buildContext());
    expect(response.statusCode).toBe(404);
    expect(parseBody(response)).toEqual({ status: "error", message: "Not found" });
  });

  it("malformed JSON with content-type application/json answers 400 Invalid JSON", async () => {
    const handle = vi.fn(async () => ({ data: {} }));
    const handler = createGroupHandler("v1-products", { "POST /products": { handle } }, tokens);
    const event = buildEvent({
      routeKey,
      token: await v1Token(),
      contentType: "application/json",
      body: '{"name": ',
    });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(400);
    expect(parseBody(response)).toEqual({ status: "error", message: "Invalid JSON" });
    expect(handle).not.toHaveBeenCalled();
  });

  it("an action throwing a plain Error answers 500 with the request id and no message or stack; it is logged once", async () => {
    const errorSpy = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = createGroupHandler(
      "v1-products",
      {
        "POST /products": {
          handle: async () => {
            throw new Error("database password is hunter2");
          },
        },
      },
      tokens,
    );
    const event = buildEvent({ routeKey, token: await v1Token(), requestId: "req-v1-boom" });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(500);
    const text = response.body ?? "";
    expect(text).toContain("req-v1-boom");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("at ");
    expect(text).not.toContain("group-handler.test");
    expect(parseBody(response)).toEqual({
      status: "error",
      message: "Internal server error (request id req-v1-boom)",
    });
    expect(response.headers?.["x-request-id"]).toBe("req-v1-boom");
    // Error answers carry the security headers too (#12 item 10).
    expect(response.headers?.["x-content-type-options"]).toBe("nosniff");
    expect(response.headers?.["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(errorSpy).toHaveBeenCalledTimes(1);
    const logged: unknown = JSON.parse(String(errorSpy.mock.calls[0]?.[0]));
    expect(logged).toMatchObject({
      level: "ERROR",
      message: "Unhandled error",
      service: "marketplace",
      correlation_id: "req-v1-boom",
      request_id: "req-v1-boom",
      route: routeKey,
      error: { name: "Error" },
    });
  });

  it("a body missing a required field answers 400 Field 'name' is required", async () => {
    const handle = vi.fn(async () => ({ data: {} }));
    const handler = createGroupHandler(
      "v1-products",
      { "POST /products": defineAction({ body: nameSchema, handle }) },
      tokens,
    );
    const event = buildEvent({
      routeKey,
      token: await v1Token(),
      contentType: "application/json",
      body: JSON.stringify({ price: 10 }),
    });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(400);
    expect(parseBody(response)).toEqual({ status: "error", message: "Field 'name' is required" });
    expect(handle).not.toHaveBeenCalled();
  });

  it("a present field of the wrong type is not reported as missing", async () => {
    const handler = createGroupHandler(
      "v1-products",
      { "POST /products": defineAction({ body: nameSchema, handle: async () => ({ data: {} }) }) },
      tokens,
    );
    const event = buildEvent({
      routeKey,
      token: await v1Token(),
      contentType: "application/json",
      body: JSON.stringify({ name: 123 }),
    });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(400);
    expect(parseBody(response)).not.toEqual({ status: "error", message: "Field 'name' is required" });
  });

  it("reads a body sent with curl's default form content type as JSON, and leaves multipart raw", async () => {
    const seen: unknown[] = [];
    const handler = createGroupHandler(
      "v1-products",
      {
        "POST /products": defineAction({
          handle: async (request) => {
            seen.push(request.body);
            return { data: { raw: request.rawBody?.toString("utf8") } };
          },
        }),
      },
      tokens,
    );
    const form = await handler(
      buildEvent({
        routeKey,
        token: await v1Token(),
        contentType: "application/x-www-form-urlencoded",
        body: '{"name":"Game key"}',
      }),
      buildContext(),
    );
    expect(form.statusCode).toBe(200);
    const multipart = await handler(
      buildEvent({
        routeKey,
        token: await v1Token(),
        contentType: "multipart/form-data; boundary=x",
        body: "{not json",
      }),
      buildContext(),
    );
    expect(multipart.statusCode).toBe(200);
    expect(parseBody(multipart)).toEqual({ status: "success", data: { raw: "{not json" } });
    expect(seen).toEqual([{ name: "Game key" }, undefined]);
  });

  it("a success answers 200 in the v1 envelope with JSON content type and x-request-id equal to the request id", async () => {
    const handler = createGroupHandler(
      "v1-products",
      {
        "POST /products": defineAction({
          body: nameSchema,
          handle: async (request) => ({
            data: { name: request.body.name, account: request.principal?.accountId, rid: request.requestId },
          }),
        }),
      },
      tokens,
    );
    const event = buildEvent({
      routeKey,
      token: await v1Token(),
      contentType: "application/json",
      body: JSON.stringify({ name: "Game key" }),
      requestId: "req-v1-ok",
    });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(200);
    expect(response.headers?.["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers?.["x-request-id"]).toBe("req-v1-ok");
    expect(response.headers?.["x-request-id"]).toBe(event.requestContext.requestId);
    expect(response.headers?.["x-content-type-options"]).toBe("nosniff");
    expect(response.headers?.["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(parseBody(response)).toEqual({
      status: "success",
      data: { name: "Game key", account: 42, rid: "req-v1-ok" },
    });
  });

  it("createGroupHandler throws when an action key is not a route of the group", () => {
    expect(() =>
      // @ts-expect-error a key outside the group fails tsc; the check at cold start is for callers tsc does not see.
      createGroupHandler("v1-products", { "POST /nope": { handle: async () => ({ data: {} }) } }, tokens),
    ).toThrow("Action POST /nope is not a route of group v1-products");
    // Keys are relative to the version prefix, and a route of another group is refused too.
    expect(() =>
      createGroupHandler(
        "v1-products",
        // @ts-expect-error as above
        { "POST /api/v1/products": { handle: async () => ({ data: {} }) } },
        tokens,
      ),
    ).toThrow("Action POST /api/v1/products is not a route of group v1-products");
    expect(() =>
      // @ts-expect-error as above
      createGroupHandler("v1-products", { "GET /orders": { handle: async () => ({ data: {} }) } }, tokens),
    ).toThrow("Action GET /orders is not a route of group v1-products");
  });
});

describe("group handler, v2 envelope (v2-purchases, POST /buy)", () => {
  const routeKey = "POST /api/v2/buy";

  it("a route without an action answers 501 not_implemented when the token is valid", async () => {
    const handler = createGroupHandler("v2-purchases", {}, tokens);
    const response = await handler(buildEvent({ routeKey, token: await v2Token() }), buildContext());
    expect(response.statusCode).toBe(501);
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "not_implemented",
      message: "Not implemented",
      http_status: 501,
      error: { code: "not_implemented" },
    });
  });

  it("a bearer route without a token answers 401 unauthorized", async () => {
    const handle = vi.fn(async () => ({ data: {} }));
    const handler = createGroupHandler("v2-purchases", { "POST /buy": { handle } }, tokens);
    const response = await handler(buildEvent({ routeKey }), buildContext());
    expect(response.statusCode).toBe(401);
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "unauthorized",
      message: "Unauthorized",
      http_status: 401,
      error: { code: "unauthorized" },
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it("a v1 token on a v2 route answers 401 unauthorized", async () => {
    const handler = createGroupHandler("v2-purchases", {}, tokens);
    const response = await handler(buildEvent({ routeKey, token: await v1Token() }), buildContext());
    expect(response.statusCode).toBe(401);
    expect(parseBody(response)).toMatchObject({ ok: false, code: "unauthorized", http_status: 401 });
  });

  it("an unknown route key (the v2 catch-all) answers 404 not_found in the v2 envelope", async () => {
    const handler = createGroupHandler("v2-purchases", {}, tokens);
    const response = await handler(buildEvent({ routeKey: "ANY /api/v2/{proxy+}" }), buildContext());
    expect(response.statusCode).toBe(404);
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "not_found",
      message: "Not found",
      http_status: 404,
      error: { code: "not_found" },
    });
  });

  it("malformed JSON with content-type application/json answers 400 invalid_request", async () => {
    const handler = createGroupHandler("v2-purchases", {}, tokens);
    const event = buildEvent({
      routeKey,
      token: await v2Token(),
      contentType: "application/json",
      body: "{not json",
    });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(400);
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "invalid_request",
      message: "Invalid JSON",
      http_status: 400,
      error: { code: "invalid_request" },
    });
  });

  it("an action throwing a plain Error answers 500 internal_error with the request id and no message or stack; it is logged once", async () => {
    const errorSpy = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = createGroupHandler(
      "v2-purchases",
      {
        "POST /buy": {
          handle: async () => {
            throw new Error("ledger row 77 is corrupt");
          },
        },
      },
      tokens,
    );
    const event = buildEvent({ routeKey, token: await v2Token(), requestId: "req-v2-boom" });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(500);
    const text = response.body ?? "";
    expect(text).toContain("req-v2-boom");
    expect(text).not.toContain("ledger row 77 is corrupt");
    expect(text).not.toContain("at ");
    expect(text).not.toContain("group-handler.test");
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "internal_error",
      message: "Internal server error (request id req-v2-boom)",
      http_status: 500,
      error: { code: "internal_error", details: { request_id: "req-v2-boom" } },
    });
    expect(errorSpy).toHaveBeenCalledTimes(1);
    const logged: unknown = JSON.parse(String(errorSpy.mock.calls[0]?.[0]));
    expect(logged).toMatchObject({
      level: "ERROR",
      message: "Unhandled error",
      service: "marketplace",
      correlation_id: "req-v2-boom",
      request_id: "req-v2-boom",
      route: routeKey,
      error: { name: "Error" },
    });
  });

  it("a body missing a required field answers 422 invalid_request naming the field", async () => {
    const handle = vi.fn(async () => ({ data: {} }));
    const handler = createGroupHandler(
      "v2-purchases",
      { "POST /buy": defineAction({ body: nameSchema, handle }) },
      tokens,
    );
    const event = buildEvent({
      routeKey,
      token: await v2Token(),
      contentType: "application/json",
      body: JSON.stringify({}),
    });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(422);
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "invalid_request",
      message: "Field 'name' is required",
      http_status: 422,
      error: {
        code: "invalid_request",
        details: { issues: [{ field: "name", message: "Field 'name' is required" }] },
      },
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it("a success answers with the action's status in the v2 envelope, JSON content type and x-request-id", async () => {
    const handler = createGroupHandler(
      "v2-purchases",
      {
        "POST /buy": defineAction({
          body: nameSchema,
          handle: async (request) => ({ status: 201, data: { bought: request.body.name } }),
        }),
      },
      tokens,
    );
    const event = buildEvent({
      routeKey,
      token: await v2Token(),
      contentType: "application/json",
      body: JSON.stringify({ name: "p-1" }),
      requestId: "req-v2-ok",
    });
    const response = await handler(event, buildContext());
    expect(response.statusCode).toBe(201);
    expect(response.headers?.["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers?.["x-request-id"]).toBe("req-v2-ok");
    expect(response.headers?.["x-request-id"]).toBe(event.requestContext.requestId);
    expect(parseBody(response)).toEqual({ ok: true, data: { bought: "p-1" }, meta: {} });
  });

  it("createGroupHandler throws when an action key is not a route of the group", () => {
    expect(() =>
      // @ts-expect-error a key outside the group fails tsc; the check at cold start is for callers tsc does not see.
      createGroupHandler("v2-purchases", { "POST /dispute": { handle: async () => ({ data: {} }) } }, tokens),
    ).toThrow("Action POST /dispute is not a route of group v2-purchases");
  });
});

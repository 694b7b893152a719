import { describe, expect, it, vi } from "vitest";
import { type AccessTokens, createAccessTokens } from "../../../shared/auth/access-tokens.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { JSON_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from "../../../shared/http/body-limits.js";
import { createGroupHandler, defineAction } from "../../../shared/http/group-handler.js";
import { buildContext, buildEvent, parseBody } from "../../support/lambda-events.js";

const key = new TextEncoder().encode("y".repeat(32));
const tokens = async (): Promise<AccessTokens> => createAccessTokens(key);
const v1Token = async () => (await createAccessTokens(key).issue(7, "v1")).token;
const v2Token = async () => (await createAccessTokens(key).issue(7, "v2")).token;

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const echo = () => vi.fn(async (request: { body: unknown }) => ({ data: { body: request.body } }));

describe("request bodies are bounded before anyone reads them", () => {
  it("a JSON body over 256 KB answers 413 in the v1 envelope before authentication", async () => {
    const handle = echo();
    const handler = createGroupHandler("v1-products", { "POST /products": { handle } }, tokens);
    const body = `{"name":"${"a".repeat(JSON_BODY_LIMIT_BYTES)}"}`;
    const response = await handler(
      buildEvent({ routeKey: "POST /api/v1/products", contentType: "application/json", body }),
      buildContext(),
    );
    expect(response.statusCode).toBe(413);
    expect(parseBody(response)).toEqual({ status: "error", message: "Request body too large (max 256 KB)" });
    expect(handle).not.toHaveBeenCalled();
  });

  it("a base64 body over the limit answers 413 in the v2 envelope, measured without decoding", async () => {
    const handler = createGroupHandler("v2-purchases", { "POST /buy": { handle: echo() } }, tokens);
    const body = Buffer.alloc(JSON_BODY_LIMIT_BYTES + 1, 0x20).toString("base64");
    const response = await handler(
      buildEvent({ routeKey: "POST /api/v2/buy", token: await v2Token(), body, isBase64Encoded: true }),
      buildContext(),
    );
    expect(response.statusCode).toBe(413);
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "payload_too_large",
      message: "Request body too large (max 256 KB)",
      http_status: 413,
      error: { code: "payload_too_large" },
    });
  });

  it("a body of exactly the limit is read", async () => {
    const handle = echo();
    const handler = createGroupHandler("v1-products", { "POST /products": { handle } }, tokens);
    const filler = "a".repeat(JSON_BODY_LIMIT_BYTES - '{"name":""}'.length);
    const response = await handler(
      buildEvent({
        routeKey: "POST /api/v1/products",
        token: await v1Token(),
        contentType: "application/json",
        body: `{"name":"${filler}"}`,
      }),
      buildContext(),
    );
    expect(response.statusCode).toBe(200);
    expect(handle).toHaveBeenCalledOnce();
  });

  it("an upload route takes the image limit plus framing, not the JSON limit", async () => {
    const handle = vi.fn(async (request: { rawBody: Buffer | undefined }) => ({
      data: { bytes: request.rawBody?.length },
    }));
    const handler = createGroupHandler(
      "v1-seller",
      { "POST /seller/img": defineAction({ maxBodyBytes: UPLOAD_BODY_LIMIT_BYTES, handle }) },
      tokens,
    );
    const event = (bytes: number) =>
      buildEvent({
        routeKey: "POST /api/v1/seller/img",
        contentType: "multipart/form-data; boundary=x",
        body: Buffer.alloc(bytes, 1).toString("base64"),
        isBase64Encoded: true,
      });
    const token = await v1Token();
    const accepted = await handler(
      {
        ...event(UPLOAD_BODY_LIMIT_BYTES),
        headers: { ...event(0).headers, authorization: `Bearer ${token}` },
      },
      buildContext(),
    );
    expect(accepted.statusCode).toBe(200);
    expect(parseBody(accepted)).toEqual({ status: "success", data: { bytes: UPLOAD_BODY_LIMIT_BYTES } });
    const refused = await handler(event(UPLOAD_BODY_LIMIT_BYTES + 1), buildContext());
    expect(refused.statusCode).toBe(413);
    expect(parseBody(refused)).toEqual({ status: "error", message: "Request body too large (max 5 MB)" });
  });
});

describe("a body is parsed only for an authenticated caller", () => {
  it("malformed JSON without a token answers 401, not 400: the parser never ran", async () => {
    const handler = createGroupHandler("v1-products", { "POST /products": { handle: echo() } }, tokens);
    const response = await handler(
      buildEvent({ routeKey: "POST /api/v1/products", contentType: "application/json", body: '{"name": ' }),
      buildContext(),
    );
    expect(response.statusCode).toBe(401);
    expect(parseBody(response)).toEqual({ status: "error", message: "Unauthorized" });
  });

  it("a deeply nested body with a garbage token answers 401 in v2", async () => {
    const handler = createGroupHandler("v2-purchases", { "POST /buy": { handle: echo() } }, tokens);
    const response = await handler(
      buildEvent({
        routeKey: "POST /api/v2/buy",
        token: "garbage",
        contentType: "application/json",
        body: nested(50_000),
      }),
      buildContext(),
    );
    expect(response.statusCode).toBe(401);
    expect((parseBody(response) as { code: string }).code).toBe("unauthorized");
  });

  it("a raw-body check (the payment callback's signature) runs before the body is parsed", async () => {
    const handle = echo();
    const beforeParse = vi.fn(async (raw: Buffer | undefined) => {
      if (raw?.toString() !== "signed")
        throw new DomainError("unauthenticated", "invalid_signature", "Invalid signature");
    });
    const handler = createGroupHandler(
      "payments",
      { "POST /callback": defineAction({ beforeParse, handle }) },
      tokens,
    );
    const response = await handler(
      buildEvent({
        routeKey: "POST /api/payments/callback",
        contentType: "application/json",
        body: "{not json",
      }),
      buildContext(),
    );
    expect(response.statusCode).toBe(401);
    expect(parseBody(response)).toEqual({
      ok: false,
      code: "invalid_signature",
      message: "Invalid signature",
      http_status: 401,
      error: { code: "invalid_signature" },
    });
    expect(beforeParse).toHaveBeenCalledWith(Buffer.from("{not json"), expect.anything());
    expect(handle).not.toHaveBeenCalled();
  });
});

describe("JSON depth is capped before parsing", () => {
  const post = async (body: string) => {
    const handle = echo();
    const handler = createGroupHandler("v1-products", { "POST /products": { handle } }, tokens);
    const response = await handler(
      buildEvent({
        routeKey: "POST /api/v1/products",
        token: await v1Token(),
        contentType: "application/json",
        body,
      }),
      buildContext(),
    );
    return { response, handle };
  };

  it("33 levels of arrays answer 400 naming the cap", async () => {
    const { response, handle } = await post(nested(33));
    expect(response.statusCode).toBe(400);
    expect(parseBody(response)).toEqual({
      status: "error",
      message: "Invalid JSON: nested deeper than 32 levels",
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it("32 levels reach the action", async () => {
    const { response } = await post(`{"a":${nested(31)}}`);
    expect(response.statusCode).toBe(200);
  });

  it("brackets inside strings, escaped quotes included, do not count as nesting", async () => {
    const text = `{"a":"${"[".repeat(100)}\\"${"{".repeat(100)}"}`;
    const { response } = await post(text);
    expect(response.statusCode).toBe(200);
    expect(parseBody(response)).toEqual({ status: "success", data: { body: JSON.parse(text) } });
  });
});

describe("a JSON body must be valid UTF-8", () => {
  const post = async (body: string, isBase64Encoded: boolean) => {
    const handler = createGroupHandler("v1-products", { "POST /products": { handle: echo() } }, tokens);
    return handler(
      buildEvent({
        routeKey: "POST /api/v1/products",
        token: await v1Token(),
        contentType: "application/json",
        body,
        isBase64Encoded,
      }),
      buildContext(),
    );
  };

  it("invalid bytes passed as base64 answer 400 Invalid JSON", async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const response = await post(bytes.toString("base64"), true);
    expect(response.statusCode).toBe(400);
    expect(parseBody(response)).toEqual({ status: "error", message: "Invalid JSON" });
  });

  it("a text body carrying U+FFFD (what a decoder leaves of invalid bytes) answers 400 Invalid JSON", async () => {
    const response = await post('{"name":"Elden \uFFFD Ring"}', false);
    expect(response.statusCode).toBe(400);
    expect(parseBody(response)).toEqual({ status: "error", message: "Invalid JSON" });
  });

  it("the escape \\ufffd written out in JSON is still accepted", async () => {
    const response = await post('{"name":"Elden \\ufffd Ring"}', false);
    expect(response.statusCode).toBe(200);
    expect(parseBody(response)).toEqual({ status: "success", data: { body: { name: "Elden \uFFFD Ring" } } });
  });
});

describe("a route that reads no body ignores one", () => {
  it("a GET with a token and a 300 KB malformed body answers from its action: nothing was measured or parsed", async () => {
    const handle = vi.fn(async (request: { body: unknown; rawBody: Buffer | undefined }) => ({
      data: { body: request.body ?? null, raw: request.rawBody?.length ?? 0 },
    }));
    const handler = createGroupHandler("v1-products", { "GET /products": { handle } }, tokens);
    const response = await handler(
      buildEvent({
        routeKey: "GET /api/v1/products",
        token: await v1Token(),
        contentType: "application/json",
        body: `{"oops": ${"[".repeat(300 * 1024)}`,
      }),
      buildContext(),
    );
    expect(response.statusCode).toBe(200);
    expect(parseBody(response)).toEqual({ status: "success", data: { body: null, raw: 0 } });
  });
});

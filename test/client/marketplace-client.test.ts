import { afterEach, describe, expect, it, vi } from "vitest";
import { MarketplaceClientError } from "../../shared/client/client-error.js";
import { createMarketplaceClient } from "../../shared/client/marketplace-client.js";
import { type FakeAnswer, type FakeRequest, startFakeService, tokenAnswer } from "./fake-service.js";

const API_KEY = "mk_test_key";
const V1_EXCHANGE = "/api/v1/auth/api-key/create";
const V2_EXCHANGE = "/api/v2/auth/api-key/create";

const v1Unauthorized: FakeAnswer = { status: 401, json: { status: "error", message: "Unauthorized" } };
const v2Unauthorized: FakeAnswer = {
  status: 401,
  json: {
    ok: false,
    code: "unauthorized",
    message: "Unauthorized",
    http_status: 401,
    error: { code: "unauthorized" },
  },
};

/** Hands out tok-1, tok-2, … per exchange of each version, and answers routes with `route`. */
const scripted = (route: (request: FakeRequest) => FakeAnswer, expiresIn = 3600) => {
  const issued = { v1: 0, v2: 0 };
  return (request: FakeRequest): FakeAnswer => {
    for (const version of ["v1", "v2"] as const) {
      if (request.url === `/api/${version}/auth/api-key/create`) {
        issued[version] += 1;
        return tokenAnswer(version, `${version}-tok-${issued[version]}`, expiresIn);
      }
    }
    return route(request);
  };
};

const ordersAnswer: FakeAnswer = { status: 200, json: { status: "success", data: [] } };

let fake: Awaited<ReturnType<typeof startFakeService>> | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await fake?.close();
  fake = undefined;
});

describe("token exchange", () => {
  it("exchanges the API key once per version on first use, shared by concurrent calls, and sends the version's token", async () => {
    fake = await startFakeService(
      scripted((request) =>
        request.url.startsWith("/api/v1/")
          ? ordersAnswer
          : { status: 200, json: { ok: true, data: { balance: 0, currency: "RUB" }, meta: {} } },
      ),
    );
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    await Promise.all([client.v1.call("GET /orders"), client.v1.call("GET /orders")]);
    await client.v2.call("GET /balance");

    expect(fake.to(V1_EXCHANGE).map((r) => [r.method, r.headers["x-api-key"]])).toEqual([["POST", API_KEY]]);
    expect(fake.to(V2_EXCHANGE).map((r) => [r.method, r.headers["x-api-key"]])).toEqual([["POST", API_KEY]]);
    expect(fake.to("/api/v1/orders").map((r) => r.headers.authorization)).toEqual([
      "Bearer v1-tok-1",
      "Bearer v1-tok-1",
    ]);
    expect(fake.to("/api/v2/balance").map((r) => r.headers.authorization)).toEqual(["Bearer v2-tok-1"]);
  });

  it("replaces a token refreshMarginSeconds before its expires_in runs out, not earlier", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T00:00:00.000Z"));
    fake = await startFakeService(scripted(() => ordersAnswer, 3600));
    const client = createMarketplaceClient({
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      refreshMarginSeconds: 60,
    });

    await client.v1.call("GET /orders");
    vi.setSystemTime(new Date("2026-11-24T00:58:59.999Z")); // 1 ms before expiry minus the margin
    await client.v1.call("GET /orders");
    vi.setSystemTime(new Date("2026-11-24T00:59:00.000Z")); // 60 s before expiry
    await client.v1.call("GET /orders");

    expect(fake.to(V1_EXCHANGE)).toHaveLength(2);
    expect(fake.to("/api/v1/orders").map((r) => r.headers.authorization)).toEqual([
      "Bearer v1-tok-1",
      "Bearer v1-tok-1",
      "Bearer v1-tok-2",
    ]);
  });

  it("uses a short-lived token for half its lifetime when the margin is longer than that", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T00:00:00.000Z"));
    fake = await startFakeService(scripted(() => ordersAnswer, 40));
    const client = createMarketplaceClient({
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      refreshMarginSeconds: 60,
    });

    await client.v1.call("GET /orders");
    vi.setSystemTime(new Date("2026-11-24T00:00:19.999Z"));
    await client.v1.call("GET /orders");
    vi.setSystemTime(new Date("2026-11-24T00:00:20.000Z"));
    await client.v1.call("GET /orders");

    expect(fake.to("/api/v1/orders").map((r) => r.headers.authorization)).toEqual([
      "Bearer v1-tok-1",
      "Bearer v1-tok-1",
      "Bearer v1-tok-2",
    ]);
  });

  it("answers a 401 with one fresh exchange and one retry of the request", async () => {
    fake = await startFakeService(
      scripted((request) =>
        request.headers.authorization === "Bearer v1-tok-1" ? v1Unauthorized : ordersAnswer,
      ),
    );
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const result = await client.v1.call("GET /orders");

    expect(result).toMatchObject({ ok: true, status: 200, data: [] });
    expect(fake.to(V1_EXCHANGE)).toHaveLength(2);
    expect(fake.to("/api/v1/orders").map((r) => r.headers.authorization)).toEqual([
      "Bearer v1-tok-1",
      "Bearer v1-tok-2",
    ]);
  });

  it("returns the second 401 as a value and gives up: no third exchange, no third request", async () => {
    fake = await startFakeService(scripted(() => v2Unauthorized));
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const result = await client.v2.call("GET /balance");

    expect(result).toMatchObject({ ok: false, status: 401, error: v2Unauthorized.json });
    expect(fake.to(V2_EXCHANGE)).toHaveLength(2);
    expect(fake.to("/api/v2/balance")).toHaveLength(2);
  });

  it("returns a refused exchange (a wrong key) as the operation's value without calling the route", async () => {
    fake = await startFakeService((request) => (request.url === V1_EXCHANGE ? v1Unauthorized : ordersAnswer));
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: "mk_wrong" });

    const result = await client.v1.call("GET /orders");

    expect(result).toMatchObject({
      ok: false,
      status: 401,
      error: { status: "error", message: "Unauthorized" },
    });
    expect(fake.to("/api/v1/orders")).toHaveLength(0);
  });

  it("throws when the exchange itself answers 5xx", async () => {
    fake = await startFakeService(() => ({
      status: 503,
      json: { status: "error", message: "Service unavailable" },
      headers: { "x-request-id": "req-exchange" },
    }));
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const failure = await client.v1.call("GET /orders").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MarketplaceClientError);
    expect(failure).toMatchObject({
      status: 503,
      requestId: "req-exchange",
      message: "POST /api/v1/auth/api-key/create answered 503 (request id req-exchange): Service unavailable",
    });
  });
});

describe("answers", () => {
  it("returns 4xx answers as values in each version's envelope, never thrown", async () => {
    const v2Conflict = {
      ok: false,
      code: "insufficient_balance",
      message: "Insufficient balance",
      http_status: 409,
      error: { code: "insufficient_balance" },
    };
    fake = await startFakeService(
      scripted((request) =>
        request.url.startsWith("/api/v1/")
          ? {
              status: 404,
              json: { status: "error", message: "Product not found" },
              headers: { "x-request-id": "r1" },
            }
          : { status: 409, json: v2Conflict, headers: { "x-request-id": "r2" } },
      ),
    );
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const v1 = await client.v1.call("GET /products/info/{id}", { path: { id: "01NOPE" } });
    const v2 = await client.v2.call("POST /buy", { body: { product_id: "01P", quantity: 1 } });

    expect(v1).toMatchObject({
      ok: false,
      status: 404,
      requestId: "r1",
      error: { status: "error", message: "Product not found" },
    });
    expect(v2).toMatchObject({ ok: false, status: 409, requestId: "r2", error: v2Conflict });
  });

  it("gives a 4xx that is not the service's envelope the version's shape, its code naming the status", async () => {
    fake = await startFakeService(scripted(() => ({ status: 404, text: "Not Found" })));
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const v1 = await client.v1.call("GET /orders");
    const v2 = await client.v2.call("GET /balance");

    expect(v1).toMatchObject({ ok: false, status: 404, error: { status: "error", message: "Not Found" } });
    expect(v2).toMatchObject({
      ok: false,
      status: 404,
      error: {
        ok: false,
        code: "http_404",
        message: "Not Found",
        http_status: 404,
        error: { code: "http_404" },
      },
    });
  });

  it("returns a 2xx's data, and in v2 its meta, with the request id and headers", async () => {
    fake = await startFakeService(
      scripted(() => ({
        status: 200,
        json: { ok: true, data: [{ product_id: "01P" }], meta: { page: 2, limit: 1, total: 5 } },
        headers: { "x-request-id": "r3" },
      })),
    );
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const result = await client.v2.call("GET /search", { query: { q: "steam", page: 2, limit: 1 } });

    expect(result).toMatchObject({
      ok: true,
      status: 200,
      requestId: "r3",
      data: [{ product_id: "01P" }],
      meta: { page: 2, limit: 1, total: 5 },
    });
    expect(result.headers.get("x-request-id")).toBe("r3");
  });

  it("throws a 5xx as MarketplaceClientError carrying the status, the request id and the body", async () => {
    const body = {
      ok: false,
      code: "internal",
      message: "Internal error (request id r-500)",
      http_status: 500,
      error: { code: "internal" },
    };
    fake = await startFakeService(
      scripted(() => ({ status: 500, json: body, headers: { "x-request-id": "r-500" } })),
    );
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const failure = await client.v2.call("GET /balance").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MarketplaceClientError);
    expect(failure).toMatchObject({
      name: "MarketplaceClientError",
      status: 500,
      requestId: "r-500",
      body,
      message: "GET /api/v2/balance answered 500 (request id r-500): Internal error (request id r-500)",
    });
  });

  it("throws a network failure as MarketplaceClientError with no status and the fetch error as its cause", async () => {
    fake = await startFakeService(() => ordersAnswer);
    const { baseUrl } = fake;
    await fake.close();
    fake = undefined;
    const client = createMarketplaceClient({ baseUrl, apiKey: API_KEY });

    const failure = await client.v1.call("GET /orders").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MarketplaceClientError);
    expect(failure).toMatchObject({ status: undefined, requestId: undefined });
    expect((failure as Error).message).toMatch(
      new RegExp(`^POST /api/v1/auth/api-key/create: no answer from ${baseUrl.replaceAll(".", "\\.")} \\(`),
    );
    expect((failure as Error).cause).toBeInstanceOf(Error);
  });

  it("throws when a 2xx is not the version's success envelope: there is no data to return", async () => {
    fake = await startFakeService(scripted(() => ({ status: 200, text: "<html>ok</html>" })));
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    const failure = await client.v1.call("GET /orders").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MarketplaceClientError);
    expect(failure).toMatchObject({
      status: 200,
      message: "GET /api/v1/orders answered 200 without the v1 success envelope",
    });
  });
});

describe("requests", () => {
  it("fills path parameters (encoded), writes the query (numbers as text, undefined left out) and sends JSON bodies and extra headers", async () => {
    fake = await startFakeService(
      scripted((request) =>
        request.url.startsWith("/api/v1/")
          ? { status: 200, json: { status: "success", data: {} } }
          : { status: 201, json: { ok: true, data: {}, meta: {} } },
      ),
    );
    const client = createMarketplaceClient({ baseUrl: `${fake.baseUrl}/`, apiKey: API_KEY });

    await client.v1.call("POST /products/update/{id}", { path: { id: "a/b c" }, body: { price: 2400 } });
    await client.v2.call("GET /history", { query: { status: "paid", page: 2, seller_id: undefined } });
    await client.v2.call("POST /buy", {
      body: { product_id: "01P", quantity: 1 },
      headers: { "Idempotency-Key": "key-1" },
    });

    const [update, history, buy] = fake.requests.filter((r) => !r.url.endsWith("/auth/api-key/create"));
    expect([update?.method, update?.url, update?.headers["content-type"], update?.body]).toEqual([
      "POST",
      "/api/v1/products/update/a%2Fb%20c",
      "application/json",
      '{"price":2400}',
    ]);
    expect([history?.method, history?.url, history?.body]).toEqual([
      "GET",
      "/api/v2/history?status=paid&page=2",
      "",
    ]);
    expect([buy?.url, buy?.headers["idempotency-key"], buy?.body]).toEqual([
      "/api/v2/buy",
      "key-1",
      '{"product_id":"01P","quantity":1}',
    ]);
  });

  it("sends a form as multipart/form-data with its text fields and files", async () => {
    fake = await startFakeService(scripted(() => ({ status: 200, json: { status: "success", data: {} } })));
    const client = createMarketplaceClient({ baseUrl: fake.baseUrl, apiKey: API_KEY });

    await client.v1.call("POST /products/img", {
      form: {
        id_product: "01P",
        img: new File([new Uint8Array([1, 2, 3])], "cover.png", { type: "image/png" }),
      },
    });

    const [upload] = fake.to("/api/v1/products/img");
    expect(upload?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toContain('Content-Disposition: form-data; name="id_product"\r\n\r\n01P\r\n');
    expect(upload?.body).toContain(
      'Content-Disposition: form-data; name="img"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n\u0001\u0002\u0003\r\n',
    );
  });
});

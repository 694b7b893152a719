import type { AddressInfo } from "node:net";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGateway } from "../../../infra/local/gateway.js";
import { type ApiHandler, createGroupHandler, defineAction } from "../../../shared/http/group-handler.js";
import { type EndpointGroup, endpointGroups } from "../../../shared/http/routes.js";

const seen: { group: EndpointGroup; event: APIGatewayProxyEventV2 }[] = [];
const capture =
  (group: EndpointGroup): ApiHandler =>
  async (event) => {
    seen.push({ group, event });
    return { statusCode: 299, headers: { "x-group": group }, body: "captured" };
  };

/** The image origin this gateway's dashboard answers allow (locally, fauxqs's). */
const imageOrigin = "http://images.test:9000";
const server = createGateway(
  Object.fromEntries(endpointGroups.map((g) => [g, capture(g)])) as Record<EndpointGroup, ApiHandler>,
  { imageOrigin },
);
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const lastEvent = () => {
  const last = seen.at(-1);
  if (!last) throw new Error("no event captured");
  return last;
};

describe("local gateway", () => {
  it("builds an API Gateway v2 event with route key, decoded path parameters and joined query values", async () => {
    const response = await fetch(`${base}/api/v1/products/info/a%20b?page=2&tag=x&tag=y`, {
      headers: { "X-Custom": "1" },
    });
    expect(response.status).toBe(299);
    expect(response.headers.get("x-group")).toBe("v1-products");
    const { group, event } = lastEvent();
    expect(group).toBe("v1-products");
    expect(event.version).toBe("2.0");
    expect(event.routeKey).toBe("GET /api/v1/products/info/{id}");
    expect(event.requestContext.routeKey).toBe("GET /api/v1/products/info/{id}");
    expect(event.rawPath).toBe("/api/v1/products/info/a%20b");
    expect(event.rawQueryString).toBe("page=2&tag=x&tag=y");
    expect(event.pathParameters).toEqual({ id: "a b" });
    expect(event.queryStringParameters).toEqual({ page: "2", tag: "x,y" });
    expect(event.headers["x-custom"]).toBe("1");
    expect(event.requestContext.http.method).toBe("GET");
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it("passes __proto__ and constructor as ordinary query parameters, as API Gateway does", async () => {
    await fetch(`${base}/api/v1/products?__proto__=1&constructor=x&constructor=y`);
    const { event } = lastEvent();
    expect(Object.getPrototypeOf(event.queryStringParameters)).toBe(Object.prototype);
    expect(Object.entries(event.queryStringParameters ?? {})).toEqual([
      ["__proto__", "1"],
      ["constructor", "x,y"],
    ]);
  });

  it("passes JSON bodies as text", async () => {
    await fetch(`${base}/api/v2/buy`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"product_id":"p1"}',
    });
    const { event } = lastEvent();
    expect(event.routeKey).toBe("POST /api/v2/buy");
    expect(event.body).toBe('{"product_id":"p1"}');
    expect(event.isBase64Encoded).toBe(false);
  });

  it("passes multipart uploads base64-encoded, byte for byte", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
    const form = new FormData();
    form.set("id_product", "p1");
    form.set("img", new Blob([bytes], { type: "image/png" }), "x.png");
    await fetch(`${base}/api/v1/products/img`, { method: "POST", body: form });
    const { event } = lastEvent();
    expect(event.isBase64Encoded).toBe(true);
    expect(event.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const decoded = Buffer.from(event.body ?? "", "base64");
    expect(decoded.includes(Buffer.from(bytes))).toBe(true);
  });

  it("sends unknown paths under a version to that version's catch-all", async () => {
    await fetch(`${base}/api/v2/nothing/here`, { method: "PATCH" });
    const { group, event } = lastEvent();
    expect(group).toBe("v2-auth");
    expect(event.routeKey).toBe("ANY /api/v2/{proxy+}");
    expect(event.pathParameters).toEqual({ proxy: "nothing/here" });
  });

  it("answers paths outside both APIs like API Gateway does, without calling a handler", async () => {
    const before = seen.length;
    const response = await fetch(`${base}/favicon.ico`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not Found" });
    expect(seen.length).toBe(before);
  });

  it("answers the dashboard's path without its slash with a 308 to /dashboard/ and the dashboard's security headers, images allowed from the image origin it was given", async () => {
    const before = seen.length;
    const response = await fetch(`${base}/dashboard`, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/dashboard/");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: http://images.test:9000; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(seen.length).toBe(before);
  });

  it("refuses bodies over API Gateway's 10 MB limit with 413", async () => {
    const response = await fetch(`${base}/api/v1/products`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(10 * 1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
  });
});

describe("local gateway under a slow machine", () => {
  it("lets a handler take longer than any Lambda timeout: the answer comes late, not as middy's 500", async () => {
    const realNow = Date.now;
    const clock = vi.spyOn(Date, "now");
    // A real group handler (middy's whole chain) on a public route, whose work takes 31 s by the clock:
    // what a request queued behind DynamoDB Local's writes looks like on a loaded machine.
    const docs = createGroupHandler(
      "api-docs",
      {
        "GET /docs": defineAction({
          handle: async () => {
            clock.mockImplementation(() => realNow() + 31_000);
            await new Promise((r) => setTimeout(r, 50));
            return { data: { answered: true } };
          },
        }),
      },
      () => Promise.reject(new Error("a public route needs no tokens")),
    );
    const slow = createGateway(
      {
        ...(Object.fromEntries(endpointGroups.map((g) => [g, capture(g)])) as Record<
          EndpointGroup,
          ApiHandler
        >),
        "api-docs": docs,
      },
      { imageOrigin },
    );
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", () => resolve()));
    try {
      const response = await fetch(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/docs`);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 200,
        body: { ok: true, data: { answered: true }, meta: {} },
      });
    } finally {
      clock.mockRestore();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { documentPath } from "../../../infra/openapi/documents.js";
import { REDOCLY_LOGO_URL, withoutThirdPartyRequests } from "../../../shared/reference/redoc-script.js";
import { referenceFiles } from "../../../shared/reference/reference-files.js";
import { REFERENCE_PAGE_CSP, referencePage } from "../../../shared/reference/reference-page.js";
import { request } from "../../support/http.js";
import { workerStack } from "../../support/worker-stack.js";

const securityHeaders = {
  "x-content-type-options": "nosniff",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
};

const headersOf = (response: { headers: Headers }, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

/** The raw bytes and headers of a GET through the gateway, without fetch's automatic decompression. */
const rawGet = (path: string, acceptEncoding: string) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${workerStack().gatewayUrl}${path}`, {
      headers: { "accept-encoding": acceptEncoding },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });

describe.each(["v1", "v2"] as const)("GET /api/%s/openapi.json", (version) => {
  it("answers the committed document exactly, without a token, as public JSON any origin may read", async () => {
    const response = await request("GET", `/api/${version}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(readFileSync(documentPath(version), "utf8"));
    expect(
      headersOf(response, ["content-type", "cache-control", "access-control-allow-origin", "vary"]),
    ).toEqual({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=300",
      "access-control-allow-origin": "*",
      vary: "accept-encoding",
    });
    expect(headersOf(response, Object.keys(securityHeaders))).toEqual(securityHeaders);
  });

  it("is gzipped for a client that accepts gzip, and sent as is to one that does not", async () => {
    const committed = readFileSync(documentPath(version));
    const gzipped = await rawGet(`/api/${version}/openapi.json`, "gzip, deflate");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).equals(committed)).toBe(true);
    expect(gzipped.body.length).toBeLessThan(committed.length / 4);
    const plain = await rawGet(`/api/${version}/openapi.json`, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(committed)).toBe(true);
  });
});

describe("GET /docs", () => {
  it("answers the v1 reference page under the self-only Content-Security-Policy, never cached stale", async () => {
    const response = await request("GET", "/docs");
    expect(response.status).toBe(200);
    expect(response.text).toBe(referencePage("v1"));
    expect(
      headersOf(response, ["content-type", "content-security-policy", "referrer-policy", "cache-control"]),
    ).toEqual({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": REFERENCE_PAGE_CSP,
      "referrer-policy": "no-referrer",
      "cache-control": "no-cache",
    });
    expect(headersOf(response, Object.keys(securityHeaders))).toEqual(securityHeaders);
  });

  it("?api=v2 answers the v2 page and ?api=v1 the v1 page; both link both pages, the script and their own document", async () => {
    const v2 = await request("GET", "/docs?api=v2");
    expect(v2.status).toBe(200);
    expect(v2.text).toBe(referencePage("v2"));
    expect(v2.text).toContain('<redoc spec-url="/api/v2/openapi.json"></redoc>');
    expect((await request("GET", "/docs?api=v1")).text).toBe(referencePage("v1"));
    for (const page of [v2.text, referencePage("v1")]) {
      expect(page).toContain('href="/docs"');
      expect(page).toContain('href="/docs?api=v2"');
      expect(page).toContain('<script src="/docs/redoc.standalone.js"></script>');
    }
  });

  it("refuses any other api with 400 'Parameter 'api' must be v1 or v2' as plain text", async () => {
    for (const api of ["v3", "V1", "", "payments"]) {
      const response = await request("GET", `/docs?api=${api}`);
      expect([response.status, response.text, response.headers.get("content-type")]).toEqual([
        400,
        "Parameter 'api' must be v1 or v2",
        "text/plain; charset=utf-8",
      ]);
    }
  });
});

describe("GET /docs/redoc.standalone.js", () => {
  it("answers the installed Redoc standalone script as JavaScript, with its one CDN request (Redocly's logo) removed", async () => {
    const response = await request("GET", "/docs/redoc.standalone.js");
    expect(response.status).toBe(200);
    expect(response.text).toBe(withoutThirdPartyRequests(readFileSync(referenceFiles.redoc, "utf8")));
    expect(response.text).not.toContain(REDOCLY_LOGO_URL);
    expect(headersOf(response, ["content-type", "cache-control"])).toEqual({
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=86400",
    });
  });
});

describe("paths next to the reference", () => {
  it("/docs/ and /docs/v2 are API Gateway's own 404; /api/v1/openapi.yaml is v1's 404 in its envelope", async () => {
    for (const path of ["/docs/", "/docs/v2"]) {
      const response = await request("GET", path);
      expect([response.status, response.body]).toEqual([404, { message: "Not Found" }]);
    }
    const yaml = await request("GET", "/api/v1/openapi.yaml");
    expect([yaml.status, yaml.body]).toEqual([404, { status: "error", message: "Not found" }]);
  });
});

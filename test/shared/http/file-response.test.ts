import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, fileResponse, textResponse } from "../../../shared/http/file-response.js";

const content = { text: "x".repeat(1000), gzipped: gzipSync("x".repeat(1000)) };

describe("acceptsGzip", () => {
  it.each([
    ["gzip", true],
    ["gzip, deflate, br", true],
    ["br;q=1.0, GZIP;q=0.5", true],
    ["*", true],
    ["gzip;q=0", false],
    ["gzip; q=0.000", false],
    ["*;q=0", false],
    ["identity", false],
    ["deflate, br", false],
    ["", false],
    [undefined, false],
  ])("%j → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("fileResponse", () => {
  it("sends the gzipped bytes as base64 with Content-Encoding gzip when the client accepts gzip", () => {
    const response = fileResponse(content, "gzip, br", { "content-type": "text/plain" });
    expect(response.isBase64Encoded).toBe(true);
    expect(gunzipSync(Buffer.from(response.body ?? "", "base64")).toString()).toBe(content.text);
    expect(response.headers).toEqual({
      "content-type": "text/plain",
      "content-encoding": "gzip",
      vary: "accept-encoding",
      "x-content-type-options": "nosniff",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
  });

  it("sends the text as is, saying it varies by Accept-Encoding, to a client that does not accept gzip", () => {
    const response = fileResponse(content, "identity", { "content-type": "text/plain" });
    expect([response.statusCode, response.isBase64Encoded, response.body]).toEqual([
      200,
      false,
      content.text,
    ]);
    expect(response.headers).toEqual({
      "content-type": "text/plain",
      vary: "accept-encoding",
      "x-content-type-options": "nosniff",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
  });

  it("a file's own headers cannot switch off the security headers", () => {
    const response = fileResponse(content, undefined, { "x-content-type-options": "sniff" });
    expect(response.headers?.["x-content-type-options"]).toBe("nosniff");
  });
});

describe("textResponse", () => {
  it("is plain text, not cached, with the security headers, unless the caller names its type", () => {
    expect(textResponse(400, "bad")).toEqual({
      statusCode: 400,
      headers: {
        "cache-control": "no-cache",
        "content-type": "text/plain; charset=utf-8",
        "x-content-type-options": "nosniff",
        "strict-transport-security": "max-age=31536000; includeSubDomains",
      },
      body: "bad",
    });
    expect(textResponse(200, "<p>", { "content-type": "text/html" }).headers?.["content-type"]).toBe(
      "text/html",
    );
  });
});

import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { jsonResponse } from "../../../shared/http/envelopes.js";
import {
  COMPRESS_FROM_BYTES,
  encodeForClient,
  LAMBDA_RESPONSE_LIMIT_BYTES,
} from "../../../shared/http/response-encoding.js";

/** A v1 success answer whose data is `n` list-like entries. */
const answer = (n: number, text = "x") =>
  jsonResponse(
    200,
    {
      status: "success",
      data: Array.from({ length: n }, (_, i) => ({ id_order: `ORDER-${i}`, note: text })),
    },
    "req-1",
  );

const refusal = (run: () => unknown): string => {
  try {
    run();
    return "answered";
  } catch (error) {
    return error instanceof DomainError ? `${error.kind} ${error.code}: ${error.message}` : String(error);
  }
};

const tooLarge =
  "unprocessable response_too_large: Answer too large for one response: accept gzip (Accept-Encoding: gzip) or read it in pages with limit and cursor";

describe("answers as they leave the Lambda", () => {
  it("leave a small answer exactly as it is, whatever the client accepts", () => {
    const small = answer(3);
    expect((small.body ?? "").length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(encodeForClient(small, "gzip")).toBe(small);
    expect(encodeForClient(small, undefined)).toBe(small);
  });

  it("gzip a large answer, as base64 with Content-Encoding and Vary, only for a client that accepts gzip", () => {
    const large = answer(500);
    const gzipped = encodeForClient(large, "br;q=1, gzip;q=0.8");
    expect(gzipped.isBase64Encoded).toBe(true);
    expect(gzipped.headers).toMatchObject({
      "content-encoding": "gzip",
      vary: "accept-encoding",
      "x-request-id": "req-1",
    });
    expect(gunzipSync(Buffer.from(gzipped.body ?? "", "base64")).toString("utf8")).toBe(large.body);
    for (const refused of [undefined, "", "identity", "br", "gzip;q=0"]) {
      const plain = encodeForClient(large, refused);
      expect(plain.body).toBe(large.body);
      expect(plain.isBase64Encoded).toBeUndefined();
      expect(plain.headers).toMatchObject({ vary: "accept-encoding" });
      expect(plain.headers?.["content-encoding"]).toBeUndefined();
    }
  });

  it("refuse with 422 an answer past the Lambda's 6 MB as sent, and not one that fits once gzipped", () => {
    // ~8.6 MB of JSON: too large plain, a small fraction of it gzipped (the entries repeat).
    const huge = answer(200_000, "a note");
    expect((huge.body ?? "").length).toBeGreaterThan(LAMBDA_RESPONSE_LIMIT_BYTES);
    expect(refusal(() => encodeForClient(huge, undefined))).toBe(tooLarge);
    expect(refusal(() => encodeForClient(huge, "gzip"))).toBe("answered");
  });

  it("count the escapes a body gains inside the Lambda's answer: 3.2 MB of escaped quotes is over the limit as sent", () => {
    // Each quote of the note is 2 bytes in the body (backslash, quote) and 4 once the body is a JSON string.
    const quotes = answer(1, '"'.repeat(1_600_000));
    const bodyBytes = Buffer.byteLength(quotes.body ?? "");
    expect(bodyBytes).toBeLessThan(LAMBDA_RESPONSE_LIMIT_BYTES);
    expect(Buffer.byteLength(JSON.stringify(quotes))).toBeGreaterThan(LAMBDA_RESPONSE_LIMIT_BYTES);
    expect(refusal(() => encodeForClient(quotes, undefined))).toBe(tooLarge);
    // Just under: the same answer with a quarter of the quotes fits.
    expect(refusal(() => encodeForClient(answer(1, '"'.repeat(400_000)), undefined))).toBe("answered");
  });
});

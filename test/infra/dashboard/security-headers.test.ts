import { describe, expect, it } from "vitest";
import { dashboardSecurityHeaders } from "../../../infra/dashboard/security-headers.js";

describe("dashboardSecurityHeaders", () => {
  it("is the strict policy with images from the dashboard, data: and blob: URLs and the given image origin, plus nosniff and no referrer", () => {
    expect(dashboardSecurityHeaders("https://d111111abcdef8.cloudfront.net")).toEqual({
      "content-security-policy":
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https://d111111abcdef8.cloudfront.net; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
  });

  it.each([
    ["", "empty"],
    ["http://127.0.0.1:4566 https://evil.example", "two sources"],
    ["http://127.0.0.1:4566; script-src *", "a second directive"],
    ["http://127.0.0.1:4566, script-src *", "a second policy"],
  ])("refuses an image origin that is not one CSP source: %j (%s)", (origin) => {
    expect(() => dashboardSecurityHeaders(origin)).toThrow(
      `the dashboard's image origin must be one CSP source, got "${origin}"`,
    );
  });
});

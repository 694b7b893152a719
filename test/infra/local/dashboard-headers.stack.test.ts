import { describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { request } from "../../support/http.js";

// The local stack hands its gateway the image bucket's origin, so the dashboard may show the images whose
// URLs the API answers with (PUBLIC_IMAGE_BASE_URL), and no other origin's.

describe("the local stack's dashboard headers", () => {
  it("allow images from the origin of PUBLIC_IMAGE_BASE_URL (fauxqs's), on the page and on a 404 alike", async () => {
    const imageOrigin = new URL(requireEnv("PUBLIC_IMAGE_BASE_URL")).origin;
    expect(imageOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const csp = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: ${imageOrigin}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
    const page = await request("GET", "/dashboard/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(csp);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const missing = await request("GET", "/dashboard/assets/missing.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toBe(csp);
  });
});

import { describe, expect, it } from "vitest";
import {
  REFERENCE_PAGE_CSP,
  referencePage,
  referencePaths,
} from "../../../shared/reference/reference-page.js";

describe("the reference page", () => {
  it("renders its version's document with Redoc loaded from the page's own origin, and switches between v1 and v2", () => {
    const v1 = referencePage("v1");
    expect(v1).toContain('<redoc spec-url="/api/v1/openapi.json"></redoc>');
    expect(v1).toContain('<script src="/docs/redoc.standalone.js"></script>');
    expect(v1).toContain('<a href="/docs" aria-current="page">Seller API v1</a>');
    expect(v1).toContain('<a href="/docs?api=v2">Reseller API v2</a>');
    expect(v1).toContain('<a class="document" href="/api/v1/openapi.json">OpenAPI document (JSON)</a>');
    const v2 = referencePage("v2");
    expect(v2).toContain('<redoc spec-url="/api/v2/openapi.json"></redoc>');
    expect(v2).toContain('<a href="/docs">Seller API v1</a>');
    expect(v2).toContain('<a href="/docs?api=v2" aria-current="page">Reseller API v2</a>');
  });

  it("loads nothing from another origin: every src and href is a path of its own", () => {
    for (const version of ["v1", "v2"] as const) {
      const urls = [...referencePage(version).matchAll(/(?:src|href|spec-url)="([^"]*)"/g)].map((m) => m[1]);
      expect(urls.length).toBe(5);
      for (const url of urls) expect(url).toMatch(/^\/(docs|api\/v[12]\/openapi\.json)/);
    }
  });

  it("its Content-Security-Policy allows its own origin, and of the rest only inline styles, data: images and a blob: worker", () => {
    expect(REFERENCE_PAGE_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it("the page paths are /docs and /docs?api=v2, the script /docs/redoc.standalone.js", () => {
    expect([referencePaths.page("v1"), referencePaths.page("v2"), referencePaths.script]).toEqual([
      "/docs",
      "/docs?api=v2",
      "/docs/redoc.standalone.js",
    ]);
  });
});

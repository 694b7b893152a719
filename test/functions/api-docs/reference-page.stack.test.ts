import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReferenceVersion, referencePaths } from "../../../shared/reference/reference-page.js";
import { BROWSER_GUARD_MS, launchChromium } from "../../support/headless-chromium.js";
import { request } from "../../support/http.js";
import { workerStack } from "../../support/worker-stack.js";

// The reference page in a real headless Chromium (the one @sparticuz/chromium ships in its npm package, so
// CI installs nothing beyond npm ci): Redoc renders every operation of the served document, and the page
// reaches nothing outside the gateway's origin.

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

type Operations = Record<string, Record<string, { readonly operationId: string }>>;

interface ServedDocument {
  readonly info: { readonly title: string };
  readonly paths: Operations;
  /** The webhooks the v1 document describes: Redoc renders them as operations too. */
  readonly webhooks?: Operations;
}

/** The served OpenAPI document's title and the operationIds of all its operations, webhooks included. */
const servedDocument = async (version: ReferenceVersion) => {
  const response = await request("GET", referencePaths.document(version));
  expect(response.status).toBe(200);
  const { info, paths, webhooks = {} } = response.body as ServedDocument;
  const operationIds = [paths, webhooks].flatMap((items) =>
    Object.values(items).flatMap((item) => Object.values(item).map((o) => o.operationId)),
  );
  return { title: info.title, operationIds };
};

describe.each(["v1", "v2"] as const)("the %s reference page in headless Chromium", (version) => {
  it("renders every operation of the served document, requests nothing outside the gateway's origin and reports no error or CSP violation", async () => {
    const gatewayUrl = workerStack().gatewayUrl;
    const origin = new URL(gatewayUrl).origin;
    const { title, operationIds } = await servedDocument(version);
    expect(operationIds.length).toBeGreaterThan(10);
    const page = await browser.newPage();
    page.setDefaultTimeout(BROWSER_GUARD_MS);
    const requested: string[] = [];
    const problems: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    try {
      const response = await page.goto(`${gatewayUrl}${referencePaths.page(version)}`);
      expect(response?.status()).toBe(200);
      // Redoc gives each rendered operation the element id `operation/<operationId>`. A locator waits
      // without evaluating script in the page, which the page's CSP (no 'unsafe-eval') would refuse.
      const operations = page.locator('[id^="operation/"]');
      await operations
        .nth(operationIds.length - 1)
        .waitFor({ state: "attached" })
        .catch((error: unknown) => {
          // A page that never renders says why (a CSP violation, a script error) before the timeout does.
          expect(problems, "what the page reported").toEqual([]);
          throw error;
        });
      const rendered = await page.$$eval('[id^="operation/"]', (elements) => elements.map((e) => e.id));
      expect(rendered.sort()).toEqual(operationIds.map((id) => `operation/${id}`).sort());
      expect(await page.locator("h1").first().textContent()).toContain(title);
      // The worker Redoc builds its search index in is a blob: of the page's own origin.
      expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(requested).toContain(`${origin}${referencePaths.script}`);
      expect(requested).toContain(`${origin}${referencePaths.document(version)}`);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

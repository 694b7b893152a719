import { describe, expect, it } from "vitest";
import { requireEnv } from "../../shared/config/environment.js";
import { accountService } from "../../shared/runtime/dependencies.js";
import { createTestAccount } from "../support/accounts.js";
import { chromiumForFile, VIEWPORTS, watchedPage, widerThan } from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { request } from "../support/http.js";
import { workerStack } from "../support/worker-stack.js";

// The seller dashboard (#22) in a real headless Chromium against the worker's stack, as a seller sees it.

const chromium = chromiumForFile();

describe("the seller dashboard in headless Chromium", () => {
  it("is served under /dashboard/ with a strict Content-Security-Policy and no inline script", async () => {
    const page = await request("GET", "/dashboard/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: ${new URL(requireEnv("PUBLIC_IMAGE_BASE_URL")).origin}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.text).toMatch(
      /<script type="module" crossorigin src="\/dashboard\/assets\/[\w-]+\.js"><\/script>/,
    );
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect((await request("GET", "/dashboard/../package.json")).status).toBe(404);
    expect((await request("GET", "/dashboard/assets/missing.js")).status).toBe(404);
  });

  it.each(VIEWPORTS)(
    "at $name width a seller signs in by keyboard with the API key, sees the store and its balance, and signs out; a wrong key is refused on the page",
    async (viewport) => {
      const account = await createTestAccount(`Dash Store ${viewport.name} ${process.pid}`);
      await accountService().credit(account.seller_id, 1500);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        const response = await page.goto(`${workerStack().gatewayUrl}/dashboard/`);
        expect(response?.status()).toBe(200);
        await page.getByRole("heading", { name: "Seller dashboard" }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);

        // Keyboard only: the key field is the first stop, Enter sends the form.
        await page.keyboard.press("Tab");
        expect(await page.locator("#api-key:focus").count()).toBe(1);
        await page.keyboard.type("mk_not-a-key-of-anyone");
        await page.keyboard.press("Enter");
        await expect
          .poll(() => page.getByRole("alert").textContent(), PAGE_WAIT)
          .toBe("The API key was not accepted.");

        await page.getByLabel("API key").fill(account.api_key);
        await page.keyboard.press("Enter");
        await page.getByRole("heading", { name: "Overview" }).waitFor();
        expect(await page.locator(".store").textContent()).toBe(`Dash Store ${viewport.name} ${process.pid}`);
        await expect
          .poll(() => page.getByRole("region", { name: "Balance", exact: true }).textContent(), PAGE_WAIT)
          .toBe("Balance1,500 RUB");
        expect(await seriousViolations(page)).toEqual([]);
        // Nothing overflows the phone's width.
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await page.getByRole("button", { name: "Sign out" }).click();
        await page.getByRole("heading", { name: "Seller dashboard" }).waitFor();
        expect(await page.getByLabel("API key").inputValue()).toBe("");
        expect(elsewhere).toEqual([]);
        expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

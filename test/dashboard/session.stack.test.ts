import { describe, expect, it } from "vitest";
import { accountAccess } from "../../shared/runtime/dependencies.js";
import { createTestSeller } from "../support/catalogue.js";
import { besidesProvoked } from "../support/dashboard-forms.js";
import { chromiumForFile, signedIn, VIEWPORTS, watchedPage } from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { afterStandingCache } from "../support/standing-cache.js";

// The dashboard's session (#22): a key the API stops accepting ends it visibly, never silently.

const chromium = chromiumForFile();

describe("the dashboard's session in headless Chromium", () => {
  it("when the API stops accepting the key (rotated), the next read returns the seller to the sign-in page with the reason, and the new key signs in again", async () => {
    const seller = await createTestSeller();
    const { page, problems } = await watchedPage(chromium(), VIEWPORTS[0]);
    try {
      await signedIn(page, seller.apiKey);
      await page.getByRole("link", { name: "Products" }).click();
      await expect.poll(() => page.locator(".count").textContent(), PAGE_WAIT).toBe("No products match.");

      const rotated = await accountAccess().rotateKey(seller.id);
      await afterStandingCache();
      await page.getByRole("link", { name: "Orders", exact: true }).click();
      await expect
        .poll(() => page.locator("h1, [role=alert]").allTextContents(), PAGE_WAIT)
        .toEqual(["Seller dashboard", "The marketplace no longer accepts this API key. Sign in again."]);
      expect(await page.getByRole("alert").textContent()).toBe(
        "The marketplace no longer accepts this API key. Sign in again.",
      );
      expect(await page.getByLabel("API key").inputValue()).toBe("");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel("API key").fill(rotated.api_key);
      await page.getByRole("button", { name: "Sign in" }).click();
      // Signed in again, the seller is back on the page they were reading.
      await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
      expect(await page.getByRole("alert").count()).toBe(0);
      // The refused reads with the old token and key are the only console errors.
      expect(besidesProvoked(problems, [401])).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

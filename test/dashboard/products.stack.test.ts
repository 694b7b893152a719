import { describe, expect, it } from "vitest";
import { createPublicCategory, createTestSeller, publishProduct } from "../support/catalogue.js";
import { chromiumForFile, signedIn, VIEWPORTS, watchedPage, widerThan } from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { createProduct, validProductBody } from "../support/products.js";

// The dashboard's product list (#22) in headless Chromium: what a seller sees of their products.

const chromium = chromiumForFile();

describe("the dashboard's products in headless Chromium", () => {
  it.each(VIEWPORTS)(
    "at $name width a seller sees their products counted by moderation state, lists them 20 a page, filters them by state and finds one by name",
    async (viewport) => {
      const seller = await createTestSeller();
      const categoryId = await createPublicCategory();
      const approved = await publishProduct(
        seller,
        categoryId,
        { name: "Hollow Knight key" },
        { sync: false },
      );
      // 21 drafts besides: two pages.
      for (let i = 0; i < 21; i++)
        await createProduct(seller.v1, validProductBody(categoryId, { name: `Draft product ${i}` }));
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        // The overview counts them by moderation state.
        await expect
          .poll(
            () =>
              page
                .getByRole("region", { name: "Products by moderation state", exact: true })
                .locator(".counts div")
                .allTextContents(),
            PAGE_WAIT,
          )
          .toEqual(["draft21", "pending0", "approved1", "rejected0"]);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole("link", { name: "Products" }).click();
        await page.getByRole("heading", { name: "Products" }).first().waitFor();
        const table = page.getByRole("table");
        await expect.poll(() => page.locator(".count").textContent(), PAGE_WAIT).toBe("22 products");
        expect(await table.locator("tbody tr").count()).toBe(20);
        expect(await page.getByText("Page 1 of 2").count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await page.getByRole("button", { name: "Next" }).click();
        await expect.poll(() => page.getByText("Page 2 of 2").count(), PAGE_WAIT).toBe(1);
        await expect.poll(() => table.locator("tbody tr").count(), PAGE_WAIT).toBe(2);

        await page.getByLabel("Moderation state").selectOption("approved");
        await expect.poll(() => page.locator(".count").textContent(), PAGE_WAIT).toBe("1 product");
        expect(await table.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
          "Hollow Knight key",
          "1,500 RUB",
          "10",
          "approved",
        ]);

        await page.getByLabel("Moderation state").selectOption("");
        // A search matches from a word start on: "product 7" names one draft, "Draft product 7".
        await page.getByLabel("Name").fill("product 7");
        await page.keyboard.press("Enter");
        await expect.poll(() => page.locator(".count").textContent(), PAGE_WAIT).toBe("1 product");
        expect(await table.locator("tbody td").first().textContent()).toBe("Draft product 7");
        expect(approved.id).toMatch(/^[0-9A-Z]{26}$/);
        expect(elsewhere).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

import { describe, expect, it } from "vitest";
import { orderService, paymentService, productService } from "../../shared/runtime/dependencies.js";
import { createTestAccount } from "../support/accounts.js";
import { createPublicCategory } from "../support/catalogue.js";
import { besidesProvoked } from "../support/dashboard-forms.js";
import {
  chromiumForFile,
  openPage,
  signedIn,
  VIEWPORTS,
  watchedPage,
  widerThan,
} from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { freshCodes } from "../support/key-stock.js";
import { tinyPng } from "../support/products.js";

// A new seller's first sale in the dashboard (#22), as the "Done when" walks it: the product and
// its codes made in the browser, the operator's approval, an order paid, and the code that went out.

const chromium = chromiumForFile();

describe("a new seller's first sale in headless Chromium", () => {
  it("a new seller lists a product with a code in the browser, sees it approved, and after a paid order sees it delivered with that code, never the buyer's e-mail", async () => {
    const account = await createTestAccount(`First Sale Store ${process.pid}`);
    const categoryName = `First sale category ${process.pid} ${Date.now()}`;
    await createPublicCategory(categoryName);
    const [code] = freshCodes(account.seller_id, 1) as [string];
    const name = `First sale key ${Date.now()}`;
    const { page, elsewhere, problems } = await watchedPage(chromium(), VIEWPORTS[0]);
    try {
      await signedIn(page, account.api_key);
      await page.getByRole("link", { name: "Products" }).click();
      await page.getByRole("link", { name: "New product" }).click();
      await page.getByLabel("Category").waitFor();
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Category").selectOption({ label: categoryName });
      await page.getByLabel("Price (RUB)").fill("990");
      await page.getByLabel("External id (uuid)").fill(`first-sale-${Date.now()}`);
      await page.getByLabel("Description", { exact: true }).fill("A Steam key, delivered at once.");
      await page.getByLabel("Features").fill("steam, global, instant");
      await page.getByLabel("Tags").fill("steam");
      await page.getByLabel("SEO title").fill(name);
      await page.getByLabel("SEO description").fill("A Steam key");
      await page.getByRole("button", { name: "Create product" }).click();
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      const productId = decodeURIComponent(new URL(page.url()).hash.replace("#/products/", ""));

      await page
        .getByLabel("New image")
        .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: tinyPng });
      await page.getByRole("button", { name: "Upload image" }).click();
      const moderation = page.getByRole("region", { name: "Moderation", exact: true });
      await expect.poll(() => moderation.locator(".state").textContent(), PAGE_WAIT).toBe("pending");
      await page.getByLabel("Paste codes, one per line").fill(code);
      await page.getByRole("button", { name: "Upload pasted codes" }).click();
      const codes = page.getByRole("region", { name: "Codes", exact: true });
      await expect.poll(() => codes.getByRole("status").textContent(), PAGE_WAIT).toBe("1 code added.");

      // The operator approves it (`ops product approve`); the product's page shows it on its next read.
      await productService().approve(productId);
      await openPage(page, "#/products");
      await openPage(page, `#/products/${productId}`);
      await expect.poll(() => moderation.locator(".state").textContent(), PAGE_WAIT).toBe("approved");

      // A buyer orders and pays (`ops order create`, `ops order pay`): the code goes out at payment.
      const buyerEmail = `first-sale-${Date.now()}@example.com`;
      const order = await orderService().createGuestOrder({
        product_id: productId,
        quantity: 1,
        email: buyerEmail,
      });
      await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });

      await page.getByRole("link", { name: "Orders", exact: true }).click();
      const table = page.getByRole("table", { name: "Orders" });
      await expect.poll(() => table.locator("tbody tr").count(), PAGE_WAIT).toBe(1);
      const row = await table.locator("tbody tr").getByRole("cell").allTextContents();
      expect([
        row[0],
        row[4],
        row[5],
        row[6]?.replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "<at>"),
      ]).toEqual([order.id_order, "990 RUB", "paid", "Delivered <at>"]);
      await table.getByRole("link", { name: order.id_order }).click();
      const delivery = page.getByRole("region", { name: "Delivery", exact: true });
      await expect
        .poll(() => delivery.getByRole("list", { name: "Delivered codes" }).textContent(), PAGE_WAIT)
        .toBe(code);
      expect(await page.content()).not.toContain(buyerEmail);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await widerThan(page, VIEWPORTS[0].width)).toEqual([]);

      await page.getByRole("link", { name: "Overview" }).click();
      const counts = page.getByRole("region", { name: "Orders", exact: true }).getByRole("definition");
      await expect.poll(() => counts.allTextContents(), PAGE_WAIT).toEqual(["0", "0", "1", "0", "0"]);
      await expect
        .poll(
          () => page.getByRole("region", { name: "Balance", exact: true }).locator(".figure").textContent(),
          PAGE_WAIT,
        )
        .toBe("990 RUB");
      expect(elsewhere.filter((url) => !url.includes(`/products/${productId}/`))).toEqual([]);
      expect(besidesProvoked(problems, [])).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

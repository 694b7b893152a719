import { describe, expect, it } from "vitest";
import { feeService } from "../../shared/runtime/dependencies.js";
import { createPublicCategory, publishProduct } from "../support/catalogue.js";
import {
  chromiumForFile,
  openPage,
  screenshot,
  signedIn,
  VIEWPORTS,
  watchedPage,
  widerThan,
} from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { boughtOrder, fundedReseller, h2hSeller } from "../support/purchases.js";

// The marketplace's fee on an order's page (#25). The order is paid and left undelivered: its fee is
// decided and shown, and no revenue moves, so this file never meets the fee suite's revenue totals.

const chromium = chromiumForFile();

describe("the dashboard's order page under a fee, in headless Chromium", () => {
  it.each(VIEWPORTS)(
    "at $name width shows the marketplace's fee with its rate and what the sale will credit the seller",
    async (viewport) => {
      const { seller } = await h2hSeller();
      await feeService().setRate({ kind: "seller", id: seller.id }, 750);
      const product = await publishProduct(
        seller,
        await createPublicCategory(),
        { name: `Fee product ${viewport.name} ${Date.now()}`, price: 2400, count: 5 },
        { sync: false },
      );
      const orderId = await boughtOrder(await fundedReseller(2400), product.id);
      const { page, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await openPage(page, `#/orders/${orderId}`);
        await page.getByRole("heading", { name: `Order ${orderId}`, level: 1 }).waitFor();
        const facts = page.getByRole("definition");
        await expect
          .poll(() => page.locator(".facts dt").allTextContents(), PAGE_WAIT)
          .toContain("Marketplace fee");
        const terms = await page.locator(".facts dt").allTextContents();
        const values = await page.locator(".facts dd").allTextContents();
        expect(terms.slice(0, 5)).toEqual([
          "Payment",
          "Delivery",
          "Amount",
          "Marketplace fee",
          "To be credited",
        ]);
        expect(values.slice(2, 5)).toEqual(["2,400 RUB", "180 RUB (7.50%)", "2,220 RUB"]);
        expect(await facts.count()).toBeGreaterThan(5);
        expect(
          await page
            .getByRole("region", { name: "Delivery", exact: true })
            .locator("p.hint")
            .first()
            .textContent(),
        ).toBe(
          "Paid and waiting for you. Your webhook receiver can deliver it through the delivery URL; or deliver it here by hand: the buyer gets this text (and link) by e-mail, and 2,220 RUB (the amount less the marketplace's fee) is credited to you.",
        );
        await screenshot(page, "order-fee", viewport);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { createTestSeller, updateSellerProfile } from "../support/catalogue.js";
import { besidesProvoked, refusalBeside } from "../support/dashboard-forms.js";
import {
  chromiumForFile,
  screenshot,
  signedIn,
  VIEWPORTS,
  watchedPage,
  widerThan,
} from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { request } from "../support/http.js";
import { startReceiver } from "../support/receiver.js";

// The profile page's webhook settings (#23) in headless Chromium: the events a seller opts into, the
// low-stock threshold, the latest event deliveries and the signing secret's rotation.

const chromium = chromiumForFile();

const THRESHOLD_REFUSAL = "key_stock_low_threshold must be a whole number from 1 to 100000";

const openProfile = async (page: Page) => {
  await page.getByRole("link", { name: "Profile" }).click();
  await page.getByRole("heading", { name: "Webhook events" }).waitFor();
};

/** The seller's subscription as the API holds it. */
const storedEvents = async (token: string) => {
  const response = await request("GET", "/api/v1/seller/webhook-events", {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (response.body as { data: { events: string[]; key_stock_low_threshold: number } }).data;
};

describe("the dashboard's webhook settings in headless Chromium", () => {
  it.each(VIEWPORTS)(
    "at $name width a seller ticks two events by keyboard, sets the threshold to 5 and saves: the API holds them; a threshold of 0 is refused beside its field and changes nothing",
    async (viewport) => {
      const seller = await createTestSeller();
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await openProfile(page);
        const section = page.getByRole("region", { name: "Webhook events" });
        const boxes = section.getByRole("checkbox");
        await expect.poll(() => boxes.count(), PAGE_WAIT).toBe(6);
        expect(await Promise.all((await boxes.all()).map((box) => box.isChecked()))).toEqual(
          Array(6).fill(false),
        );
        expect(await page.getByLabel("Low-stock threshold").inputValue()).toBe("10");
        // The deliveries are a read of their own: wait for it, as a seller would.
        await expect
          .poll(() => section.getByText("No event was sent in the last 7 days.").count(), PAGE_WAIT)
          .toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        // Keyboard only: focus the first box, move with Tab, tick with Space.
        await page.getByRole("checkbox", { name: /dispute\.opened/ }).focus();
        await page.keyboard.press("Space");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        expect(await page.locator("#event-key_stock\\.low:focus").count()).toBe(1);
        await page.keyboard.press("Space");
        await page.getByLabel("Low-stock threshold").fill("5");
        await section.getByRole("button", { name: "Save events" }).click();
        await expect
          .poll(() => section.getByRole("status").first().textContent(), PAGE_WAIT)
          .toBe("Saved: dispute.opened, key_stock.low.");
        expect(await storedEvents(seller.v1)).toEqual({
          events: ["dispute.opened", "key_stock.low"],
          key_stock_low_threshold: 5,
          available: [
            "order.canceled",
            "dispute.opened",
            "dispute.closed",
            "chat.message",
            "key_stock.low",
            "key_stock.empty",
          ],
        });
        await screenshot(page, "webhook-events", viewport);

        await page.getByLabel("Low-stock threshold").fill("0");
        await section.getByRole("button", { name: "Save events" }).click();
        await expect
          .poll(() => refusalBeside(page, "Low-stock threshold"), PAGE_WAIT)
          .toEqual({ invalid: "true", refusal: THRESHOLD_REFUSAL });
        expect((await storedEvents(seller.v1)).key_stock_low_threshold).toBe(5);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);
        expect(elsewhere).toEqual([]);
        expect(besidesProvoked(problems, [400])).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(VIEWPORTS)(
    "at $name width rotating the signing secret shows a whsec_ secret once, and the next test webhook verifies under it with the standardwebhooks package",
    async (viewport) => {
      const seller = await createTestSeller();
      const receiver = await startReceiver(() => 200);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await updateSellerProfile(seller.v1, { api_url: receiver.url });
        receiver.namedBy({ seller: seller.id });
        await signedIn(page, seller.apiKey);
        await openProfile(page);
        const section = page.getByRole("region", { name: "Signing secret" });
        await section.getByRole("button", { name: "Rotate signing secret" }).click();
        const shown = section.getByLabel("New signing secret (shown once: copy it now)");
        await shown.waitFor();
        const secret = await shown.inputValue();
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
        expect(await section.getByRole("status").locator(".hint").textContent()).toMatch(
          /^The replaced secret signs beside it until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/,
        );
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);
        await screenshot(page, "signing-secret", viewport);

        await page.getByRole("button", { name: "Send test webhook" }).click();
        await expect.poll(() => receiver.calls.length, PAGE_WAIT).toBe(1);
        const [call] = receiver.calls;
        if (!call) throw new Error("no test webhook");
        const headers = {
          "webhook-id": String(call.headers["webhook-id"]),
          "webhook-timestamp": String(call.headers["webhook-timestamp"]),
          "webhook-signature": String(call.headers["webhook-signature"]),
        };
        expect(new Webhook(secret).verify(call.raw, headers)).toEqual(call.body);
        expect(elsewhere).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
        await receiver.close();
      }
    },
  );
});

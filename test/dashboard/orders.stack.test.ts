import { describe, expect, it } from "vitest";
import { orderService } from "../../shared/runtime/dependencies.js";
import { createPublicCategory, publishProduct } from "../support/catalogue.js";
import { besidesProvoked, refusalBeside } from "../support/dashboard-forms.js";
import {
  chromiumForFile,
  requestsElsewhere,
  screenshot,
  signedIn,
  VIEWPORTS,
  watchedPage,
  widerThan,
} from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { request } from "../support/http.js";
import { boughtOrder, chatOf, fundedReseller, h2hSeller, v2Post } from "../support/purchases.js";

// The dashboard's orders (#22) in headless Chromium: the overview's counts, the list, an order's page.

const chromium = chromiumForFile();

describe("the dashboard's orders in headless Chromium", () => {
  it.each(VIEWPORTS)(
    "at $name width the overview counts the orders that need the seller; the list shows payment, delivery and dispute; an order's page never shows the buyer's e-mail, lists its webhook attempts, carries the chat and delivers by hand",
    async (viewport) => {
      // Every webhook fails: the seller's receiver answers 500.
      const { seller, receiver } = await h2hSeller(() => 500);
      const productName = `Order product ${viewport.name} ${Date.now()}`;
      const product = await publishProduct(
        seller,
        await createPublicCategory(),
        { name: productName, count: 50 },
        { sync: false },
      );
      const buyer = await fundedReseller(10_000);
      const disputed = await boughtOrder(buyer, product.id);
      expect(
        (await v2Post(buyer.v2, `/api/v2/chat/${disputed}`, { message: "Does the key work in Europe?" }))
          .status,
      ).toBe(200);
      expect(
        (
          await v2Post(buyer.v2, "/api/v2/dispute", {
            order_id: disputed,
            action: "open",
            message: "No key yet",
          })
        ).status,
      ).toBe(200);
      const guestEmail = `dash-guest-${viewport.name}-${Date.now()}@example.com`;
      const waiting = await orderService().createGuestOrder({
        product_id: product.id,
        quantity: 2,
        email: guestEmail,
      });
      // The failing webhook is counted once the worker has tried it; the overview reads the counts as
      // it opens, so the seller signs in after that.
      await expect
        .poll(async () => {
          const summary = await request("GET", "/api/v1/orders/summary", {
            headers: { Authorization: `Bearer ${seller.v1}` },
          });
          return (summary.body as { data: { webhook_failing: number } }).data.webhook_failing;
        }, PAGE_WAIT)
        .toBe(1);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        const orderCounts = page.getByRole("region", { name: "Orders", exact: true }).getByRole("definition");
        await expect.poll(() => orderCounts.allTextContents(), PAGE_WAIT).toEqual(["1", "1", "0", "1", "1"]);
        await screenshot(page, "overview", viewport);
        expect(
          await page.getByRole("region", { name: "Orders", exact: true }).getByRole("term").allTextContents(),
        ).toEqual([
          "Waiting for payment",
          "Paid, to deliver",
          "Delivered today",
          "Open disputes",
          "Failing webhooks",
        ]);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole("link", { name: "See the orders" }).click();
        const table = page.getByRole("table", { name: "Orders" });
        await expect.poll(() => table.locator("tbody tr").count(), PAGE_WAIT).toBe(2);
        const cells = async (orderId: string) =>
          table.getByRole("row").filter({ hasText: orderId }).getByRole("cell").allTextContents();
        const waitingRow = await cells(waiting.id_order);
        expect([waitingRow[3], waitingRow[4], waitingRow[5], waitingRow[6], waitingRow[7]]).toEqual([
          "2",
          "3,000 RUB",
          "wait",
          "Waiting for payment",
          "none",
        ]);
        const disputedRow = await cells(disputed);
        expect([disputedRow[3], disputedRow[4], disputedRow[5], disputedRow[6], disputedRow[7]]).toEqual([
          "1",
          "1,500 RUB",
          "paid",
          "To deliver",
          "open",
        ]);
        // One page holds both: no pager.
        expect(await page.getByRole("navigation", { name: "Pages of orders" }).count()).toBe(0);
        await screenshot(page, "orders", viewport);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        // The waiting order's page: its facts, never the guest's e-mail, nothing to deliver yet.
        await table.getByRole("link", { name: waiting.id_order }).click();
        await page.getByRole("heading", { name: `Order ${waiting.id_order}`, level: 1 }).waitFor();
        await expect
          .poll(() => page.locator(".facts dd").allTextContents(), PAGE_WAIT)
          .toEqual([
            "wait",
            "Waiting for payment",
            "3,000 RUB",
            "2",
            productName,
            expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
            "not paid",
            "guest",
          ]);
        expect(
          await page.getByRole("region", { name: "Delivery", exact: true }).locator("p").textContent(),
        ).toBe("Not paid yet: nothing to deliver.");
        expect(await page.content()).not.toContain(guestEmail);

        // The disputed order: the failing webhook's attempts, the buyer's message, the open dispute.
        await page.getByRole("link", { name: "All orders" }).click();
        await table.getByRole("link", { name: disputed }).click();
        await page.getByRole("heading", { name: `Order ${disputed}`, level: 1 }).waitFor();
        const attempts = page.getByRole("table", { name: "Webhook attempts" });
        await expect.poll(() => attempts.locator("tbody tr").count(), PAGE_WAIT).toBeGreaterThan(0);
        const firstAttempt = await attempts.locator("tbody tr").first().getByRole("cell").allTextContents();
        expect([firstAttempt[0], firstAttempt[2], firstAttempt[3], firstAttempt[4]]).toEqual([
          "1",
          new URL(receiver.url).origin,
          "failed",
          "500",
        ]);
        expect(
          await page.getByRole("region", { name: "Dispute", exact: true }).locator("p").textContent(),
        ).toBe("open The buyer opened a dispute: answer in the chat below.");
        const messages = page.getByRole("list", { name: "Messages" }).locator(".text");
        await expect
          .poll(() => messages.allTextContents(), PAGE_WAIT)
          .toContain("Does the key work in Europe?");
        await screenshot(page, "order", viewport);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await page.getByLabel("Your reply").fill("Yes, it works everywhere.");
        await page.getByRole("button", { name: "Send" }).click();
        await expect.poll(() => messages.allTextContents(), PAGE_WAIT).toContain("Yes, it works everywhere.");
        expect(await chatOf(disputed)).toContainEqual(["seller", "Yes, it works everywhere."]);

        // Delivering by hand, keyboard only: a plain-http link is refused beside the link, then it goes.
        await page.getByLabel("What the buyer receives").fill("KEY-DASH-0001");
        await page.keyboard.press("Tab");
        await page.keyboard.type("http://files.example.com/manual.pdf");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Enter");
        await expect
          .poll(async () => (await refusalBeside(page, "Download link (optional)")).refusal, PAGE_WAIT)
          .toBe("Invalid download URL");
        await page.getByLabel("Download link (optional)").fill("");
        await page.getByLabel("Download link (optional)").press("Enter");
        const delivery = page.getByRole("region", { name: "Delivery", exact: true });
        await expect
          .poll(() => delivery.getByRole("status").textContent(), PAGE_WAIT)
          .toBe("Product delivered");
        await expect
          .poll(() => delivery.locator("p").first().textContent(), PAGE_WAIT)
          .toMatch(
            /^Delivered on \d{4}-\d{2}-\d{2} at \d{2}:\d{2}:\d{2} \(UTC\); the buyer has it by e-mail\.$/,
          );

        await page.getByRole("link", { name: "Overview" }).click();
        await expect.poll(() => orderCounts.allTextContents(), PAGE_WAIT).toEqual(["1", "0", "1", "1", "0"]);
        expect(requestsElsewhere(elsewhere, [])).toEqual([]);
        expect(besidesProvoked(problems, [422])).toEqual([]);
      } finally {
        await page.close();
        await receiver.close();
      }
    },
  );

  it("a seller with 21 orders sees the API's first page of 20 on page 1; Older shows its second page and Newer comes back", async () => {
    const { seller } = await h2hSeller(() => 200);
    const product = await publishProduct(
      seller,
      await createPublicCategory(),
      { count: 50 },
      { sync: false },
    );
    const made: string[] = [];
    for (let i = 0; i < 21; i++)
      made.push(
        (
          await orderService().createGuestOrder({
            product_id: product.id,
            quantity: 1,
            email: `paged-${i}-${Date.now()}@example.com`,
          })
        ).id_order,
      );
    // The API's own pages, newest first, as the truth the page must show.
    const headers = { Authorization: `Bearer ${seller.v1}` };
    const first = await request("GET", "/api/v1/orders?limit=20", { headers });
    const cursor = first.headers.get("x-next-cursor") ?? "";
    const second = await request("GET", `/api/v1/orders?limit=20&cursor=${encodeURIComponent(cursor)}`, {
      headers,
    });
    const idsOf = (answer: { body: unknown }) =>
      (answer.body as { data: { id_order: string }[] }).data.map((order) => order.id_order);
    expect(idsOf(first)).toHaveLength(20);
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual([...made].sort());
    const { page, elsewhere, problems } = await watchedPage(chromium(), VIEWPORTS[0]);
    try {
      await signedIn(page, seller.apiKey);
      await page.getByRole("link", { name: "Orders", exact: true }).click();
      const table = page.getByRole("table", { name: "Orders" });
      const ids = () => table.locator("tbody tr td:first-child").allTextContents();
      await expect.poll(ids, PAGE_WAIT).toEqual(idsOf(first));
      const pager = page.getByRole("navigation", { name: "Pages of orders" });
      expect(await pager.locator("span").textContent()).toBe("Page 1");
      expect(await pager.getByRole("button", { name: "Newer" }).isDisabled()).toBe(true);
      await pager.getByRole("button", { name: "Older" }).click();
      await expect.poll(ids, PAGE_WAIT).toEqual(idsOf(second));
      expect(await pager.locator("span").textContent()).toBe("Page 2");
      expect(await pager.getByRole("button", { name: "Older" }).isDisabled()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await pager.getByRole("button", { name: "Newer" }).click();
      await expect.poll(ids, PAGE_WAIT).toEqual(idsOf(first));
      expect(elsewhere.filter((url) => url !== product.img)).toEqual([]);
      expect(besidesProvoked(problems, [])).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

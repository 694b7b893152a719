import { describe, expect, it } from "vitest";
import { createPublicCategory, createTestSeller, publishProduct } from "../support/catalogue.js";
import { besidesProvoked } from "../support/dashboard-forms.js";
import {
  chromiumForFile,
  openPage,
  requestsElsewhere,
  screenshot,
  signedIn,
  VIEWPORTS,
  watchedPage,
  widerThan,
} from "../support/dashboard-pages.js";
import { PAGE_WAIT, seriousViolations } from "../support/headless-chromium.js";
import { freshCodes, keyCountsOf } from "../support/key-stock.js";

// The dashboard's key stock panel (#22) in headless Chromium: upload by paste and file, counts, withdraw.

const chromium = chromiumForFile();

describe("the dashboard's key stock in headless Chromium", () => {
  it.each(VIEWPORTS)(
    "at $name width a seller uploads codes by paste and by file, sees refused lines by their line number and the counts by state, withdraws one code and then all, and never sees a code whole",
    async (viewport) => {
      const seller = await createTestSeller();
      const product = await publishProduct(
        seller,
        await createPublicCategory(),
        { name: `Key product ${viewport.name} ${Date.now()}`, count: 0 },
        { sync: false },
      );
      const codes = freshCodes(seller.id, 5);
      const [first, second, third, fourth, fifth] = codes as [string, string, string, string, string];
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await openPage(page, `#/products/${product.id}`);
        const panel = page.getByRole("region", { name: "Codes", exact: true });
        const counts = panel.getByRole("definition");
        await expect.poll(() => counts.allTextContents(), PAGE_WAIT).toEqual(["0", "0", "0", "0"]);
        expect(await panel.getByRole("term").allTextContents()).toEqual([
          "available",
          "reserved",
          "delivered",
          "withdrawn",
        ]);
        expect(await seriousViolations(page)).toEqual([]);

        // Pasted: blank lines are skipped, and a refusal names the line it came from.
        await page
          .getByLabel("Paste codes, one per line")
          .fill(`${first}\n\n${second}\n<b>x</b>\n${first}\n`);
        await panel.getByRole("button", { name: "Upload pasted codes" }).click();
        await expect
          .poll(() => panel.getByRole("status").textContent(), PAGE_WAIT)
          .toBe("2 codes added, 2 lines refused.");
        expect(
          await panel.getByRole("list", { name: "Refused lines" }).getByRole("listitem").allTextContents(),
        ).toEqual(["Line 4: Field 'code' must not contain HTML tags", "Line 5: Repeats the code on line 1"]);
        await expect.poll(() => counts.allTextContents(), PAGE_WAIT).toEqual(["2", "0", "0", "0"]);
        // The pasted text stays while some of it was refused, so the seller can correct it.
        expect(await page.getByLabel("Paste codes, one per line").inputValue()).toBe(
          `${first}\n\n${second}\n<b>x</b>\n${first}\n`,
        );

        // A file: one code per line, Windows line ends too.
        await page.getByLabel("Or upload a text file, one code per line").setInputFiles({
          name: "codes.txt",
          mimeType: "text/plain",
          buffer: Buffer.from(`${third}\r\n${fourth}\r\n${fifth}\r\n`),
        });
        await expect.poll(() => panel.getByRole("status").textContent(), PAGE_WAIT).toBe("3 codes added.");
        await expect.poll(() => counts.allTextContents(), PAGE_WAIT).toEqual(["5", "0", "0", "0"]);
        expect(await panel.getByRole("list", { name: "Refused lines" }).count()).toBe(0);
        // The product's stock follows its codes.
        await expect.poll(() => page.locator(".facts dd").nth(1).textContent(), PAGE_WAIT).toBe("5");

        // The table shows each code's last four characters only.
        const table = panel.getByRole("table", { name: "Codes" });
        await expect.poll(() => table.locator("tbody tr").count(), PAGE_WAIT).toBe(5);
        const shown = await table.locator("tbody td:first-child").allTextContents();
        expect(shown.sort()).toEqual(codes.map((code) => `…${code.slice(-4)}`).sort());
        expect(await page.content()).not.toContain(fifth);
        await screenshot(page, "product", viewport);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await panel.getByRole("button", { name: `Withdraw the code ending in ${fifth.slice(-4)}` }).click();
        await expect.poll(() => panel.getByRole("status").textContent(), PAGE_WAIT).toBe("1 code withdrawn.");
        await expect.poll(() => counts.allTextContents(), PAGE_WAIT).toEqual(["4", "0", "0", "1"]);
        await panel.getByRole("button", { name: "Withdraw all 4 available codes" }).click();
        await expect
          .poll(() => panel.getByRole("status").textContent(), PAGE_WAIT)
          .toBe("4 codes withdrawn.");
        await expect.poll(() => counts.allTextContents(), PAGE_WAIT).toEqual(["0", "0", "0", "5"]);
        expect(await keyCountsOf(product.id)).toEqual({
          available: 0,
          reserved: 0,
          delivered: 0,
          withdrawn: 5,
        });
        expect(await panel.getByRole("button", { name: /^Withdraw all/ }).count()).toBe(0);
        expect(requestsElsewhere(elsewhere, [product.img])).toEqual([]);
        expect(besidesProvoked(problems, [])).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

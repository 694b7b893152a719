import { generate } from "otplib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CreatedAccount } from "../../shared/accounts/account-service.js";
import { accountService, payoutService } from "../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../support/accounts.js";
import { besidesProvoked, refusalBeside, storedSeller } from "../support/dashboard-forms.js";
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

// The dashboard's payouts page (#22) in headless Chromium: the balance, a payout confirmed with the
// authenticator code, and the history a page at a time, as a seller sees them and as the API then holds them.

/** A Visa test number: 16 digits with a valid Luhn checksum. */
const CARD = "4111111111111111";
const PAYOUT_ID = "[0-9A-HJKMNP-TV-Z]{26}";
const STEP_SECONDS = 30;

const chromium = chromiumForFile();

/** A fresh account with `balance` credited by the operator, and a v1 token to read it through the API. */
const fundedSeller = async (balance: number): Promise<CreatedAccount & { token: string }> => {
  const account = await createTestAccount();
  await accountService().credit(account.seller_id, balance);
  return { ...account, token: await tokenFor(account.api_key, "v1") };
};

/**
 * A six-digit code that is none of the codes of steps t−2 … t+2, so it stays wrong for the whole test
 * (the API accepts one step either side).
 */
const wrongCode = async (secret: string): Promise<string> => {
  const now = Math.floor(Date.now() / 1000);
  const near = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((k) => generate({ secret, epoch: now + k * STEP_SECONDS }))),
  );
  const code = ["000000", "123456", "999999", "111111", "654321"].find((c) => !near.has(c));
  if (!code) throw new Error("no wrong code found");
  return code;
};

/** One page of GET /payout/history (limit 20, after `cursor`): the ids in order and the next page's cursor. */
const historyPage = async (token: string, cursor?: string) => {
  const query = new URLSearchParams({ limit: "20", ...(cursor ? { cursor } : {}) });
  const response = await request("GET", `/api/v1/payout/history?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const items = (response.body as { data: { id_order: string; date_create: string; time_create: string }[] })
    .data;
  return { items, next: response.headers.get("x-next-cursor") ?? undefined };
};

/** Moves to the payouts page by its link and waits for the balance it shows. */
const openPayouts = async (page: Page) => {
  await page.getByRole("link", { name: "Payouts" }).click();
  await page.getByRole("heading", { name: "New payout" }).waitFor();
};

const balanceShown = (page: Page) =>
  page.getByRole("region", { name: "Balance" }).locator(".figure").textContent();

/** The texts of each row of the history table. */
const rowsShown = (page: Page) =>
  page
    .getByRole("table", { name: "Payouts" })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent)));

/** The payout ids the history table shows, in order. */
const idsShown = async (page: Page) => (await rowsShown(page)).map((row) => row[0]);

describe("the dashboard's payouts in headless Chromium", () => {
  it.each(VIEWPORTS)(
    'at $name width a seller sees the credited balance "5,000 RUB"; an amount of 999 is refused beside "Amount (RUB)" and a wrong code beside "Authenticator code", each with the API\'s message, and nothing is debited',
    async (viewport) => {
      const seller = await fundedSeller(5000);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.api_key);
        await openPayouts(page);
        await expect.poll(() => balanceShown(page), PAGE_WAIT).toBe("5,000 RUB");
        await expect.poll(() => page.getByText("No payouts yet.").count(), PAGE_WAIT).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        const form = page.getByRole("region", { name: "New payout" });
        await page.getByLabel("Amount (RUB)").fill("999");
        await page.getByLabel("Pay to").selectOption("card");
        await page.getByLabel("Card, wallet or account").fill(CARD);
        await page.getByLabel("Authenticator code").fill(await wrongCode(seller.totp_secret));
        await form.getByRole("button", { name: "Request payout" }).click();
        // The amount is checked before the code: the code is neither used up nor counted as wrong.
        await expect
          .poll(() => refusalBeside(page, "Amount (RUB)"), PAGE_WAIT)
          .toEqual({ invalid: "true", refusal: "Amount must be a whole number from 1000 to 1000000" });
        expect(await form.getByRole("alert").textContent()).toBe(
          "Not requested: see the field marked above.",
        );
        expect(await refusalBeside(page, "Authenticator code")).toEqual({ invalid: null, refusal: null });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await page.getByLabel("Amount (RUB)").fill("1500");
        await form.getByRole("button", { name: "Request payout" }).click();
        await expect
          .poll(() => refusalBeside(page, "Authenticator code"), PAGE_WAIT)
          .toEqual({ invalid: "true", refusal: "Invalid OTP code" });
        expect(await refusalBeside(page, "Amount (RUB)")).toEqual({ invalid: null, refusal: null });
        expect(await form.getByRole("alert").textContent()).toBe(
          "Not requested: see the field marked above.",
        );
        expect(await form.getByRole("status").count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        // Nothing was debited or recorded, on the page and in the API.
        expect(await balanceShown(page)).toBe("5,000 RUB");
        expect(await page.getByText("No payouts yet.").count()).toBe(1);
        expect((await storedSeller(seller.token)).balance).toBe(5000);
        expect((await historyPage(seller.token)).items).toEqual([]);
        expect(elsewhere).toEqual([]);
        // The browser logs the two refusals it was provoked into (POST /payout answers 400); nothing else.
        expect(besidesProvoked(problems, [400])).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(VIEWPORTS)(
    'at $name width a payout of 1,500 to a card with the current code reads "Payout <id> requested.", the balance becomes "3,500 RUB" and the history\'s first row is that payout, waiting',
    async (viewport) => {
      const seller = await fundedSeller(5000);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.api_key);
        await openPayouts(page);
        await expect.poll(() => balanceShown(page), PAGE_WAIT).toBe("5,000 RUB");

        const form = page.getByRole("region", { name: "New payout" });
        await page.getByLabel("Amount (RUB)").fill("1500");
        await page.getByLabel("Pay to").selectOption("card");
        await page.getByLabel("Card, wallet or account").fill(CARD);
        // The API accepts the code of one step either side of its own: this one holds for 30 s at least.
        await page.getByLabel("Authenticator code").fill(await generate({ secret: seller.totp_secret }));
        await page.keyboard.press("Enter");

        await expect
          .poll(() => form.getByRole("status").textContent(), PAGE_WAIT)
          .toMatch(new RegExp(`^Payout ${PAYOUT_ID} requested\\.$`));
        const id = /^Payout (\S+) requested\.$/.exec(
          (await form.getByRole("status").textContent()) ?? "",
        )?.[1];
        await expect.poll(() => balanceShown(page), PAGE_WAIT).toBe("3,500 RUB");
        await screenshot(page, "payouts", viewport);
        const [stored] = (await historyPage(seller.token)).items;
        expect(stored?.id_order).toBe(id);
        await expect
          .poll(() => rowsShown(page), PAGE_WAIT)
          .toEqual([[id, `${stored?.date_create} ${stored?.time_create}`, "1,500 RUB", "card", "wait"]]);
        // The amount and the used code are cleared for the next payout; the card stays.
        expect(await page.getByLabel("Amount (RUB)").inputValue()).toBe("");
        expect(await page.getByLabel("Authenticator code").inputValue()).toBe("");
        expect(await page.getByLabel("Card, wallet or account").inputValue()).toBe(CARD);
        expect(await form.getByRole("alert").count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        expect((await storedSeller(seller.token)).balance).toBe(3500);
        expect(elsewhere).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(VIEWPORTS)(
    'at $name width a seller with 21 payouts sees the newest 20 on page 1, "Older" shows the 21st on page 2, and "Newer" brings page 1 back',
    async (viewport) => {
      const seller = await fundedSeller(30_000);
      // Made by the payout service directly: each request through the API needs an authenticator code of
      // a time step not used before (30 s apart), so 21 of them would take over ten minutes.
      for (let i = 0; i < 21; i++)
        await payoutService().debit({
          sellerId: seller.seller_id,
          amount: 1000 + i,
          paymentSystem: "card",
          wallet: CARD,
        });
      const first = await historyPage(seller.token);
      if (!first.next) throw new Error("the API gave no second page of payouts");
      const second = await historyPage(seller.token, first.next);
      const newest = first.items.map((item) => item.id_order);
      const oldest = second.items.map((item) => item.id_order);
      expect([newest.length, oldest.length, second.next]).toEqual([20, 1, undefined]);

      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.api_key);
        await openPayouts(page);
        const pager = page.getByRole("navigation", { name: "Pages of payouts" });
        await expect.poll(() => idsShown(page), PAGE_WAIT).toEqual(newest);
        expect(await pager.locator("span").textContent()).toBe("Page 1");
        expect(await pager.getByRole("button", { name: "Newer" }).isDisabled()).toBe(true);
        expect(await pager.getByRole("button", { name: "Older" }).isEnabled()).toBe(true);
        expect(await balanceShown(page)).toBe("8,790 RUB");
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await pager.getByRole("button", { name: "Older" }).click();
        await expect.poll(() => idsShown(page), PAGE_WAIT).toEqual(oldest);
        expect((await rowsShown(page))[0]?.slice(2)).toEqual(["1,000 RUB", "card", "wait"]);
        expect(await pager.locator("span").textContent()).toBe("Page 2");
        expect(await pager.getByRole("button", { name: "Older" }).isDisabled()).toBe(true);
        expect(await pager.getByRole("button", { name: "Newer" }).isEnabled()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await pager.getByRole("button", { name: "Newer" }).click();
        await expect.poll(() => idsShown(page), PAGE_WAIT).toEqual(newest);
        expect(await pager.locator("span").textContent()).toBe("Page 1");
        expect(await seriousViolations(page)).toEqual([]);
        expect(elsewhere).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

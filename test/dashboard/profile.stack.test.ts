import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { requireEnv } from "../../shared/config/environment.js";
import { createTestSeller, updateSellerProfile } from "../support/catalogue.js";
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
import { tinyPng } from "../support/products.js";
import { startReceiver } from "../support/receiver.js";

// The dashboard's profile page (#22) in headless Chromium: the store's name, description and webhook URL,
// its avatar and a test webhook, as a seller sees them and as the API then holds them.

const NAME_LENGTH = "Name must be between 3 and 100 characters";

const chromium = chromiumForFile();

/** Moves to the profile page by its link and waits for the seller's profile form. */
const openProfile = async (page: Page) => {
  await page.getByRole("link", { name: "Profile" }).click();
  await page.getByRole("heading", { name: "Store profile" }).waitFor();
};

/** The value of the field labelled exactly `label`. */
const fieldValue = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

describe("the dashboard's profile in headless Chromium", () => {
  it.each(VIEWPORTS)(
    'at $name width a seller sees their store name in the form, reaches it by Tab, and a 2-character name sent with Enter is refused beside "Store name" with the API\'s message and not stored',
    async (viewport) => {
      const name = `Profile Store ${viewport.name} ${process.pid}`;
      const seller = await createTestSeller(name);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await openProfile(page);
        expect(await fieldValue(page, "Store name")).toBe(name);
        expect(await page.getByRole("definition").first().textContent()).toBe(String(seller.id));
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        // Keyboard only: after the move the page's heading has focus, and the store name is the next stop.
        expect(await page.locator("h1:focus").textContent()).toBe("Profile");
        await page.keyboard.press("Tab");
        expect(await page.locator("#field-name:focus").count()).toBe(1);
        await page.keyboard.press("ControlOrMeta+A");
        await page.keyboard.type("ab");
        await page.keyboard.press("Enter");
        await expect
          .poll(() => refusalBeside(page, "Store name"), PAGE_WAIT)
          .toEqual({ invalid: "true", refusal: NAME_LENGTH });
        const form = page.getByRole("region", { name: "Store profile" });
        expect(await form.getByRole("alert").textContent()).toBe("Not saved: see the field marked above.");
        expect(await form.getByRole("status").count()).toBe(0);
        // Only the field the API named is marked.
        expect(await refusalBeside(page, "Description")).toEqual({ invalid: null, refusal: null });
        expect(await refusalBeside(page, "API URL (webhook target)")).toEqual({
          invalid: null,
          refusal: null,
        });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        // Nothing changed: the API and the header still hold the old name; the form keeps what was typed.
        expect((await storedSeller(seller.v1)).name).toBe(name);
        expect(await page.getByRole("banner").locator(".store").textContent()).toBe(name);
        expect(await fieldValue(page, "Store name")).toBe("ab");
        expect(elsewhere).toEqual([]);
        // The browser logs the refusal it was provoked into (POST /seller/profile answers 400); nothing else.
        expect(besidesProvoked(problems, [400])).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(VIEWPORTS)(
    'at $name width a seller changes name, description and API URL by keyboard alone; "Profile saved." shows, the header names the store anew, focus stays put, and the form holds what the API stored (tags stripped)',
    async (viewport) => {
      const name = `Saving Store ${viewport.name} ${process.pid}`;
      const renamed = `Renamed Store ${viewport.name} ${process.pid}`;
      const seller = await createTestSeller(name);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await openProfile(page);
        expect(await fieldValue(page, "Store name")).toBe(name);

        await page.keyboard.press("Tab");
        await page.keyboard.press("ControlOrMeta+A");
        await page.keyboard.type(renamed);
        await page.keyboard.press("Tab");
        expect(await page.locator("#field-description:focus").count()).toBe(1);
        await page.keyboard.type("Game keys <b>delivered</b> at once.");
        await page.keyboard.press("Tab");
        expect(await page.locator("#field-api_url:focus").count()).toBe(1);
        await page.keyboard.type("https://hooks.example-seller.com/marketplace");
        await page.keyboard.press("Enter");

        const form = page.getByRole("region", { name: "Store profile" });
        // Once saved the seller is read again (GET /seller), and the header names the store anew.
        await expect
          .poll(() => page.getByRole("banner").locator(".store").textContent(), PAGE_WAIT)
          .toBe(renamed);
        expect(await form.getByRole("status").allTextContents()).toEqual(["Profile saved."]);
        await screenshot(page, "profile", viewport);
        // A keyboard user keeps their place: the field Enter was pressed in still has focus.
        expect(await page.locator("#field-api_url:focus").count()).toBe(1);
        // The form shows what the API stored: the description without its tags.
        expect(await fieldValue(page, "Description")).toBe("Game keys delivered at once.");
        expect(await fieldValue(page, "Store name")).toBe(renamed);
        expect(await fieldValue(page, "API URL (webhook target)")).toBe(
          "https://hooks.example-seller.com/marketplace",
        );
        expect(await form.getByRole("alert").count()).toBe(0);
        expect(await refusalBeside(page, "Store name")).toEqual({ invalid: null, refusal: null });
        // With an API URL saved, the test webhook says where it goes.
        expect(await page.getByRole("region", { name: "Test webhook" }).locator(".hint").textContent()).toBe(
          "Sends a signed sample of the payment webhook (header X-Webhook-Test: 1) to your API URL, once.",
        );
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        expect(await storedSeller(seller.v1)).toMatchObject({
          name: renamed,
          description: "Game keys delivered at once.",
          api_url: "https://hooks.example-seller.com/marketplace",
        });
        expect(elsewhere).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(VIEWPORTS)(
    "at $name width a chosen avatar is previewed before anything is sent, and once uploaded the page shows the image at the URL GET /seller answers",
    async (viewport) => {
      const seller = await createTestSeller();
      const imageOrigin = new URL(requireEnv("PUBLIC_IMAGE_BASE_URL")).origin;
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await openProfile(page);
        const avatar = page.getByRole("region", { name: "Avatar" });
        expect(await avatar.locator(".hint").first().textContent()).toBe("No avatar yet.");
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByLabel("New avatar").setInputFiles({
          name: "avatar.png",
          mimeType: "image/png",
          buffer: tinyPng,
        });
        const preview = avatar.getByRole("img", { name: "Preview of the chosen avatar" });
        await preview.waitFor();
        // The preview is the picked file itself (an object URL of this page), drawn before any upload.
        expect(await preview.getAttribute("src")).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\/[\w-]+$/);
        await expect
          .poll(() => preview.evaluate((img: { naturalWidth: number }) => img.naturalWidth), PAGE_WAIT)
          .toBe(1);
        expect(await avatar.locator("figcaption").allTextContents()).toEqual(["Preview, not yet uploaded"]);
        expect((await storedSeller(seller.v1)).img).toBe("");
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await avatar.getByRole("button", { name: "Upload avatar" }).click();
        await expect.poll(() => avatar.getByRole("status").textContent(), PAGE_WAIT).toBe("Image uploaded");
        const current = avatar.getByRole("img", { name: "Current store avatar" });
        await current.waitFor();
        const stored = (await storedSeller(seller.v1)).img;
        expect(new URL(stored).origin).toBe(imageOrigin);
        expect(await current.getAttribute("src")).toBe(stored);
        // The browser drew it: the page's CSP lets images come from the image bucket's origin.
        await expect
          .poll(() => current.evaluate((img: { naturalWidth: number }) => img.naturalWidth), PAGE_WAIT)
          .toBe(1);
        expect(await avatar.locator("figcaption").allTextContents()).toEqual(["Current avatar"]);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        // The uploaded avatar is served from the image bucket (fauxqs's S3 locally, the image CDN in AWS),
        // an origin of its own: the one request allowed elsewhere is that image's.
        expect(elsewhere.filter((url) => new URL(url).origin !== imageOrigin)).toEqual([]);
        expect(elsewhere).toContain(stored);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(VIEWPORTS)(
    'at $name width a test webhook to a receiver answering 200 reads "Delivered: <origin> answered HTTP 200 in N ms.", and after the API URL is changed to one answering 500, "Failed: <origin> answered HTTP 500 in N ms."',
    async (viewport) => {
      const seller = await createTestSeller();
      const accepting = await startReceiver(() => 200);
      const failing = await startReceiver(() => 500);
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await updateSellerProfile(seller.v1, { api_url: accepting.url });
        accepting.namedBy({ seller: seller.id });
        await signedIn(page, seller.apiKey);
        await openProfile(page);
        const section = page.getByRole("region", { name: "Test webhook" });
        await section.getByRole("button", { name: "Send test webhook" }).click();
        const delivered = new RegExp(
          `^Delivered: ${new URL(accepting.url).origin.replaceAll(".", "\\.")} answered HTTP 200 in \\d+ ms\\.$`,
        );
        await expect.poll(() => section.getByRole("status").textContent(), PAGE_WAIT).toMatch(delivered);
        expect(accepting.calls.map((call) => call.headers["x-webhook-test"])).toEqual(["1"]);
        expect(await section.getByRole("button", { name: "Send test webhook" }).isEnabled()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        await page.getByLabel("API URL (webhook target)", { exact: true }).fill(failing.url);
        await page.getByRole("button", { name: "Save profile" }).click();
        // The test webhook goes to the stored api_url: wait until the save reached the API (read through the
        // API, so this test stands on the webhook's outcome alone; the form's own confirmation is tested above).
        await expect.poll(async () => (await storedSeller(seller.v1)).api_url, PAGE_WAIT).toBe(failing.url);
        failing.namedBy({ seller: seller.id });
        await section.getByRole("button", { name: "Send test webhook" }).click();
        const failed = new RegExp(
          `^Failed: ${new URL(failing.url).origin.replaceAll(".", "\\.")} answered HTTP 500 in \\d+ ms\\.$`,
        );
        await expect.poll(() => section.getByRole("alert").textContent(), PAGE_WAIT).toMatch(failed);
        expect(await section.getByRole("status").count()).toBe(0);
        expect(failing.calls).toHaveLength(1);
        expect(accepting.calls).toHaveLength(1);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);
        expect(elsewhere).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
        await Promise.all([accepting.close(), failing.close()]);
      }
    },
  );
});

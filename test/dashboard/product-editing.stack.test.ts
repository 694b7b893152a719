import { describe, expect, it } from "vitest";
import { productService } from "../../shared/runtime/dependencies.js";
import { createPublicCategory, createTestSeller, publishProduct, uploadImage } from "../support/catalogue.js";
import { besidesProvoked, refusalBeside } from "../support/dashboard-forms.js";
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
import { request } from "../support/http.js";
import { createProduct, jsonHeaders, tinyPng, validProductBody } from "../support/products.js";

// The dashboard's product forms (#22) in headless Chromium: create, edit, image, moderation, delete.

const chromium = chromiumForFile();

const ULID = /^[0-9A-Z]{26}$/;

/** The seller's product as the API answers it (GET /api/v1/products/info/{id}). */
const productInfo = async (token: string, id: string) =>
  request("GET", `/api/v1/products/info/${id}`, { headers: jsonHeaders(token) });

/** How many products the seller has, as the API counts them. */
const productTotal = async (token: string): Promise<number> => {
  const response = await request("GET", "/api/v1/products?limit=1", { headers: jsonHeaders(token) });
  return (response.body as { data: { pagination: { total: number } } }).data.pagination.total;
};

describe("the dashboard's product forms in headless Chromium", () => {
  it.each(VIEWPORTS)(
    "at $name width a seller creates a product: every rule shows before sending, a refusal shows beside the field it names and creates nothing, and a valid form opens the new draft",
    async (viewport) => {
      const seller = await createTestSeller();
      const categoryName = `Dash category ${viewport.name} ${process.pid}`;
      const categoryId = await createPublicCategory(categoryName);
      const taken = `Taken name ${viewport.name} ${Date.now()}`;
      await publishProduct(seller, categoryId, { name: taken }, { sync: false });
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await page.getByRole("link", { name: "Products" }).click();
        await page.getByRole("link", { name: "New product" }).click();
        await page.getByRole("heading", { name: "New product" }).waitFor();
        await page.getByLabel("Category").waitFor();

        // Each field's rule is on the page, tied to its field, before anything is sent.
        expect(await page.locator("#field-price-rule").textContent()).toBe(
          "A whole number of roubles from 1 to 9,999,999.",
        );
        expect(await page.getByLabel("Price (RUB)").getAttribute("aria-describedby")).toBe(
          "field-price-rule",
        );
        expect(await page.locator("#field-features-rule").textContent()).toBe(
          "At least 3 values, separated by commas.",
        );
        expect(await page.locator("#field-text_page-rule").textContent()).toBe(
          "The full description buyers read: at least 10 characters.",
        );
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);

        const name = `Dash product ${viewport.name} ${Date.now()}`;
        await page.getByLabel("Name", { exact: true }).fill(name);
        await page.getByLabel("Category").selectOption({ label: categoryName });
        await page.getByLabel("Price (RUB)").fill("12a");
        await page.getByLabel("External id (uuid)").fill(`dash-${viewport.name}-${Date.now()}`);
        await page.getByLabel("Description", { exact: true }).fill("A key made in the seller dashboard.");
        await page.getByLabel("Features").fill("instant, global, steam");
        await page.getByLabel("Tags").fill("keys");
        await page.getByLabel("SEO title").fill("Dash product");
        await page.getByLabel("SEO description").fill("A product made in the dashboard");

        // A price that is not a number: the API's own rule refuses it, beside the price.
        await page.getByRole("button", { name: "Create product" }).click();
        await expect
          .poll(async () => (await refusalBeside(page, "Price (RUB)")).refusal, PAGE_WAIT)
          .toBe("Invalid price");
        expect(await page.getByLabel("Price (RUB)").getAttribute("aria-invalid")).toBe("true");

        // The API's refusal of the description shows beside it; nothing is created.
        await page.getByLabel("Price (RUB)").fill("2490");
        await page.getByLabel("Description", { exact: true }).fill("Too short");
        await page.getByRole("button", { name: "Create product" }).click();
        await expect
          .poll(async () => (await refusalBeside(page, "Description")).refusal, PAGE_WAIT)
          .toBe("Field 'text_page' must be at least 10 characters");
        await screenshot(page, "new-product", viewport);
        expect((await refusalBeside(page, "Price (RUB)")).refusal).toBe(null);
        expect(await page.getByLabel("Description", { exact: true }).getAttribute("aria-describedby")).toBe(
          "field-text_page-refusal field-text_page-rule",
        );
        expect(await page.getByRole("alert").textContent()).toBe("Not saved: see the field marked above.");
        expect(await seriousViolations(page)).toEqual([]);

        // A name the seller already uses is refused beside the name.
        await page.getByLabel("Description", { exact: true }).fill("A key made in the seller dashboard.");
        await page.getByLabel("Name", { exact: true }).fill(taken);
        await page.getByRole("button", { name: "Create product" }).click();
        await expect
          .poll(async () => (await refusalBeside(page, "Name")).refusal, PAGE_WAIT)
          .toBe("Product with this name already exists");
        expect(await productTotal(seller.v1)).toBe(1);

        await page.getByLabel("Name", { exact: true }).fill(name);
        await page.getByRole("button", { name: "Create product" }).click();
        await page.getByRole("heading", { name, level: 1 }).waitFor();
        const id = decodeURIComponent(new URL(page.url()).hash.replace("#/products/", ""));
        expect(id).toMatch(ULID);
        expect(
          await page.getByRole("region", { name: "Moderation", exact: true }).locator(".state").textContent(),
        ).toBe("draft");
        expect(await page.locator(".facts dd").allTextContents()).toEqual([
          "2,490 RUB",
          "0",
          "0%",
          expect.any(String),
        ]);
        const stored = (await productInfo(seller.v1, id)).body as {
          data: { product: Record<string, unknown> };
        };
        expect(stored.data.product).toMatchObject({
          name,
          price: 2490,
          count: 0,
          id_categories: categoryId,
          text_page: "A key made in the seller dashboard.",
          features: "instant, global, steam",
          status_moderation: "draft",
        });
        expect(await productTotal(seller.v1)).toBe(2);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);
        expect(elsewhere).toEqual([]);
        expect(besidesProvoked(problems, [400, 409])).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(VIEWPORTS)(
    "at $name width editing marks the fields that send a product back to moderation: a price change keeps it approved, a name change sends it to pending; an image is previewed before it is uploaded",
    async (viewport) => {
      const seller = await createTestSeller();
      const categoryId = await createPublicCategory();
      const name = `Edited product ${viewport.name} ${Date.now()}`;
      const product = await publishProduct(seller, categoryId, { name, price: 1500 }, { sync: false });
      const { page, elsewhere, problems } = await watchedPage(chromium(), viewport);
      try {
        await signedIn(page, seller.apiKey);
        await page.getByRole("link", { name: "Products" }).click();
        await page.getByRole("link", { name }).click();
        await page.getByRole("heading", { name, level: 1 }).waitFor();
        const moderation = page.getByRole("region", { name: "Moderation", exact: true });
        expect(await moderation.locator(".state").textContent()).toBe("approved");
        expect(await moderation.getByRole("button", { name: "Submit to moderation" }).count()).toBe(0);

        // The form starts from the product as stored, and marks the moderated fields.
        await page.getByLabel("Category").waitFor();
        expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
        expect(await page.getByLabel("Features").inputValue()).toBe("instant,global,steam");
        expect(await page.locator("#field-name-badge").textContent()).toBe(
          "moderated: changing it sends an approved product back to moderation",
        );
        expect(await page.getByLabel("Name", { exact: true }).getAttribute("aria-describedby")).toBe(
          "field-name-rule field-name-badge",
        );
        expect(await page.locator("#field-price-badge").count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByLabel("Price (RUB)").fill("2000");
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect.poll(() => page.getByRole("status").textContent(), PAGE_WAIT).toBe("Saved.");
        await expect.poll(() => page.locator(".facts dd").first().textContent(), PAGE_WAIT).toBe("2,000 RUB");
        expect(await moderation.locator(".state").textContent()).toBe("approved");

        await page.getByLabel("Name", { exact: true }).fill(`${name} v2`);
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect
          .poll(() => page.getByRole("status").textContent(), PAGE_WAIT)
          .toBe("Saved. The product went back to moderation.");
        await expect.poll(() => moderation.locator(".state").textContent(), PAGE_WAIT).toBe("pending");
        await page.getByRole("heading", { name: `${name} v2`, level: 1 }).waitFor();
        const info = (await productInfo(seller.v1, product.id)).body as {
          data: { product: { name: string; price: number; status_moderation: string } };
        };
        expect(info.data.product).toMatchObject({
          name: `${name} v2`,
          price: 2000,
          status_moderation: "pending",
        });

        // The image: the chosen file is previewed before it is sent; the uploaded one replaces it.
        const images = page.getByRole("region", { name: "Image", exact: true });
        expect(await images.getByRole("img").getAttribute("src")).toBe(product.img);
        await page
          .getByLabel("New image")
          .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: tinyPng });
        await expect
          .poll(
            () => images.getByRole("img", { name: "The chosen file, not yet uploaded" }).getAttribute("src"),
            PAGE_WAIT,
          )
          .toMatch(/^blob:/);
        await images.getByRole("button", { name: "Upload image" }).click();
        await expect.poll(() => images.getByRole("status").textContent(), PAGE_WAIT).toBe("Image uploaded");
        const uploaded = (
          (await productInfo(seller.v1, product.id)).body as { data: { product: { img: string } } }
        ).data.product.img;
        expect(uploaded).not.toBe(product.img);
        await expect.poll(() => images.getByRole("img").getAttribute("src"), PAGE_WAIT).toBe(uploaded);
        expect(await images.getByRole("img").count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await widerThan(page, viewport.width)).toEqual([]);
        expect(requestsElsewhere(elsewhere, [product.img, uploaded])).toEqual([]);
        expect(besidesProvoked(problems, [])).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it("a rejected product shows the operator's reason and goes back to moderation when submitted; a draft without an image is refused with the API's reason; deleting asks first and removes it", async () => {
    const seller = await createTestSeller();
    const categoryId = await createPublicCategory();
    const rejectedId = await createProduct(seller.v1, validProductBody(categoryId));
    // The image sends it to moderation, where the operator rejects it.
    const rejectedImage = await uploadImage(seller.v1, rejectedId);
    await productService().reject(rejectedId, "The description names another game");
    const { page, elsewhere, problems } = await watchedPage(chromium(), VIEWPORTS[0]);
    try {
      await signedIn(page, seller.apiKey);
      await openPage(page, `#/products/${rejectedId}`);
      const moderation = page.getByRole("region", { name: "Moderation", exact: true });
      await expect.poll(() => moderation.locator(".state").textContent(), PAGE_WAIT).toBe("rejected");
      expect(await moderation.locator(".reason").textContent()).toBe(
        "Operator’s reason: The description names another game",
      );
      expect(await seriousViolations(page)).toEqual([]);
      await moderation.getByRole("button", { name: "Submit to moderation" }).click();
      await expect.poll(() => moderation.locator(".state").textContent(), PAGE_WAIT).toBe("pending");
      expect(await moderation.locator(".reason").count()).toBe(0);

      // A new draft has no image: the API refuses its submission, and the page says why.
      await page.getByRole("link", { name: "All products" }).click();
      await page.getByRole("link", { name: "New product" }).click();
      await page.getByLabel("Category").waitFor();
      await page.getByLabel("Name", { exact: true }).fill(`Imageless ${Date.now()}`);
      await page.getByLabel("Category").selectOption({ index: 1 });
      await page.getByLabel("Price (RUB)").fill("100");
      await page.getByLabel("External id (uuid)").fill(`imageless-${Date.now()}`);
      await page.getByLabel("Description", { exact: true }).fill("A product without an image.");
      await page.getByLabel("Features").fill("a,b,c");
      await page.getByLabel("Tags").fill("t");
      await page.getByLabel("SEO title").fill("t");
      await page.getByLabel("SEO description").fill("d");
      await page.getByRole("button", { name: "Create product" }).click();
      await moderation.getByRole("button", { name: "Submit to moderation" }).click();
      await expect
        .poll(() => moderation.getByRole("alert").textContent(), PAGE_WAIT)
        .toBe("Product image required: upload one with POST /products/img");
      expect(await moderation.locator(".state").textContent()).toBe("draft");
      const draftId = decodeURIComponent(new URL(page.url()).hash.replace("#/products/", ""));

      // Deleting asks first; "Keep it" keeps it, "Yes, delete it" deletes it for good.
      const removal = page.getByRole("region", { name: "Delete", exact: true });
      await removal.getByRole("button", { name: "Delete product" }).click();
      await removal.getByRole("button", { name: "Keep it" }).click();
      await removal.getByRole("button", { name: "Delete product" }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await removal.getByRole("button", { name: "Yes, delete it" }).click();
      await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
      expect((await productInfo(seller.v1, draftId)).status).toBe(404);
      expect(requestsElsewhere(elsewhere, [rejectedImage])).toEqual([]);
      expect(besidesProvoked(problems, [400])).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a save sends only what the seller edited: a name typed again with a trailing space is no change (the product stays approved), and stock changed elsewhere is not overwritten by the form", async () => {
    const seller = await createTestSeller();
    const name = `Stale form ${Date.now()}`;
    const product = await publishProduct(
      seller,
      await createPublicCategory(),
      { name, count: 10 },
      { sync: false },
    );
    const stored = async () =>
      (
        (await productInfo(seller.v1, product.id)).body as {
          data: { product: { name: string; price: number; count: number; status_moderation: string } };
        }
      ).data.product;
    const { page, elsewhere, problems } = await watchedPage(chromium(), VIEWPORTS[0]);
    try {
      await signedIn(page, seller.apiKey);
      await openPage(page, `#/products/${product.id}`);
      await page.getByLabel("Category").waitFor();
      await page.getByLabel("Name", { exact: true }).fill(`${name} `);
      await page.getByLabel("Price (RUB)").fill("1600");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => page.getByRole("status").textContent(), PAGE_WAIT).toBe("Saved.");
      expect(await stored()).toMatchObject({ name, price: 1600, count: 10, status_moderation: "approved" });

      // Elsewhere (another tab, a sale) the stock becomes 7; the page reads the product again after an
      // image upload; a price change then must not send the form's old stock back.
      expect(
        (
          await request("POST", `/api/v1/products/update/${product.id}`, {
            headers: jsonHeaders(seller.v1),
            body: JSON.stringify({ count: 7 }),
          })
        ).status,
      ).toBe(200);
      await page
        .getByLabel("New image")
        .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: tinyPng });
      await page.getByRole("button", { name: "Upload image" }).click();
      await expect.poll(() => page.getByLabel("Stock").inputValue(), PAGE_WAIT).toBe("7");
      await page.getByLabel("Price (RUB)").fill("1700");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(async () => (await stored()).price, PAGE_WAIT).toBe(1700);
      expect((await stored()).count).toBe(7);
      // The product's images, old and new, come from the image origin; nothing else leaves the gateway's.
      expect(elsewhere.filter((url) => !url.includes(`/products/${product.id}/`))).toEqual([]);
      expect(besidesProvoked(problems, [])).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

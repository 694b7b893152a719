import { type Category, categorySchema } from "../../categories/category.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { moderationStatuses } from "../../products/product.js";
import { MAX_COUNT, productFields } from "../../products/product-fields.js";
import { idProductSchema } from "../../products/product-id-body.js";
import {
  PRODUCT_PAGE_DEFAULT,
  PRODUCT_PAGE_MAX,
  productListQuerySchema,
} from "../../products/product-list-query.js";
import type { ProductService } from "../../products/product-service.js";
import * as z from "../../validation/zod-mini.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { PRODUCT_ID } from "./example-ids.js";
import { API_URL_RULE, describeFields, documentRule } from "./field-descriptions.js";
import { dateTime, id, outcome, roubles } from "./field-schemas.js";
import { imageForm, uploaded } from "./image-upload.js";

/** What every text rule of a product's fields shares. */
const TEXT_RULES = "Surrounding spaces are trimmed; no control characters and no HTML markup";

// The create and update bodies take these fields (update any subset of them, create all but api_url).
describeFields(productFields, {
  id_categories:
    "The product's category: the id of an active category (GET /products/categories; 101 after seed-demo), a positive 32-bit integer. An id that names no active category is refused as Invalid category id, like one out of range.",
  name: `Product name, 3 to 255 characters (Unicode code points) after trimming, on one line. Unique among the seller's products: names a reader would take for one another (letter case, compatibility forms, kinds of space, invisible characters) count as the same. ${TEXT_RULES}, no invisible format characters.`,
  meta_title: `SEO title, 1 to 255 characters on one line. ${TEXT_RULES}.`,
  meta_description: `SEO description, 1 to 1000 characters; line breaks and tabs allowed. ${TEXT_RULES}.`,
  tags: `Comma-separated tags: at least one value that is not blank, 1 to 1000 characters in all, on one line. ${TEXT_RULES}.`,
  text_page: `The full description buyers read, 10 to 20,000 characters; line breaks and tabs allowed. ${TEXT_RULES}.`,
  price: "Price of one unit in integer roubles (RUB), 1 to 9,999,999, before the discount.",
  count: `Units in stock, a whole number from 0 (sold out) to ${MAX_COUNT.toLocaleString("en-US")}. An update states the stock wanted now. A product that sells uploaded codes (POST /products/keys/{id}) counts its available codes instead, and refuses a count.`,
  uuid: `The seller's own external identifier of the product, 1 to 100 characters on one line; unique among the seller's products. ${TEXT_RULES}.`,
  features: `Comma-separated features: at least 3 values that are not blank (e.g. "Steam,Global,Instant delivery"; empty values between commas do not count), so 5 to 1000 characters in all, on one line. ${TEXT_RULES}.`,
  discount:
    "Discount in whole percent, 0 (none, the default) to 99. A buyer pays price − floor(price × discount / 100) roubles per unit.",
  api_key:
    "The product's key in the seller's own systems, up to 255 characters on one line after trimming; \"\" (the default) for none.",
  api_url:
    "Where this product's payment webhooks (and opted-in events) go instead of the seller's api_url: an absolute http or https URL of at most 2048 characters, without a user name or password, and not at a private, link-local (cloud metadata) or reserved address; a host name is resolved and judged again when a webhook is sent. \"\" (the default) clears it, so the seller's api_url applies.",
});
documentRule(productFields.api_url, API_URL_RULE);
// Three values take at least five characters ("a,b,c"): the list rule refuses anything shorter.
documentRule(productFields.features, { minLength: 5 });
// GET /products: the service fills in the page's defaults, and takes a category as the integer the spec
// names (a value that is none matches nothing rather than being refused).
documentRule(productListQuerySchema.shape.page, { default: 1 });
documentRule(productListQuerySchema.shape.limit, { default: PRODUCT_PAGE_DEFAULT });
documentRule(productListQuerySchema.shape.category, { type: "integer" });
describeFields(idProductSchema.shape, {
  id_product: "The product's id, as POST /products answered it (26-character ULID)",
});

const IMAGE_URL = `https://img.example-market.com/products/${PRODUCT_ID}/6f1c0e5a9b3d4f7e8a2c1b0d9e8f7a6b.png`;

/** `{ message }` with the route's one success message. */
const messageOnly = (message: string) =>
  z.strictObject({ message: outcome(message) }).check(z.describe("The outcome"));

/** A product's moderation state, as its answers show it. */
const moderationStatus = z
  .enum(moderationStatuses)
  .check(
    z.describe(
      "Moderation state: draft (created, never submitted), pending (under moderation: submitted, a new image, or a changed name, text, uuid, features or category), approved (public) or rejected (see rejection_reason)",
    ),
  );

const productName = z.string().check(z.describe("Product name, as written"));
const unitsInStock = z
  .int()
  .check(z.describe("Units in stock (0: sold out); for a product with uploaded codes, its available codes"));

const productInfo = answering<Answer<ProductService["info"]>>()(
  z.strictObject({
    id: id("Product id"),
    name: productName,
    price: roubles("Price of one unit before the discount"),
    count: unitsInStock,
    discount: z.int().check(z.describe("Discount in whole percent, 0-99 (0: none)")),
    uuid: z.string().check(z.describe("The seller's external product identifier")),
    status_moderation: moderationStatus,
    created_at: dateTime,
    id_categories: z.int().check(z.describe("Extension: the product's category")),
    meta_title: z.string().check(z.describe("Extension: the SEO title, as written")),
    meta_description: z.string().check(z.describe("Extension: the SEO description, as written")),
    tags: z.string().check(z.describe("Extension: the comma-separated tags, as written")),
    text_page: z.string().check(z.describe("Extension: the full description, as written")),
    features: z.string().check(z.describe("Extension: the comma-separated features, as written")),
    api_url: z.string().check(z.describe("Extension: the product's external API URL; empty if none")),
    img: z.string().check(z.describe("Extension: the product image's URL; empty until one is uploaded")),
    rejection_reason: z.optional(
      z
        .string()
        .check(z.describe("Why moderation rejected the product; only when status_moderation is rejected")),
    ),
  }),
);

const productList = answering<Answer<ProductService["list"]>>()(
  z
    .strictObject({
      products: z
        .array(
          z.strictObject({
            id: id("Product id"),
            name: productName,
            price: roubles("Price of one unit before the discount"),
            count: unitsInStock,
            status_moderation: moderationStatus,
          }),
        )
        .check(z.describe("This page of the seller's products, newest first; [] past the last page")),
      pagination: z
        .strictObject({
          total: z.int().check(z.describe("Products matching the filters, on every page")),
          page: z.int().check(z.describe("This page's number, from 1")),
          limit: z.int().check(z.describe("Products per page, as asked (default 20)")),
        })
        .check(z.describe("Where this page is in the list")),
    })
    .check(z.describe("A page of the seller's products and where it is")),
);

/** A category as sellers see it (only active ones are listed). */
const listedCategory = answering<Category>()(
  z.strictObject({
    id: categorySchema.shape.id.check(
      z.describe("Category id: what id_categories of a product takes (a positive integer)"),
    ),
    name: z.string().check(z.describe("Category name")),
    slug: z.string().check(z.describe("URL-safe name: lower-case letters, digits and hyphens")),
    status: z.literal("active").check(z.describe("Always active: other categories are not listed")),
  }),
);

/** The seller's products: create, edit, read, list, moderate, delete, upload an image. */
export const v1ProductsContracts = {
  "POST /products": {
    summary: "Create a product",
    description:
      "The product starts as a draft: upload an image (POST /products/img) and submit it (POST /products/moderation). Name and uuid are unique among the seller's products.",
    // Against seed-demo's data: category 101 (Game keys) is one it creates.
    requestExample: {
      id_categories: 101,
      name: "Elden Ring Steam Key",
      meta_title: "Elden Ring Steam Key (Global)",
      meta_description: "Activation key for Steam, region free",
      tags: "elden ring,steam,rpg",
      text_page: "Activate the key in the Steam client: Games → Activate a product on Steam.",
      price: 2490,
      count: 50,
      uuid: "er-steam-global-001",
      features: "Steam,Global,Instant delivery",
      discount: 10,
    },
    success: {
      status: 200,
      data: z
        .strictObject({ message: outcome("Product created"), id: id("The new product's id") })
        .check(z.describe("The product created")),
      example: { message: "Product created", id: PRODUCT_ID },
    },
    errors: [
      refusals.notJsonObject,
      refusals.productNameLength,
      worded(refusals.fieldTooShort, { field: "text_page", min: 10 }),
      worded(refusals.fieldTooFewValues, { field: "features", min: 3 }),
      refusals.invalidPrice,
      worded(refusals.invalidCount, { max: MAX_COUNT }),
      worded(refusals.fieldNotAllowed, { field: "rating" }),
      refusals.invalidCategoryId,
      refusals.productNameTaken,
      refusals.productUuidTaken,
    ],
  },

  "POST /products/update/{id}": {
    summary: "Update a product",
    description:
      "Any subset of the fields. name, meta_title, meta_description, tags, text_page, uuid, features and id_categories send the product back to moderation (moderation: true); price, discount, count, api_key and api_url do not. count states the stock wanted now.",
    pathParameters: { id: "The product's id" },
    requestExample: { price: 1990, discount: 15 },
    success: {
      status: 200,
      data: z
        .strictObject({
          message: outcome("Product updated"),
          moderation: z
            .boolean()
            .check(
              z.describe(
                "true when a field that needs moderation changed, so the product is pending again; false otherwise",
              ),
            ),
        })
        .check(z.describe("The update's outcome")),
      example: { message: "Product updated", moderation: false },
    },
    errors: [
      refusals.notJsonObject,
      refusals.noFieldsToUpdate,
      refusals.invalidPrice,
      worded(refusals.fieldNotAllowed, { field: "rating" }),
      refusals.invalidApiUrl,
      refusals.invalidCategoryId,
      refusals.productNotOwned,
      refusals.uuidTaken,
      refusals.productNameTaken,
      refusals.countFollowsCodes,
      refusals.productChanged,
    ],
  },

  "DELETE /products/{id}": {
    summary: "Delete a product for good",
    description: "Frees its name and uuid and removes its image. Deleted products cannot be restored.",
    pathParameters: { id: "The product's id, as POST /products returned it" },
    success: { status: 200, data: messageOnly("Product deleted"), example: { message: "Product deleted" } },
    errors: [
      refusals.productNotFound,
      refusals.deleteDenied,
      refusals.productHoldsCodes,
      refusals.productChanged,
    ],
  },

  "GET /products/info/{id}": {
    summary: "Read one of the seller's products",
    description:
      "The product as the seller wrote it, with its moderation state and stock; another seller's product, or an id that names none, answers 404 alike.",
    pathParameters: { id: "The product's id" },
    success: {
      status: 200,
      data: z
        .strictObject({ product: productInfo.check(z.describe("The product as stored")) })
        .check(z.describe("The product")),
      example: {
        product: {
          id: PRODUCT_ID,
          name: "Elden Ring Steam Key",
          price: 2490,
          count: 50,
          discount: 10,
          uuid: "er-steam-global-001",
          status_moderation: "approved",
          created_at: "2025-04-01 12:34:56",
          id_categories: 101,
          meta_title: "Elden Ring Steam Key — Global",
          meta_description: "Instant delivery of an Elden Ring Steam key.",
          tags: "elden ring,steam,rpg",
          text_page: "An Elden Ring key for Steam, activated worldwide.",
          features: "Global,Steam,Instant",
          api_url: "",
          img: IMAGE_URL,
        },
      },
    },
    errors: [refusals.productNotFound, refusals.accessDenied],
  },

  "GET /products": {
    summary: "List the seller's products",
    description:
      "Newest first, filtered and paged. An unknown status or category matches nothing; search matches names by word starts (case and accents ignored).",
    queryParameters: {
      page: "Page number, from 1 (default 1); a page past the last is empty",
      limit: `Products per page, 1 to ${PRODUCT_PAGE_MAX} (default ${PRODUCT_PAGE_DEFAULT})`,
      status: `Only products in this moderation status: ${moderationStatuses.join(", ")}; any other value matches nothing, an empty one is no filter`,
      category:
        "Only products of this category id (e.g. 101 after seed-demo); a value that is not a category id matches nothing, an empty one is no filter",
      search:
        'Only products whose name has these words, each from the start of a word ("ring ke" finds "Elden Ring Key"); case, accents and punctuation are ignored',
    },
    success: {
      status: 200,
      data: productList,
      example: {
        products: [
          {
            id: PRODUCT_ID,
            name: "Elden Ring Steam Key",
            price: 2490,
            count: 50,
            status_moderation: "approved",
          },
        ],
        pagination: { total: 1, page: 1, limit: 20 },
      },
    },
    errors: [refusals.invalidPagination],
  },

  "GET /products/categories": {
    summary: "List the active categories",
    description:
      "Every category a product may be filed under (its id is a product's id_categories), in id order.",
    success: {
      status: 200,
      data: z.array(listedCategory).check(z.describe("Every active category, by id")),
      // The categories seed-demo creates.
      example: [
        { id: 101, name: "Game keys", slug: "game-keys", status: "active" },
        { id: 102, name: "Software licences", slug: "software-licences", status: "active" },
        { id: 103, name: "Accounts and subscriptions", slug: "accounts-subscriptions", status: "active" },
        { id: 7001, name: "Gift cards", slug: "gift-cards", status: "active" },
      ],
    },
    errors: [refusals.categoriesNotFound],
  },

  "POST /products/moderation": {
    summary: "Submit a product to moderation",
    description: "The product must be the seller's, have an image and not be under moderation already.",
    requestExample: { id_product: PRODUCT_ID },
    success: {
      status: 200,
      data: z
        .strictObject({
          message: outcome("Product submitted for moderation"),
          moderation_status: z
            .literal("pending")
            .check(z.describe("The product's moderation state now: always pending")),
        })
        .check(z.describe("The submission's outcome")),
      example: { message: "Product submitted for moderation", moderation_status: "pending" },
    },
    errors: [
      refusals.notJsonObject,
      refusals.moderationNeedsImage,
      refusals.accessDenied,
      refusals.productNotFound,
      refusals.alreadyUnderModeration,
      refusals.productChanged,
    ],
  },

  "POST /products/img": {
    summary: "Upload a product's image",
    description:
      "Replaces the product's image and sends the product to moderation. The format is recognised by the file's bytes, never by its name or declared type.",
    requestBody: { contentType: "multipart/form-data", schema: imageForm(true) },
    success: {
      status: 200,
      data: uploaded,
      example: { message: "Image uploaded", url: IMAGE_URL },
    },
    errors: [
      refusals.notMultipart,
      refusals.badMultipart,
      worded(refusals.fieldRequired, { field: "id_product" }),
      refusals.imageRequired,
      refusals.imageTooLarge,
      refusals.imageFormat,
      refusals.productNotOwned,
      refusals.productChanged,
      refusals.uploadFailed,
    ],
  },
} satisfies GroupContracts<"v1-products">;

import { type Category, categorySchema } from "../../categories/category.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { moderationStatuses } from "../../products/product.js";
import { MAX_COUNT } from "../../products/product-fields.js";
import type { ProductService } from "../../products/product-service.js";
import * as z from "../../validation/zod-mini.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { PRODUCT_ID } from "./example-ids.js";
import { dateTime, id } from "./field-schemas.js";
import { imageForm, uploaded } from "./image-upload.js";

const IMAGE_URL = `https://img.example-market.com/products/${PRODUCT_ID}/6f1c0e5a9b3d4f7e8a2c1b0d9e8f7a6b.png`;

/** `{ message }` with the route's one success message. */
const messageOnly = (message: string) => z.strictObject({ message: z.literal(message) });

const productInfo = answering<Answer<ProductService["info"]>>()(
  z.strictObject({
    id: id("Product id"),
    name: z.string(),
    price: z.int().check(z.describe("Price in whole roubles")),
    count: z.int().check(z.describe("Units in stock")),
    discount: z.int().check(z.describe("Discount, percent")),
    uuid: z.string().check(z.describe("The seller's external product identifier")),
    status_moderation: z.enum(moderationStatuses),
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
  z.strictObject({
    products: z.array(
      z.strictObject({
        id: id("Product id"),
        name: z.string(),
        price: z.int(),
        count: z.int(),
        status_moderation: z.enum(moderationStatuses),
      }),
    ),
    pagination: z.strictObject({
      total: z.int().check(z.describe("Products matching the filters")),
      page: z.int(),
      limit: z.int(),
    }),
  }),
);

/** The seller's products: create, edit, read, list, moderate, delete, upload an image. */
export const v1ProductsContracts = {
  "POST /products": {
    summary: "Create a product",
    description:
      "The product starts as a draft: upload an image (POST /products/img) and submit it (POST /products/moderation). Name and uuid are unique among the seller's products.",
    requestExample: {
      id_categories: 3,
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
      data: z.strictObject({ message: z.literal("Product created"), id: id("The new product's id") }),
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
      data: z.strictObject({
        message: z.literal("Product updated"),
        moderation: z.boolean().check(z.describe("Whether the product went back to moderation")),
      }),
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
    pathParameters: { id: "The product's id" },
    success: {
      status: 200,
      data: z.strictObject({ product: productInfo }),
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
          id_categories: 1,
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
      page: "Page number from 1 (default 1)",
      limit: "Products per page, 1 to 100 (default 20)",
      status: "Moderation status: draft, pending, approved or rejected",
      category: "Category id",
      search: "Words the product name contains, each matched at a word start",
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
    success: {
      status: 200,
      data: z.array(
        answering<Category>()(z.strictObject({ ...categorySchema.shape, status: z.literal("active") })),
      ),
      example: [
        { id: 3, name: "Games", slug: "games", status: "active" },
        { id: 7, name: "Software", slug: "software", status: "active" },
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
      data: z.strictObject({
        message: z.literal("Product submitted for moderation"),
        moderation_status: z.literal("pending"),
      }),
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

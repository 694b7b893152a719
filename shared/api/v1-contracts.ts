import type { AccountService } from "../accounts/account-service.js";
import { MAX_RESULT_WINDOW } from "../catalogue/search-query.js";
import { type Category, categorySchema } from "../categories/category.js";
import { DEFAULT_CHAT_MESSAGES_PER_MINUTE, MAX_CHAT_MESSAGES } from "../chat/chat-limits.js";
import { type ChatMessageView, chatAuthors } from "../chat/chat-message.js";
import type { ChatSent } from "../chat/chat-service.js";
import type { createDeliveryService } from "../delivery/delivery-service.js";
import { deliveryUrlAnswerSchema } from "../delivery/delivery-url-service.js";
import { WHOLE_HISTORY_MAX } from "../lists/seller-history.js";
import { orderRecordSchema, orderStatuses } from "../orders/order.js";
import type { OrderService } from "../orders/order-service.js";
import { payoutStatuses } from "../payouts/payout.js";
import type { PayoutService } from "../payouts/payout-service.js";
import { moderationStatuses } from "../products/product.js";
import { idProductSchema } from "../products/product-id-body.js";
import type { ProductService } from "../products/product-service.js";
import { CURSOR_PAGE_DEFAULT, CURSOR_PAGE_MAX } from "../validation/cursor-page.js";
import * as z from "../validation/zod-mini.js";
import { sellerWebhookAttemptSchema } from "../webhooks/order-webhook-attempts.js";
import { testWebhookAnswerSchema } from "../webhooks/test-webhook.js";
import { type Answer, answering } from "./answer-schema.js";
import type { DocumentedError, VersionContracts } from "./route-contract.js";

/*
 * Response schemas are strict objects, each checked at compile time against the type its service
 * answers with where the service shapes the answer (`answering`): a field a handler starts returning
 * without its contract saying so fails `tsc`, and the response check of the end-to-end suite
 * (test/support/http.ts), as a missing one does.
 */

const PRODUCT_ID = "01JQ6Z8M4T3R7V2X9K5B1N0HCD";
const ORDER_ID = "01JQ7A2B3C4D5E6F7G8H9J0KMN";
const DELIVERY_TOKEN = "kq3Xw0fV9dP2mB7rT5yL8nC1hJ4sA6gE0uZ3iO9vR2w";
const IMAGE_URL = `https://img.example-market.com/products/${PRODUCT_ID}/6f1c0e5a9b3d4f7e8a2c1b0d9e8f7a6b.png`;

/** A ULID, as `newId` makes them: what every product, order and payout id is. */
const id = (what: string) => z.string().check(z.describe(`${what} (26-character ULID)`));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.describe("UTC date, YYYY-MM-DD"));
const clockTime = z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/), z.describe("UTC time, HH:MM:SS"));
const dateTime = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    z.describe("UTC date and time, YYYY-MM-DD HH:MM:SS"),
  );
const dottedDate = z.string().check(z.regex(/^\d{2}\.\d{2}\.\d{4}$/), z.describe("UTC date, DD.MM.YYYY"));
/** A whole number the spec shows as a string (order amounts and counts). */
const digits = (what: string) => z.string().check(z.regex(/^\d+$/), z.describe(`${what}, as a string`));
const imageUrl = z.string().check(z.describe("Public URL of the stored image"));

/** `{ message }` with the route's one success message. */
const messageOnly = (message: string) => z.strictObject({ message: z.literal(message) });

const uploaded = z.strictObject({ message: z.literal("Image uploaded"), url: imageUrl });

/** An image upload: the file, and for a product image the product it belongs to (the schema the handler checks). */
const imageForm = (withProduct: boolean) => {
  const img = z
    .file()
    .check(z.describe("The image: JPEG, PNG, WebP or GIF, at most 4 MB; recognised by its bytes"));
  return withProduct ? z.object({ img, ...idProductSchema.shape }) : z.object({ img });
};

/** Refusals shared by several routes, worded as the services word them. */
const refusals = {
  badRequest: (message: string): DocumentedError => ({ status: 400, code: "invalid_request", message }),
  notFound: (message: string): DocumentedError => ({ status: 404, code: "not_found", message }),
  forbidden: (message: string): DocumentedError => ({ status: 403, code: "forbidden", message }),
  conflict: (message: string): DocumentedError => ({ status: 409, code: "conflict", message }),
  notJsonObject: { status: 400, code: "invalid_request", message: "Request body must be a JSON object" },
  changedMeanwhile: {
    status: 409,
    code: "conflict",
    message: "Product was changed by another request; try again",
  },
  invalidCursor: { status: 400, code: "invalid_request", message: "Invalid cursor" },
  cursorLimit: {
    status: 400,
    code: "invalid_request",
    message: `limit must be a whole number from 1 to ${CURSOR_PAGE_MAX}`,
  },
  historyTooLarge: (noun: string): DocumentedError => ({
    status: 422,
    code: "history_too_large",
    message: `More than ${WHOLE_HISTORY_MAX} ${noun}: read them in pages with limit and cursor`,
  }),
  answerTooLarge: {
    status: 422,
    code: "response_too_large",
    message:
      "Answer too large for one response: accept gzip (Accept-Encoding: gzip) or read it in pages with limit and cursor",
  },
  pageNumber: {
    status: 400,
    code: "invalid_request",
    message: "page must be a whole number from 1 to 10000",
  },
  pageLimit: { status: 400, code: "invalid_request", message: "limit must be a whole number from 1 to 100" },
  pageWindow: {
    status: 400,
    code: "invalid_request",
    message: `page × limit must not exceed ${MAX_RESULT_WINDOW}`,
  },
  sellersOrder: { status: 404, code: "not_found", message: "Order not found or access denied" },
  sellerNotFound: { status: 404, code: "not_found", message: "Seller not found" },
  notMultipart: { status: 400, code: "invalid_request", message: "Expected a multipart/form-data body" },
  badMultipart: { status: 400, code: "invalid_request", message: "Invalid multipart body" },
  imageRequired: { status: 400, code: "invalid_request", message: "Image file required" },
  imageTooLarge: { status: 400, code: "invalid_request", message: "Image too large (max 4 MB)" },
  imageFormat: { status: 400, code: "invalid_request", message: "Invalid image format" },
  uploadFailed: { status: 500, code: "upload_failed", message: "Upload failed" },
} satisfies Record<string, DocumentedError | ((message: string) => DocumentedError)>;

const cursorQuery = {
  limit: `Extension: answer one page of this many items, 1 to ${CURSOR_PAGE_MAX} (default ${CURSOR_PAGE_DEFAULT} when only cursor is given), newest first. Without limit and cursor the whole history is answered.`,
  cursor:
    "Extension: where the page starts, exactly as the X-Next-Cursor response header of the previous page gave it (that header is absent when nothing follows). A cursor is valid only for the list and the seller it was issued to.",
};

/** What GET /orders and GET /payout/history say of their two ways of answering. */
const historyDescription = (noun: string) =>
  `Newest first. As the spec says, without parameters the answer is the whole history: every one of the seller's ${noun}, read back to back from the index, gzip-compressed when the client sends Accept-Encoding: gzip (answers from 4 KB on). A whole history holds at most ${WHOLE_HISTORY_MAX} ${noun}; past that, or past the 6 MB a response may carry without compression (about 20,000 ${noun}), the answer is a 422 that says so, never a shortened list. Extension: with limit or cursor the answer is one page, and the X-Next-Cursor response header names the next page; the last page has none.`;

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

/** An order's delivery state (an extension), in the spec's string convention of order fields. */
const deliveryState = {
  delivered: z.enum(["0", "1"]).check(z.describe("Extension: 1 once the seller delivered the order")),
  date_delivery: z
    .union([z.literal(""), isoDate])
    .check(z.describe("Extension: when it was delivered (YYYY-MM-DD); empty until then")),
  time_delivery: z
    .union([z.literal(""), clockTime])
    .check(z.describe("Extension: when it was delivered (HH:MM:SS); empty until then")),
};

const orderListItem = answering<Answer<OrderService["listForSeller"]>["items"][number]>()(
  z.strictObject({
    id_order: id("Order id"),
    id_product: id("Product id"),
    amount: digits("Total in whole roubles"),
    status_order: z.enum(orderStatuses),
    data_create: isoDate,
    time_create: clockTime,
    count: digits("Units ordered"),
    ...deliveryState,
  }),
);

const orderDetail = answering<Answer<OrderService["infoForSeller"]>>()(
  z.strictObject({
    id: z.string().check(z.describe("Internal id: the order id, or the sequence number of an older order")),
    id_user: z.string().check(z.describe("The registered buyer's account id; empty for a guest")),
    guest_id: z.string().check(z.describe("An opaque id of the guest buyer; empty for a registered one")),
    buyer_type: orderRecordSchema.shape.buyer_type,
    id_product: id("Product id"),
    id_seller: digits("Seller id"),
    id_order: id("Order id"),
    status_order: z.enum(orderStatuses),
    data_create: isoDate,
    time_create: clockTime,
    amount: digits("Total in whole roubles"),
    count: digits("Units ordered"),
    payment_system: z.string().check(z.describe("Payment provider; empty until paid")),
    comment: z.string().check(z.describe("Extension: the buyer's comment for the seller (empty if none)")),
    chat_id: id("Extension: the order's chat (GET /orders/chat/{id_order})"),
    dispute_status: z
      .enum(["none", "open", "closed"])
      .check(z.describe("Extension: whether the buyer opened a dispute")),
    ...deliveryState,
  }),
);

const chatMessage = answering<ChatMessageView>()(
  z.strictObject({
    id: z.int().check(z.describe("Message id")),
    message_id: z.int().check(z.describe("The same id, as the v2 example names it")),
    type_user: z.enum(chatAuthors),
    from: z.enum(chatAuthors),
    message: z.string().check(z.describe("The text exactly as sent; escape it when rendering")),
    data_create: isoDate,
    time_create: clockTime,
  }),
);

const chatMessageExample = {
  id: 1743512345678042,
  message_id: 1743512345678042,
  type_user: "buyer",
  from: "buyer",
  message: "Hello! Does the key work in Europe?",
  data_create: "2025-04-01",
  time_create: "12:59:05",
};

const seller = answering<Answer<AccountService["view"]>>()(
  z.strictObject({
    id: z.int().check(z.describe("Seller id")),
    id_user: z.int().check(z.describe("Messaging-account id")),
    name: z.string().check(z.describe("Store name")),
    balance: z.int().check(z.describe("Balance in whole roubles")),
    img: z.string().check(z.describe("Store avatar URL; empty if none")),
    description: z.string(),
    api_url: z.string().check(z.describe("Target of the payment webhooks; empty if none")),
    data_create: dottedDate,
    rating: z.int(),
    api_key: z.string().check(z.describe("The seller's API key")),
    status_moderation: z.int().check(z.describe("0 pending, 1 approved, 2 blocked")),
  }),
);

const payoutItem = answering<Answer<PayoutService["history"]>["items"][number]>()(
  z.strictObject({
    id_order: id("Payout id"),
    type: z.literal("out"),
    amount: z.int(),
    status: z.enum(payoutStatuses),
    payment_system: z.string().check(z.describe("usdt, card or payment_account")),
    date_create: isoDate,
    time_create: clockTime,
  }),
);

/** Seller API v1: what each route answers, for the OpenAPI document and the response checks in tests. */
export const v1Contracts = {
  "POST /auth/api-key/create": {
    summary: "Exchange the API key (header X-API-KEY) for a bearer token",
    description:
      "No body. The token is a JWT for Seller API v1 only; expires_in is in seconds. Exchanges are limited per API key, and refused exchanges (unknown or blocked keys) per source address; a working key is never refused for what other keys did from its address (429 with Retry-After).",
    success: {
      status: 200,
      data: z.strictObject({
        access_token: z.string().check(z.describe("Bearer token for the Authorization header")),
        expires_in: z.int().check(z.describe("Seconds until the token expires")),
      }),
      example: { access_token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.sig", expires_in: 3600 },
    },
    errors: [
      { status: 401, code: "unauthorized", message: "Unauthorized" },
      { status: 429, code: "too_many_requests", message: "Too many requests" },
    ],
  },

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
      refusals.badRequest("Name must be between 3 and 255 characters"),
      refusals.badRequest("Field 'text_page' must be at least 10 characters"),
      refusals.badRequest("Field 'features' must list at least 3 comma-separated values"),
      refusals.badRequest("Invalid price"),
      refusals.badRequest("Invalid count: must be a whole number from 0 to 10000000"),
      refusals.badRequest("Field 'rating' is not allowed"),
      refusals.badRequest("Invalid category id"),
      refusals.conflict("Product with this name already exists"),
      refusals.conflict("Product with this UUID already exists"),
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
      refusals.badRequest("No fields to update"),
      refusals.badRequest("Invalid price"),
      refusals.badRequest("Field 'rating' is not allowed"),
      refusals.badRequest("Invalid API URL"),
      refusals.badRequest("Invalid category id"),
      refusals.notFound("Product not found or access denied"),
      refusals.conflict("UUID already exists"),
      refusals.conflict("Product with this name already exists"),
      refusals.changedMeanwhile,
    ],
  },

  "DELETE /products/{id}": {
    summary: "Delete a product for good",
    description: "Frees its name and uuid and removes its image. Deleted products cannot be restored.",
    pathParameters: { id: "The product's id, as POST /products returned it" },
    success: { status: 200, data: messageOnly("Product deleted"), example: { message: "Product deleted" } },
    errors: [
      refusals.notFound("Product not found"),
      refusals.forbidden("Delete failed or access denied"),
      refusals.changedMeanwhile,
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
        },
      },
    },
    errors: [refusals.notFound("Product not found"), refusals.forbidden("Access denied")],
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
    errors: [refusals.badRequest("Invalid pagination parameters")],
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
    errors: [refusals.notFound("Categories not found")],
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
      refusals.badRequest("Product image required: upload one with POST /products/img"),
      refusals.forbidden("Access denied"),
      refusals.notFound("Product not found"),
      refusals.conflict("Product is already under moderation"),
      refusals.changedMeanwhile,
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
      refusals.badRequest("Field 'id_product' is required"),
      refusals.imageRequired,
      refusals.imageTooLarge,
      refusals.imageFormat,
      refusals.notFound("Product not found or access denied"),
      refusals.changedMeanwhile,
      refusals.uploadFailed,
    ],
  },

  "GET /orders": {
    summary: "List the seller's orders",
    description: historyDescription("orders"),
    success: {
      status: 200,
      data: z.array(orderListItem),
      example: [
        {
          id_order: ORDER_ID,
          id_product: PRODUCT_ID,
          amount: "4482",
          status_order: "paid",
          data_create: "2025-04-01",
          time_create: "12:58:40",
          count: "2",
          delivered: "1",
          date_delivery: "2025-04-01",
          time_delivery: "13:02:11",
        },
      ],
    },
    queryParameters: cursorQuery,
    errors: [
      refusals.cursorLimit,
      refusals.invalidCursor,
      refusals.historyTooLarge("orders"),
      refusals.answerTooLarge,
    ],
  },

  "GET /orders/info/{id}": {
    summary: "Read one of the seller's orders",
    description:
      "The buyer's e-mail address is never shown. Another seller's order is answered as a missing one.",
    pathParameters: { id: "The order's public id (id_order)" },
    success: {
      status: 200,
      data: orderDetail,
      example: {
        id: ORDER_ID,
        id_user: "",
        guest_id: "9f2c4e1a7b3d5c60",
        buyer_type: "guest",
        id_product: PRODUCT_ID,
        id_seller: "42",
        id_order: ORDER_ID,
        status_order: "paid",
        data_create: "2025-04-01",
        time_create: "12:58:40",
        amount: "4482",
        count: "2",
        payment_system: "card",
        comment: "",
        chat_id: ORDER_ID,
        dispute_status: "none",
        delivered: "0",
        date_delivery: "",
        time_delivery: "",
      },
    },
    errors: [refusals.sellersOrder],
  },

  "POST /orders/delivery/{token}": {
    summary: "Deliver a paid order",
    description:
      "The token comes from the payment webhook (also the last segment of its delivery_url). The buyer receives the text and link by e-mail and the order's amount is credited to the seller. download: an https link, or omitted, empty or false for none.",
    pathParameters: { token: "The order's one-time delivery token" },
    requestExample: {
      text: "Your key: ABCDE-12345-FGHIJ",
      download: "https://files.example-seller.com/er-manual.pdf",
    },
    success: {
      status: 200,
      data: answering<Answer<ReturnType<typeof createDeliveryService>["deliver"]>>()(
        z.strictObject({
          message: z.literal("Product delivered"),
          id_order: id("The delivered order"),
          delivered: z.literal(true),
        }),
      ),
      example: { message: "Product delivered", id_order: ORDER_ID, delivered: true },
    },
    errors: [
      refusals.notJsonObject,
      refusals.badRequest("Field 'text' must be at most 10000 characters"),
      refusals.forbidden("Access denied"),
      refusals.notFound("Order not found"),
      refusals.conflict("Order already delivered"),
      { status: 422, code: "invalid_request", message: "Invalid download URL" },
    ],
  },

  "GET /orders/chat/{id_order}": {
    summary: "Read a page of an order's chat",
    extension: true,
    description:
      "The seller's side of the chat whose buyer side is Reseller API v2's /chat; oldest message first. A page shorter than limit is the chat's end. Messages meant only for the buyer (a gift's code) are left out.",
    pathParameters: { id_order: "The order's id" },
    queryParameters: {
      page: "Page number from 1 (default 1)",
      limit: "Messages per page, 1 to 100 (default 20)",
    },
    success: { status: 200, data: z.array(chatMessage), example: [chatMessageExample] },
    errors: [refusals.pageNumber, refusals.pageLimit, refusals.pageWindow, refusals.sellersOrder],
  },

  "POST /orders/chat/{id_order}": {
    summary: "Write to an order's chat",
    extension: true,
    description: `The message is kept exactly as sent (up to 2000 characters). A chat holds at most ${MAX_CHAT_MESSAGES} messages that people write (409 after that), and each sender may write ${DEFAULT_CHAT_MESSAGES_PER_MINUTE} messages a minute to one chat (429 with Retry-After).`,
    pathParameters: { id_order: "The order's id" },
    requestExample: { message: "Yes, the key is region free." },
    success: {
      status: 200,
      data: answering<ChatSent>()(z.strictObject({ message_id: z.int(), sent: z.literal(true) })),
      example: { message_id: 1743512400123456, sent: true },
    },
    errors: [
      refusals.notJsonObject,
      refusals.badRequest("Field 'message' must not be empty"),
      refusals.badRequest("Field 'message' must be at most 2000 characters"),
      refusals.badRequest("Field 'message' must not contain control characters"),
      refusals.sellersOrder,
      { status: 409, code: "chat_full", message: `Chat is full (max ${MAX_CHAT_MESSAGES} messages)` },
      { status: 429, code: "too_many_requests", message: "Too many requests" },
    ],
  },

  "GET /orders/delivery-url/{id}": {
    summary: "Read the delivery URL of a paid, undelivered order",
    extension: true,
    description:
      "What the payment webhook carries, for a seller without a webhook receiver (or whose receiver missed it): POST the goods to delivery_url (POST /orders/delivery/{token}). The token is single-use; delivery spends it.",
    pathParameters: { id: "The order's id" },
    success: {
      status: 200,
      data: deliveryUrlAnswerSchema,
      example: {
        id_order: ORDER_ID,
        delivery_url: `https://api.example-market.com/api/v1/orders/delivery/${DELIVERY_TOKEN}`,
        token: DELIVERY_TOKEN,
      },
    },
    errors: [
      refusals.sellersOrder,
      refusals.conflict("Order already delivered"),
      refusals.conflict("Order is not paid"),
      refusals.conflict("Delivery URL no longer available"),
    ],
  },

  "GET /orders/webhooks/{id}": {
    summary: "List the payment webhook attempts of an order",
    extension: true,
    description:
      "Every recorded attempt to deliver the order's payment webhook to the seller's api_url, oldest first. target is the origin called, never the URL's path or query.",
    pathParameters: { id: "The order's id" },
    success: {
      status: 200,
      data: z.array(sellerWebhookAttemptSchema),
      example: [
        {
          attempt: 1,
          at: "2025-04-01 12:58:41",
          target: "https://hooks.example-seller.com",
          outcome: "failed",
          http_status: 503,
          error: null,
          duration_ms: 212,
        },
        {
          attempt: 2,
          at: "2025-04-01 12:59:41",
          target: "https://hooks.example-seller.com",
          outcome: "delivered",
          http_status: 200,
          error: null,
          duration_ms: 148,
        },
      ],
    },
    errors: [refusals.sellersOrder],
  },

  "GET /seller": {
    summary: "Read the seller's account",
    success: {
      status: 200,
      data: seller,
      example: {
        id: 42,
        id_user: 42,
        name: "Key Corner",
        balance: 15400,
        img: "https://img.example-market.com/sellers/42/0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg",
        description: "Game keys and software licences, delivered instantly.",
        api_url: "https://hooks.example-seller.com/marketplace",
        data_create: "01.04.2025",
        rating: 0,
        api_key: "mk_3xQ9vB2nL7pR4tY8wK1mC5zH0jF6gD2sA9eU4iO7bN1",
        status_moderation: 1,
      },
    },
    errors: [refusals.sellerNotFound],
  },

  "POST /seller/profile": {
    summary: "Edit the store's name, description or webhook URL",
    description:
      "All fields optional, at least one. HTML in the description is stripped; an empty api_url clears it. balance, rating, api_key, status_moderation and id_user cannot be set.",
    requestExample: {
      name: "Key Corner",
      description: "Game keys and software licences, delivered instantly.",
      api_url: "https://hooks.example-seller.com/marketplace",
    },
    success: {
      status: 200,
      data: answering<Answer<AccountService["updateProfile"]>>()(
        z.strictObject({ id: z.int(), name: z.string(), description: z.string(), api_url: z.string() }),
      ),
      example: {
        id: 42,
        name: "Key Corner",
        description: "Game keys and software licences, delivered instantly.",
        api_url: "https://hooks.example-seller.com/marketplace",
      },
    },
    errors: [
      refusals.badRequest("Name must be between 3 and 100 characters"),
      refusals.badRequest("Name must not contain any of < > \" ' ` ; & { }"),
      refusals.badRequest("Description too short (min 10)"),
      refusals.badRequest("Description too long (max 1000)"),
      refusals.badRequest("Invalid API URL"),
      refusals.badRequest("Field 'balance' is not allowed"),
      refusals.badRequest("No valid data to update"),
      refusals.notFound("Profile not updated"),
    ],
  },

  "POST /seller/img": {
    summary: "Upload the store's avatar",
    description: "Replaces the previous image. The format is recognised by the file's bytes.",
    requestBody: { contentType: "multipart/form-data", schema: imageForm(false) },
    success: {
      status: 200,
      data: uploaded,
      example: {
        message: "Image uploaded",
        url: "https://img.example-market.com/sellers/42/0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg",
      },
    },
    errors: [
      refusals.notMultipart,
      refusals.badMultipart,
      refusals.imageRequired,
      refusals.imageTooLarge,
      refusals.imageFormat,
      refusals.sellerNotFound,
      refusals.uploadFailed,
    ],
  },

  "POST /seller/webhook-test": {
    summary: "Send a signed test webhook to the seller's api_url",
    extension: true,
    description:
      "A sample of the payment webhook, signed with the seller's key like a real one, with id_order test-<id> and the header X-Webhook-Test: 1; its token names no order. Sent once through the same guarded client; nothing is recorded or retried. The answer is how the call went. Each seller may call it 5 times a minute (every call counts); more is 429 with Retry-After, before anything is sent.",
    success: {
      status: 200,
      data: testWebhookAnswerSchema,
      example: {
        id_order: "test-01JQ7D8E9F0G1H2J3K4M5N6P7Q",
        target: "https://hooks.example-seller.com",
        outcome: "delivered",
        http_status: 200,
        error: null,
        duration_ms: 134,
      },
    },
    errors: [
      refusals.sellerNotFound,
      refusals.conflict("No api_url is set: set one with POST /seller/profile"),
      { status: 429, code: "too_many_requests", message: "Too many requests" },
    ],
  },

  "POST /payout": {
    summary: "Request a payout",
    description:
      "Debits the balance now; the payout waits for the operator. cod is the current 6-digit code of the authenticator app enrolled with the account, good once. Five wrong codes within 15 minutes lock payouts until the window ends.",
    requestExample: { amount: 5000, payment_system: "card", wallet: "4111111111111111", cod: "492817" },
    success: {
      status: 200,
      data: answering<Answer<PayoutService["request"]>>()(
        z.strictObject({ id_order: id("The payout's id") }),
      ),
      example: { id_order: "01JQ7C5D6E7F8G9H0J1K2M3N4P" },
    },
    errors: [
      refusals.notJsonObject,
      refusals.badRequest("Amount must be a whole number from 1000 to 1000000"),
      refusals.badRequest("Payment system must be one of usdt, card, payment_account"),
      refusals.badRequest("Invalid card number: 16-19 digits with a valid checksum"),
      refusals.badRequest("Invalid USDT wallet: a TRC-20 (T…) or ERC-20 (0x…) address"),
      refusals.badRequest("Invalid payment account: 20 digits"),
      { status: 400, code: "invalid_otp", message: "Invalid OTP code" },
      refusals.sellerNotFound,
      { status: 409, code: "insufficient_balance", message: "Insufficient balance" },
      {
        status: 429,
        code: "payouts_locked",
        message: "Too many invalid codes: payouts are locked for 15 minutes",
      },
    ],
  },

  "GET /payout/history": {
    summary: "List the seller's payouts",
    description: historyDescription("payouts"),
    queryParameters: cursorQuery,
    success: {
      status: 200,
      data: z.array(payoutItem),
      example: [
        {
          id_order: "01JQ7C5D6E7F8G9H0J1K2M3N4P",
          type: "out",
          amount: 5000,
          status: "wait",
          payment_system: "card",
          date_create: "2025-04-02",
          time_create: "09:15:02",
        },
      ],
    },
    errors: [
      refusals.cursorLimit,
      refusals.invalidCursor,
      refusals.historyTooLarge("payouts"),
      refusals.answerTooLarge,
      refusals.sellerNotFound,
    ],
  },
} satisfies VersionContracts;

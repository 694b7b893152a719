import { MAX_RESULT_WINDOW } from "../../catalogue/search-query.js";
import { MAX_CHAT_MESSAGE_LENGTH } from "../../chat/chat-body.js";
import { DEFAULT_CHAT_MESSAGES_PER_MINUTE, MAX_CHAT_MESSAGES } from "../../chat/chat-limits.js";
import { type ChatMessageView, chatAuthors } from "../../chat/chat-message.js";
import type { ChatSent } from "../../chat/chat-service.js";
import { type createDeliveryService, deliveryBodySchema } from "../../delivery/delivery-service.js";
import type { DeliveryUrlAnswer } from "../../delivery/delivery-url-service.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { WHOLE_HISTORY_MAX } from "../../lists/seller-history.js";
import { orderStatuses } from "../../orders/order.js";
import type { OrderService } from "../../orders/order-service.js";
import { CURSOR_PAGE_MAX } from "../../validation/cursor-page.js";
import * as z from "../../validation/zod-mini.js";
import { sellerWebhookAttemptSchema } from "../../webhooks/order-webhook-attempts.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { ORDER_ID, PRODUCT_ID } from "./example-ids.js";
import { describeFields, documentRule } from "./field-descriptions.js";
import { clockTime, digits, id, isoDate, outcome, webhookCallWords } from "./field-schemas.js";
import { cursorQuery, historyDescription } from "./history-lists.js";
import { v1ReviewsContracts } from "./reviews-contracts.js";

// The body's check of download (422, before the token) is a refine: the documents state what it takes.
documentRule(deliveryBodySchema.shape.download, {
  anyOf: [
    { type: "string", format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]://", maxLength: 2048 },
    { const: "" },
    { const: false },
    { type: "null" },
  ],
});
describeFields(deliveryBodySchema.shape, {
  text: "What the buyer receives by e-mail: the activation key, credentials or a message; 1 to 10,000 characters after trimming.",
  download:
    'A link to a file for the buyer: an absolute https URL of at most 2048 characters, without spaces or control characters. Leave it out, or send "", false or null, for none. Anything else is refused with 422 Invalid download URL.',
});

describeFields(sellerWebhookAttemptSchema.shape, {
  attempt: "The attempt's number, from 1; a retry counts up",
  at: "When the attempt started: UTC date and time, YYYY-MM-DD HH:MM:SS",
  ...webhookCallWords,
});

const DELIVERY_TOKEN = "kq3Xw0fV9dP2mB7rT5yL8nC1hJ4sA6gE0uZ3iO9vR2w";

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

/** An order's dispute state (an extension), as the list and the detail both show it. */
const disputeStatus = z
  .enum(["none", "open", "closed"])
  .check(
    z.describe(
      "Extension: whether the buyer opened a dispute: none (never), open (one is open now), closed (opened, then closed)",
    ),
  );

/** An order's state as v1 names it. */
const orderStatus = z
  .enum(orderStatuses)
  .check(
    z.describe(
      "wait (not paid yet), paid (payment confirmed: deliver it) or canceled (never paid: it expired or was canceled)",
    ),
  );

const orderListItem = answering<Answer<OrderService["listForSeller"]>["items"][number]>()(
  z.strictObject({
    id_order: id("Order id"),
    id_product: id("Product id"),
    amount: digits("Total the buyer pays in integer roubles (RUB)"),
    status_order: orderStatus,
    data_create: isoDate,
    time_create: clockTime,
    count: digits("Units ordered"),
    ...deliveryState,
    dispute_status: disputeStatus,
  }),
);

/** A count of the seller's orders in the summary. */
const orderCount = (description: string) => z.int().check(z.gte(0), z.describe(description));

const orderDetail = answering<Answer<OrderService["infoForSeller"]>>()(
  z.strictObject({
    id: z.string().check(z.describe("Internal id: the order id, or the sequence number of an older order")),
    id_user: z.string().check(z.describe("The registered buyer's account id; empty for a guest")),
    guest_id: z.string().check(z.describe("An opaque id of the guest buyer; empty for a registered one")),
    buyer_type: z
      .enum(["guest", "registered"])
      .check(z.describe("guest (bought without an account) or registered (a reseller's account)")),
    id_product: id("Product id"),
    id_seller: digits("Seller id"),
    id_order: id("Order id"),
    status_order: orderStatus,
    data_create: isoDate,
    time_create: clockTime,
    amount: digits("Total the buyer pays in integer roubles (RUB)"),
    count: digits("Units ordered"),
    payment_system: z.string().check(z.describe("Payment provider; empty until paid")),
    comment: z.string().check(z.describe("Extension: the buyer's comment for the seller (empty if none)")),
    chat_id: id("Extension: the order's chat (GET /orders/chat/{id_order})"),
    dispute_status: disputeStatus,
    ...deliveryState,
    fee: z.optional(
      digits(
        "Extension: the marketplace's fee on the sale in integer roubles (RUB), rounded down; present once the order is paid under a fee rate, absent when none applied",
      ),
    ),
    fee_percent: z.optional(
      z
        .string()
        .check(
          z.describe(
            'Extension: the fee\'s rate in percent with two decimals ("7.50"), as it was when the order was paid; present with fee',
          ),
        ),
    ),
    credited: z.optional(
      digits(
        "Extension: what the sale credits the seller in integer roubles (RUB): amount less fee, credited when the order is delivered; present with fee",
      ),
    ),
    codes: z.optional(
      z
        .array(
          z.strictObject({
            id: z.string().check(z.describe("The code's id (22 characters)")),
            code: z.string().check(z.describe("The code itself, as uploaded")),
          }),
        )
        .check(
          z.describe(
            "Extension: a key product's order, once paid: the uploaded codes delivered to it (id and code, as GET /products/keys/{id} names them); absent for any other order",
          ),
        ),
    ),
  }),
);

const chatMessage = answering<ChatMessageView>()(
  z.strictObject({
    id: z.int().check(z.describe("Message id")),
    message_id: z.int().check(z.describe("The same id, as the v2 example names it")),
    type_user: z
      .enum(chatAuthors)
      .check(z.describe("Who wrote it: buyer, seller, or system (the marketplace's own notices)")),
    from: z.enum(chatAuthors).check(z.describe("The same as type_user, as the v2 example names it")),
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

/** The seller's orders: read, deliver, chat, and (extensions) the delivery URL, webhook attempts and summary. */
export const v1OrdersContracts = {
  "GET /orders": {
    summary: "List the seller's orders",
    description: historyDescription("orders"),
    success: {
      status: 200,
      data: z
        .array(orderListItem)
        .check(z.describe("The seller's orders (or one page of them), newest first")),
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
          dispute_status: "none",
        },
      ],
    },
    queryParameters: cursorQuery,
    errors: [
      worded(refusals.wholeNumber, { name: "limit", min: 1, max: CURSOR_PAGE_MAX }),
      refusals.invalidCursor,
      worded(refusals.historyTooLarge, { max: WHOLE_HISTORY_MAX, noun: "orders" }),
      refusals.responseTooLarge,
    ],
  },

  "GET /orders/info/{id}": {
    summary: "Read one of the seller's orders",
    description:
      "The buyer's e-mail address is never shown. Another seller's order is answered as a missing one.",
    pathParameters: { id: "The order's public id (id_order)" },
    success: {
      status: 200,
      data: orderDetail.check(z.describe("The order, as its seller sees it (never the buyer's e-mail)")),
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
    errors: [refusals.sellerOrderNotFound],
  },

  "POST /orders/delivery/{token}": {
    summary: "Deliver a paid order",
    description:
      "The token comes from the payment webhook (also the last segment of its delivery_url). The buyer receives the text and link by e-mail and the order's amount is credited to the seller. download: an https link, or omitted, empty or false for none. **Extension:** an order of a product that sells uploaded codes (POST /products/keys/{id}) is delivered with its codes when it is paid; its webhook still carries a token, and delivering with it answers 409 Order already delivered.",
    pathParameters: { token: "The order's one-time delivery token" },
    requestExample: {
      text: "Your key: ABCDE-12345-FGHIJ",
      download: "https://files.example-seller.com/er-manual.pdf",
    },
    success: {
      status: 200,
      data: answering<Answer<ReturnType<typeof createDeliveryService>["deliver"]>>()(
        z
          .strictObject({
            message: outcome("Product delivered"),
            id_order: id("The delivered order"),
            delivered: z.literal(true).check(z.describe("Always true: the order is delivered now")),
          })
          .check(z.describe("The delivery's outcome")),
      ),
      example: { message: "Product delivered", id_order: ORDER_ID, delivered: true },
    },
    errors: [
      refusals.notJsonObject,
      worded(refusals.fieldTooLong, { field: "text", max: 10_000 }),
      refusals.accessDenied,
      refusals.orderNotFound,
      refusals.orderAlreadyDelivered,
      refusals.invalidDownloadUrl,
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
    success: {
      status: 200,
      data: z.array(chatMessage).check(z.describe("This page of the chat, oldest first")),
      example: [chatMessageExample],
    },
    errors: [
      worded(refusals.wholeNumber, { name: "page", min: 1, max: 10000 }),
      worded(refusals.wholeNumber, { name: "limit", min: 1, max: 100 }),
      worded(refusals.pageWindow, { max: MAX_RESULT_WINDOW }),
      refusals.sellerOrderNotFound,
    ],
  },

  "POST /orders/chat/{id_order}": {
    summary: "Write to an order's chat",
    extension: true,
    description: `The message is kept exactly as sent (up to 2000 characters). A chat holds at most ${MAX_CHAT_MESSAGES} messages that people write (409 after that), and each sender may write ${DEFAULT_CHAT_MESSAGES_PER_MINUTE} messages a minute to one chat (429 with Retry-After).`,
    pathParameters: { id_order: "The order's id" },
    requestExample: { message: "Yes, the key is region free." },
    success: {
      status: 200,
      data: answering<ChatSent>()(
        z
          .strictObject({
            message_id: z.int().check(z.describe("The new message's id")),
            sent: z.literal(true).check(z.describe("Always true: the message is in the chat")),
          })
          .check(z.describe("The message sent")),
      ),
      example: { message_id: 1743512400123456, sent: true },
    },
    errors: [
      refusals.notJsonObject,
      worded(refusals.fieldEmpty, { field: "message" }),
      worded(refusals.fieldTooLong, { field: "message", max: MAX_CHAT_MESSAGE_LENGTH }),
      worded(refusals.fieldControlCharacters, { field: "message" }),
      refusals.sellerOrderNotFound,
      worded(refusals.chatFull, { max: MAX_CHAT_MESSAGES }),
      refusals.tooManyRequests,
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
      data: answering<DeliveryUrlAnswer>()(
        z
          .strictObject({
            id_order: id("The order"),
            delivery_url: z
              .string()
              .check(
                z.describe(
                  "Where to POST the goods: this API's /api/v1/orders/delivery/{token}, as the payment webhook carries it",
                ),
              ),
            token: z
              .string()
              .check(z.describe("The one-time delivery token, the last path segment of delivery_url")),
          })
          .check(z.describe("What the order's payment webhook carried")),
      ),
      example: {
        id_order: ORDER_ID,
        delivery_url: `https://api.example-market.com/api/v1/orders/delivery/${DELIVERY_TOKEN}`,
        token: DELIVERY_TOKEN,
      },
    },
    errors: [
      refusals.sellerOrderNotFound,
      refusals.orderAlreadyDelivered,
      refusals.orderNotPaid,
      refusals.deliveryUrlGone,
    ],
  },

  "GET /orders/summary": {
    summary: "Count the orders that need the seller",
    extension: true,
    description:
      "How many of the seller's orders wait for payment, are paid but undelivered (those whose webhook fails included), have a failing webhook (paid, undelivered, and the last attempt to call the api_url failed or was refused, a missing api_url included), were delivered today (the UTC day) and have an open dispute. Each count reads an index of the orders in that state, so it costs what the seller has to do now, not the seller's history; like the order list, it follows a change a moment after it.",
    success: {
      status: 200,
      data: answering<Answer<OrderService["summaryForSeller"]>>()(
        z
          .strictObject({
            waiting_payment: orderCount("Orders waiting for payment (status_order wait)"),
            undelivered: orderCount("Paid orders not delivered yet, webhook_failing ones included"),
            webhook_failing: orderCount(
              "Paid, undelivered orders whose last webhook attempt failed or was refused",
            ),
            delivered_today: orderCount("Orders delivered today, by the UTC day"),
            open_disputes: orderCount("Orders with an open dispute"),
          })
          .check(z.describe("Counts of the seller's orders by what they need")),
      ),
      example: {
        waiting_payment: 3,
        undelivered: 5,
        webhook_failing: 1,
        delivered_today: 12,
        open_disputes: 0,
      },
    },
    errors: [],
  },

  "GET /orders/webhooks/{id}": {
    summary: "List the payment webhook attempts of an order",
    extension: true,
    description:
      "Every recorded attempt to deliver the order's payment webhook to the seller's api_url, oldest first. target is the origin called, never the URL's path or query.",
    pathParameters: { id: "The order's id" },
    success: {
      status: 200,
      data: z
        .array(sellerWebhookAttemptSchema)
        .check(z.describe("The order's payment webhook attempts, oldest first; [] before the first")),
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
    errors: [refusals.sellerOrderNotFound],
  },
  ...v1ReviewsContracts,
} satisfies GroupContracts<"v1-orders">;

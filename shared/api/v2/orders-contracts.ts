import { MAX_RESULT_WINDOW } from "../../catalogue/search-query.js";
import { MAX_CHAT_MESSAGE_LENGTH } from "../../chat/chat-body.js";
import { DEFAULT_CHAT_MESSAGES_PER_MINUTE, MAX_CHAT_MESSAGES } from "../../chat/chat-limits.js";
import { type ChatMessageView, chatAuthors } from "../../chat/chat-message.js";
import type { ChatSent } from "../../chat/chat-service.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { buyerStatuses } from "../../orders/buyer-history.js";
import type { BuyerOrderService } from "../../orders/buyer-order-service.js";
import { MAX_DISPUTES_PER_ORDER } from "../../orders/buyer-order-service.js";
import * as z from "../../validation/zod-mini.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { ORDER_ID, PRODUCT_ID, SELLER_ID } from "./example-ids.js";
import {
  accountId,
  clock,
  count,
  day,
  described,
  id,
  instantOrNull,
  roubles,
  zeroOrOne,
} from "./field-schemas.js";
import { pageMeta } from "./page-meta.js";
import { v2ReviewsContracts } from "./reviews-contracts.js";

type OrderDetail = Answer<BuyerOrderService["order"]>;
type OrderSummary = Answer<BuyerOrderService["history"]>["items"][number];
type DisputeResult = Answer<BuyerOrderService["dispute"]>;

const orderSummaryShape = {
  order_id: id("The order's id"),
  id_order: id("The same id, under the spec's schema name"),
  id_product: id("The product bought"),
  id_seller: accountId("The product's seller"),
  status: described(
    z.enum(buyerStatuses),
    "paid; dispute (paid, with a dispute open); unpaid and canceled are states of storefront orders, never of a reseller's",
  ),
  status_order: described(z.enum(buyerStatuses), "The same as status, under the spec's schema name"),
  total: roubles("Amount charged from the balance: units × the price after the discount"),
  amount: roubles("The same as total, under the spec's schema name"),
  count: count("Units bought, 1 or more"),
  h2h: zeroOrOne("1: delivered through the seller's webhook (always 1 for purchases from balance)"),
  gift: zeroOrOne("**Extension.** 1 for a gift purchase (POST /gift), 0 for POST /buy"),
  data_create: day("Creation day"),
  time_create: clock("Creation time"),
};
const orderSummary = answering<OrderSummary>()(z.strictObject(orderSummaryShape));

const orderDetail = answering<OrderDetail>()(
  z.strictObject({
    ...orderSummaryShape,
    delivered: described(z.boolean(), "Whether the seller has delivered the order"),
    date_delivery: instantOrNull("When it was delivered (ISO 8601, UTC), or null"),
    delivery_text: described(
      z.nullable(z.string()),
      "What the seller delivered, once delivered (a key product's codes, one per line); else null",
    ),
    codes: described(
      z.nullable(z.array(z.string())),
      "**Extension.** A key product's order: the codes delivered to it, once delivered; else null",
    ),
    download: described(
      z.nullable(z.string()),
      "The https download link the seller delivered; null when the delivery had none or before delivery",
    ),
    dispute: described(z.boolean(), "Whether a dispute is open"),
    dispute_opened_at: instantOrNull("When the last dispute was opened (ISO 8601, UTC), or null if never"),
    dispute_closed_at: instantOrNull(
      "When the dispute was closed (ISO 8601, UTC); null if none was, or while one is open again",
    ),
    chat_id: described(z.string(), "The order's chat (GET/POST /chat/{chat_id}): the order id"),
    comment: described(
      z.nullable(z.string()),
      "The buyer's comment for the seller as sent with POST /buy, or null for none",
    ),
    gift_code: described(
      z.nullable(z.string()),
      "A gift purchase's code (32 characters, base64url), or null for a purchase that is not a gift",
    ),
  }),
);

const orderSummaryExample = {
  order_id: ORDER_ID,
  id_order: ORDER_ID,
  id_product: PRODUCT_ID,
  id_seller: SELLER_ID,
  status: "paid",
  status_order: "paid",
  total: 2250,
  amount: 2250,
  count: 1,
  h2h: 1,
  gift: 0,
  data_create: "2026-11-24",
  time_create: "09:41:07",
};

const chatMessage = answering<ChatMessageView>()(
  z.strictObject({
    id: count("The message's id, unique in its chat; messages sort by it"),
    message_id: described(z.int(), "The same as id, under the name the spec's example uses"),
    type_user: described(
      z.enum(chatAuthors),
      "Who wrote it: buyer, seller, or system (gift codes, disputes)",
    ),
    from: described(z.enum(chatAuthors), "The same as type_user, under the name the spec's example uses"),
    message: described(z.string(), "The text exactly as sent (escape it when showing it)"),
    data_create: day("Day sent"),
    time_create: clock("Time sent"),
  }),
);
const chatSent = answering<ChatSent>()(
  z.strictObject({
    message_id: count("The new message's id (the id of GET /chat/{chat_id})"),
    sent: described(z.literal(true), "Always true: the message is in the chat"),
  }),
);

const disputeAnswer = answering<DisputeResult>()(
  z.strictObject({
    order_id: described(z.string(), "The order_id the request named"),
    dispute: described(z.boolean(), "Whether a dispute is open now"),
    status: described(z.enum(["dispute", "paid"]), "The order's status now"),
  }),
);

/** The reseller's orders: history, one order, its chat and disputes. */
export const v2OrdersContracts = {
  "GET /history": {
    summary: "The caller's orders, newest first",
    description:
      "Every filter is optional; date_from and date_to are whole UTC days, both included. page × limit may not exceed 10000.",
    success: {
      status: 200,
      data: z.array(orderSummary),
      example: [orderSummaryExample],
      meta: pageMeta,
      metaExample: { page: 1, limit: 20 },
    },
    errors: [
      refusals.orderStatusFilter,
      worded(refusals.calendarDay, { name: "date_from" }),
      refusals.dateRange,
    ],
  },

  "GET /order/{order_id}": {
    summary: "One of the caller's orders, with delivery, dispute and chat fields",
    description:
      "Only the caller's own orders: another account's order, or an id that names none, answers 404 alike. The delivered product appears once the seller delivered it.",
    pathParameters: { order_id: "The order's id, from POST /buy or GET /history" },
    success: {
      status: 200,
      data: orderDetail,
      example: {
        ...orderSummaryExample,
        delivered: true,
        date_delivery: "2026-11-24T09:41:12.318Z",
        delivery_text: "XXXXX-YYYYY-ZZZZZ",
        codes: ["XXXXX-YYYYY-ZZZZZ"],
        download: null,
        dispute: false,
        dispute_opened_at: null,
        dispute_closed_at: null,
        chat_id: ORDER_ID,
        comment: "Account: player-1234",
        gift_code: null,
      },
    },
    errors: [refusals.accessDenied, refusals.orderNotFound],
  },

  "GET /chat/{chat_id}": {
    summary: "A page of the chat of one of the caller's orders, oldest message first",
    description:
      "The messages of the buyer, the seller and the service, in the order they were written, a page at a time.",
    pathParameters: { chat_id: "The order's chat_id (the order id), from GET /order/{order_id}" },
    success: {
      status: 200,
      data: z.array(chatMessage),
      example: [
        {
          id: 1795513267318042,
          message_id: 1795513267318042,
          type_user: "buyer",
          from: "buyer",
          message: "Hello, the key says already used.",
          data_create: "2026-11-24",
          time_create: "09:47:47",
        },
      ],
      meta: pageMeta,
      metaExample: { page: 1, limit: 20 },
    },
    errors: [
      refusals.accessDenied,
      refusals.chatNotFound,
      worded(refusals.pageWindow, { max: MAX_RESULT_WINDOW }),
    ],
  },

  "POST /chat/{chat_id}": {
    summary: "Send a message to the chat of one of the caller's orders",
    description: `A chat holds at most ${MAX_CHAT_MESSAGES} messages that people write (409 chat_full after that), and each sender may write ${DEFAULT_CHAT_MESSAGES_PER_MINUTE} messages a minute to one chat (429 too_many_requests with Retry-After). Both limits are extensions.`,
    pathParameters: { chat_id: "The order's chat_id (the order id), from GET /order/{order_id}" },
    requestExample: { message: "Hello, the key says already used." },
    success: { status: 200, data: chatSent, example: { message_id: 1795513267318042, sent: true } },
    errors: [
      refusals.accessDenied,
      refusals.chatNotFound,
      worded(refusals.fieldEmpty, { field: "message" }),
      worded(refusals.fieldTooLong, { field: "message", max: MAX_CHAT_MESSAGE_LENGTH }),
      worded(refusals.chatFull, { max: MAX_CHAT_MESSAGES }),
      refusals.tooManyRequests,
    ],
  },

  "POST /dispute": {
    summary: "Open or close a dispute on one of the caller's orders",
    description: `open needs a paid order without an open dispute; close an open dispute (the order is paid again). The optional message is posted to the order's chat. An order may have at most ${MAX_DISPUTES_PER_ORDER} disputes (an extension: 409 dispute_limit after that).`,
    requestExample: { order_id: ORDER_ID, action: "open", message: "The key was already activated." },
    success: {
      status: 200,
      data: disputeAnswer,
      example: { order_id: ORDER_ID, dispute: true, status: "dispute" },
    },
    errors: [
      refusals.accessDenied,
      refusals.orderNotFound,
      refusals.disputeNeedsPaidOrder,
      refusals.disputeAlreadyOpen,
      refusals.noDisputeOpen,
      worded(refusals.disputeLimit, { max: MAX_DISPUTES_PER_ORDER }),
      refusals.disputeAction,
    ],
  },
  ...v2ReviewsContracts,
} satisfies GroupContracts<"v2-orders">;

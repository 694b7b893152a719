import type { createBalanceView } from "../accounts/balance-view.js";
import type { Page } from "../catalogue/catalogue-service.js";
import type { ProductSummary, PublicProduct } from "../catalogue/public-product.js";
import { MAX_RESULT_WINDOW } from "../catalogue/search-query.js";
import { DEFAULT_CHAT_MESSAGES_PER_MINUTE, MAX_CHAT_MESSAGES } from "../chat/chat-limits.js";
import { type ChatMessageView, chatAuthors } from "../chat/chat-message.js";
import type { ChatPage, ChatSent } from "../chat/chat-service.js";
import type { PublicComment } from "../comments/comment.js";
import { FAVORITES_PER_ACCOUNT, type FavoriteItem, type FavoriteState } from "../favorites/favorite.js";
import type { FavoritePage } from "../favorites/favorite-service.js";
import { idempotencyKeySchema } from "../idempotency/idempotency-record.js";
import { buyerStatuses } from "../orders/buyer-history.js";
import type { BuyerOrderService } from "../orders/buyer-order-service.js";
import { MAX_DISPUTES_PER_ORDER } from "../orders/buyer-order-service.js";
import type { BuyResult, GiftResult } from "../purchases/purchase-service.js";
import * as z from "../validation/zod-mini.js";
import { type Answer, answering } from "./answer-schema.js";
import type { DocumentedError, HeaderParameter, VersionContracts } from "./route-contract.js";

type OrderDetail = Answer<BuyerOrderService["order"]>;
type OrderSummary = Answer<BuyerOrderService["history"]>["items"][number];
type DisputeResult = Answer<BuyerOrderService["dispute"]>;
type Balance = Answer<ReturnType<typeof createBalanceView>["balance"]>;

/** The schema with a description the document shows beside the field. */
const described = <S extends z.ZodMiniType>(schema: S, description: string): S =>
  schema.check(z.describe(description));

const id = (what: string) => described(z.string(), `${what}: a 26-character ULID`);
const count = (description: string) => described(z.int(), description);
const zeroOrOne = (description: string) => described(z.literal([0, 1]), description);
const day = (what: string) =>
  described(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), `${what}, YYYY-MM-DD (UTC)`);
const clock = (what: string) =>
  described(z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/)), `${what}, HH:MM:SS (UTC)`);
/** A moment as `Date.prototype.toISOString` writes it. */
const instant = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/));
const instantOrNull = (description: string) => described(z.nullable(instant), description);

// Examples share these ids, so the documents read as one story.
const PRODUCT_ID = "01KAQ7Y3M2E8R5T9W4X6Z0B1C2";
const ORDER_ID = "01KAQ8C4N7P2S6V1D3F5G8H0JK";
const SELLER_ID = 1042;
const CATEGORY_ID = 501;

// ---- Refusals, each exactly as the services throw it.

const productNotFound: DocumentedError = { status: 404, code: "not_found", message: "Product not found" };
const accountNotFound: DocumentedError = { status: 404, code: "not_found", message: "Account not found" };
const orderNotFound: DocumentedError = { status: 404, code: "not_found", message: "Order not found" };
const chatNotFound: DocumentedError = { status: 404, code: "not_found", message: "Chat not found" };
const accessDenied: DocumentedError = { status: 403, code: "forbidden", message: "Access denied" };
const blockedCategory: DocumentedError = {
  status: 403,
  code: "blocked_category",
  message: "This category is not available to resellers",
};
const selfPurchase: DocumentedError = {
  status: 403,
  code: "self_purchase",
  message: "You cannot buy your own product",
};
const productInactive: DocumentedError = {
  status: 409,
  code: "product_inactive",
  message: "This product is not active",
};
const insufficientStock: DocumentedError = {
  status: 409,
  code: "insufficient_stock",
  message: "Insufficient stock",
};
const insufficientBalance: DocumentedError = {
  status: 409,
  code: "insufficient_balance",
  message: "Insufficient balance",
};
const priceChanged: DocumentedError = {
  status: 409,
  code: "price_changed",
  message: "The product's price changed while buying; try again",
};
const invalidParameter = (message: string): DocumentedError => ({
  status: 422,
  code: "invalid_request",
  message,
});
const pageWindow = invalidParameter(`page × limit must not exceed ${MAX_RESULT_WINDOW}`);
const tooManyRequests: DocumentedError = {
  status: 429,
  code: "too_many_requests",
  message: "Too many requests",
};
const chatFull: DocumentedError = {
  status: 409,
  code: "chat_full",
  message: `Chat is full (max ${MAX_CHAT_MESSAGES} messages)`,
};

/** The Idempotency-Key extension's refusals (Stripe's semantics). */
const idempotencyErrors: DocumentedError[] = [
  {
    status: 409,
    code: "request_in_progress",
    message: "A request with this Idempotency-Key is still in progress",
  },
  invalidParameter("Idempotency-Key must be 1-255 visible ASCII characters"),
  {
    status: 422,
    code: "idempotency_mismatch",
    message: "This Idempotency-Key was already used with a different request",
  },
];

const idempotencyKey: Record<string, HeaderParameter> = {
  "Idempotency-Key": {
    description:
      "**Extension** (not in the spec). Optional: 1-255 visible ASCII characters, e.g. a UUID. The purchase happens at most once per key and account for 24 hours: a repeat of the same request answers the first 201 again (with the response header `Idempotent-Replayed: true`) and charges nothing; the same key with another body is 422 `idempotency_mismatch`; while the first request is still running, 409 `request_in_progress`. A refused request frees its key.",
    schema: idempotencyKeySchema,
  },
};

// ---- Answers.

const tokenAnswer = z.strictObject({
  access_token: described(z.string(), "The bearer token (a JWT) for every other route"),
  token_type: z.literal("Bearer"),
  expires_in: count("Seconds until the token expires"),
});

const balanceAnswer = answering<Balance>()(
  z.strictObject({
    balance: count("The account's balance, in roubles"),
    currency: z.literal("RUB"),
  }),
);

const productSummaryShape = {
  id_product: id("The product's id"),
  product_id: id("The same id, under the name the spec's examples use"),
  title: z.string(),
  name: described(z.string(), "The same as title, under the name the spec's examples use"),
  img: described(z.string(), "URL of the product's image"),
  description: z.string(),
  price: count("Price of one unit before the discount, in roubles"),
  discounted_price: count("**Extension.** Price of one unit after the discount: what a purchase charges"),
  currency: z.literal("RUB"),
  count: count("Units in stock"),
  available: described(z.boolean(), "Whether any unit is in stock"),
  seller_id: z.int(),
  category_id: z.int(),
  discount: count("Discount in percent, 0-99"),
  opt_price: described(z.string(), "Bulk prices; empty (no bulk pricing yet)"),
  opt_count: described(z.string(), "Bulk quantities; empty (no bulk pricing yet)"),
  h2h: zeroOrOne("1: delivered automatically through the seller's webhook (H2H); only those can be bought"),
};
const productSummary = answering<ProductSummary>()(z.strictObject(productSummaryShape));

const publicProductAnswer = answering<PublicProduct>()(
  z.strictObject({
    ...productSummaryShape,
    text_page: described(z.string(), "The product page's text"),
    features: described(z.string(), "Comma-separated features"),
    rating: z.int(),
    gift_available: zeroOrOne("1: may be bought as a gift (POST /gift)"),
    comment_status: zeroOrOne("1: POST /buy requires a buyer comment"),
    comment_regex: described(
      z.string(),
      "A pattern the whole buyer comment must match, or empty for none (422 comment_regex_mismatch)",
    ),
    seller: z.strictObject({ id: z.int(), name: z.string(), rating: z.int() }),
    category: z.strictObject({ id: z.int(), name: z.string() }),
  }),
);

const productSummaryExample = {
  id_product: PRODUCT_ID,
  product_id: PRODUCT_ID,
  title: "Elden Ring Steam key",
  name: "Elden Ring Steam key",
  img: `https://images.example.com/products/${PRODUCT_ID}/5f0c2a9e.webp`,
  description: "Steam key for Elden Ring",
  price: 2999,
  discounted_price: 2550,
  currency: "RUB",
  count: 4,
  available: true,
  seller_id: SELLER_ID,
  category_id: CATEGORY_ID,
  discount: 15,
  opt_price: "",
  opt_count: "",
  h2h: 1,
};

/** v2 search pages: the page, its size and how many products match in all. */
const countedPageMeta = answering<Page<unknown>["meta"]>()(
  z.strictObject({ page: z.int(), limit: z.int(), total: count("Matches over all pages") }),
);
/** v2 lists without a total: the page and its size. */
const pageMeta = answering<ChatPage["meta"]>()(z.strictObject({ page: z.int(), limit: z.int() }));

const orderSummaryShape = {
  order_id: id("The order's id"),
  id_order: id("The same id, under the spec's schema name"),
  id_product: id("The product's id"),
  id_seller: z.int(),
  status: described(
    z.enum(buyerStatuses),
    "paid; dispute (paid, with a dispute open); unpaid and canceled are states of storefront orders, never of a reseller's",
  ),
  status_order: described(z.enum(buyerStatuses), "The same as status, under the spec's schema name"),
  total: count("Amount charged, in roubles"),
  amount: count("The same as total, under the spec's schema name"),
  count: count("Units bought"),
  h2h: zeroOrOne("1: delivered through the seller's webhook (always 1 for purchases from balance)"),
  gift: zeroOrOne("**Extension.** 1 for a gift purchase (POST /gift)"),
  data_create: day("Creation day"),
  time_create: clock("Creation time"),
};
const orderSummary = answering<OrderSummary>()(z.strictObject(orderSummaryShape));

const orderDetail = answering<OrderDetail>()(
  z.strictObject({
    ...orderSummaryShape,
    delivered: described(z.boolean(), "Whether the seller has delivered the order"),
    date_delivery: instantOrNull("When it was delivered (ISO 8601, UTC), or null"),
    delivery_text: described(z.nullable(z.string()), "What the seller delivered, once delivered; else null"),
    download: described(z.nullable(z.string()), "The delivered download link, if any; else null"),
    dispute: described(z.boolean(), "Whether a dispute is open"),
    dispute_opened_at: instantOrNull("When the last dispute was opened (ISO 8601, UTC), or null if never"),
    dispute_closed_at: instantOrNull(
      "When the dispute was closed (ISO 8601, UTC); null if none was, or while one is open again",
    ),
    chat_id: described(z.string(), "The order's chat (GET/POST /chat/{chat_id}); the order id"),
    comment: described(z.nullable(z.string()), "The buyer's comment for the seller, or null"),
    gift_code: described(z.nullable(z.string()), "A gift purchase's code, or null"),
  }),
);

const orderSummaryExample = {
  order_id: ORDER_ID,
  id_order: ORDER_ID,
  id_product: PRODUCT_ID,
  id_seller: SELLER_ID,
  status: "paid",
  status_order: "paid",
  total: 2550,
  amount: 2550,
  count: 1,
  h2h: 1,
  gift: 0,
  data_create: "2026-11-24",
  time_create: "09:41:07",
};

const buyShape = {
  order_id: id("The new order's id (GET /order/{order_id})"),
  product_id: id("The product bought"),
  quantity: count("Units bought"),
  total: count("Amount charged from the balance, in roubles"),
  currency: z.literal("RUB"),
  h2h: described(z.literal(1), "Always 1: only H2H products are sold through the API"),
};
const buyAnswer = answering<BuyResult>()(z.strictObject(buyShape));
const giftAnswer = answering<GiftResult>()(
  z.strictObject({
    ...buyShape,
    gift: z.literal(1),
    gift_code: described(
      z.string(),
      "The gift's code (32 characters, base64url); also posted to the order's chat and e-mailed to the buyer",
    ),
  }),
);
const buyExample = {
  order_id: ORDER_ID,
  product_id: PRODUCT_ID,
  quantity: 1,
  total: 2550,
  currency: "RUB",
  h2h: 1,
};

const chatMessage = answering<ChatMessageView>()(
  z.strictObject({
    id: z.int(),
    message_id: described(z.int(), "The same as id, under the name the spec's example uses"),
    type_user: described(
      z.enum(chatAuthors),
      "Who wrote it: buyer, seller, or system (gift codes, disputes)",
    ),
    from: described(z.enum(chatAuthors), "The same as type_user, under the name the spec's example uses"),
    message: z.string(),
    data_create: day("Day sent"),
    time_create: clock("Time sent"),
  }),
);
const chatSent = answering<ChatSent>()(z.strictObject({ message_id: z.int(), sent: z.literal(true) }));

const comment = answering<PublicComment>()(
  z.strictObject({
    rating: count("1 to 5"),
    text: z.string(),
    created_at: described(instant, "**Extension.** When it was added (ISO 8601, UTC)"),
  }),
);

const favoriteItem = answering<FavoriteItem>()(z.strictObject({ product_id: z.string(), name: z.string() }));
const favoriteState = answering<FavoriteState>()(
  z.strictObject({
    product_id: z.string(),
    favorite: described(z.boolean(), "Whether the product is on the caller's list now"),
  }),
);
const favoriteMeta = answering<FavoritePage["meta"]>()(pageMeta);

const disputeAnswer = answering<DisputeResult>()(
  z.strictObject({
    order_id: z.string(),
    dispute: described(z.boolean(), "Whether a dispute is open now"),
    status: described(z.enum(["dispute", "paid"]), "The order's status now"),
  }),
);

const purchaseRefusals = (...extra: DocumentedError[]): DocumentedError[] => [
  productNotFound,
  accountNotFound,
  blockedCategory,
  selfPurchase,
  ...extra,
  insufficientStock,
  insufficientBalance,
  priceChanged,
  ...idempotencyErrors,
];

/** Reseller API v2: what each route answers, for the OpenAPI document and the response checks in tests. */
export const v2Contracts = {
  "POST /auth/api-key/create": {
    summary: "Exchange the API key (header X-API-KEY) for a bearer token",
    description:
      "The seller API key goes in the header X-API-KEY; there is no body. Each API key may exchange 20 times a minute; a source address gets 60 refused exchanges (unknown or blocked keys) a minute, after which its refused exchanges are 429. A working key is never refused for what other keys did from its address. Every 429 carries Retry-After.",
    success: {
      status: 200,
      data: tokenAnswer,
      example: {
        access_token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDQyIn0.sig",
        token_type: "Bearer",
        expires_in: 3600,
      },
    },
    errors: [
      { status: 401, code: "unauthorized", message: "Unauthorized" },
      { status: 429, code: "too_many_requests", message: "Too many requests" },
    ],
  },

  "GET /balance": {
    summary: "The caller's balance and its currency",
    success: { status: 200, data: balanceAnswer, example: { balance: 15000, currency: "RUB" } },
    errors: [accountNotFound],
  },

  "GET /search": {
    summary: "Search public products",
    description:
      "Every parameter is optional and all given ones must match. `q` matches words of the title and description by prefix. Products of blocked categories (identifiers starting with 700) never appear. Sorts: newest (default), price (cheapest first), price_desc (extension). page × limit may not exceed 10000.",
    success: {
      status: 200,
      data: z.array(productSummary),
      example: [productSummaryExample],
      meta: countedPageMeta,
      metaExample: { page: 1, limit: 20, total: 1 },
    },
    errors: [
      blockedCategory,
      invalidParameter("max_price must not be below min_price"),
      invalidParameter("page × limit must not exceed 10000; narrow the search instead"),
    ],
  },

  "GET /products/{seller_id}": {
    summary: "A seller's public products, newest first",
    pathParameters: { seller_id: "The seller's account id (a positive whole number)" },
    success: {
      status: 200,
      data: z.array(productSummary),
      example: [productSummaryExample],
      meta: countedPageMeta,
      metaExample: { page: 1, limit: 20, total: 1 },
    },
    errors: [
      { status: 404, code: "not_found", message: "Seller not found" },
      invalidParameter("seller_id must be a positive whole number"),
      pageWindow,
    ],
  },

  "GET /product/{product_id}": {
    summary: "One public product in full",
    description:
      "The summary's fields plus the page text, the purchase rules (gift_available, comment_status, comment_regex) and the seller and category. A product that is not approved, not in an active category or of a blocked seller is 404; one of a blocked category 403.",
    pathParameters: { product_id: "The product's id" },
    success: {
      status: 200,
      data: publicProductAnswer,
      example: {
        ...productSummaryExample,
        text_page: "Global Steam activation key. Delivered within a minute of payment.",
        features: "global,instant,steam",
        rating: 5,
        gift_available: 1,
        comment_status: 0,
        comment_regex: "",
        seller: { id: SELLER_ID, name: "Key Corner", rating: 5 },
        category: { id: CATEGORY_ID, name: "Games" },
      },
    },
    errors: [blockedCategory, productNotFound],
  },

  "POST /buy": {
    summary: "Buy a product from the reseller balance",
    description:
      "Checks, in this order: the product is public (404), its category is not blocked (403), it is not the caller's own (403), it is delivered by webhook (H2H, 403), its seller may sell (409), the comment follows the product's rules (422), stock suffices (409), the balance suffices (409). Then stock, balance, the paid order and the seller's webhook commit together; the seller delivers through the v1 delivery flow and the buyer gets the product by e-mail.",
    headerParameters: idempotencyKey,
    requestExample: { product_id: PRODUCT_ID, quantity: 1, comment: "Account: player-1234" },
    success: { status: 201, data: buyAnswer, example: buyExample },
    errors: purchaseRefusals(
      {
        status: 403,
        code: "h2h_disabled",
        message: "This product is not delivered automatically (H2H) and cannot be bought through the API",
      },
      productInactive,
      { status: 422, code: "invalid_comment", message: "Comment must be at most 200 characters" },
      { status: 422, code: "invalid_comment", message: "Comment must not contain HTML or script" },
      { status: 422, code: "invalid_comment", message: "Comment must not contain control characters" },
      { status: 422, code: "comment_required", message: "A comment is required for this product" },
      {
        status: 422,
        code: "comment_regex_mismatch",
        message: "Comment does not match the format the seller requires",
      },
    ),
  },

  "POST /gift": {
    summary: "Buy one unit as a gift, with a gift code",
    description:
      "The product must be public, H2H, in stock, allow gifts (gift_available = 1) and not require a comment; otherwise 409 gift_unavailable. quantity and count may be given, and then only as 1. The gift code is also posted to the order's chat and e-mailed to the buyer.",
    headerParameters: idempotencyKey,
    requestExample: { product_id: PRODUCT_ID, quantity: 1 },
    success: {
      status: 201,
      data: giftAnswer,
      example: { ...buyExample, gift: 1, gift_code: "q3Vx8bN1tYw0Zr7Kc2LmPa9SdfGh4JkE" },
    },
    errors: purchaseRefusals(
      { status: 409, code: "gift_unavailable", message: "This product cannot be bought as a gift" },
      productInactive,
      invalidParameter("quantity must be exactly 1 for a gift"),
      invalidParameter("count must be exactly 1 for a gift"),
    ),
  },

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
      invalidParameter("status must be one of paid, unpaid, dispute"),
      invalidParameter("date_from must be a date in the form YYYY-MM-DD"),
      invalidParameter("date_to must not be before date_from"),
    ],
  },

  "GET /order/{order_id}": {
    summary: "One of the caller's orders, with delivery, dispute and chat fields",
    pathParameters: { order_id: "The order's id, from POST /buy or GET /history" },
    success: {
      status: 200,
      data: orderDetail,
      example: {
        ...orderSummaryExample,
        delivered: true,
        date_delivery: "2026-11-24T09:41:12.318Z",
        delivery_text: "XXXXX-YYYYY-ZZZZZ",
        download: null,
        dispute: false,
        dispute_opened_at: null,
        dispute_closed_at: null,
        chat_id: ORDER_ID,
        comment: "Account: player-1234",
        gift_code: null,
      },
    },
    errors: [accessDenied, orderNotFound],
  },

  "GET /favorites": {
    summary: "The caller's favorites whose product is public now",
    description:
      "By product id, oldest product first. Favorites of a product that is not listed now (hidden, rejected, its seller blocked, its category inactive) are kept but left out, and come back when it is listed again; favorites of a deleted product are removed. A favorite shows once the catalogue lists its product (about a second after approval).",
    success: {
      status: 200,
      data: z.array(favoriteItem),
      example: [{ product_id: PRODUCT_ID, name: "Elden Ring Steam key" }],
      meta: favoriteMeta,
      metaExample: { page: 1, limit: 20 },
    },
    errors: [],
  },

  "POST /favorites": {
    summary: "Add, remove or toggle a favorite",
    description: `add and remove are idempotent; toggle flips. Adding or toggling needs a public product and room: each reseller holds at most ${FAVORITES_PER_ACCOUNT} favorites (an add of one already there is still 200). Removing needs neither, so a favorite of a product since hidden can always be dropped.`,
    requestExample: { product_id: PRODUCT_ID, action: "add" },
    success: { status: 200, data: favoriteState, example: { product_id: PRODUCT_ID, favorite: true } },
    errors: [
      blockedCategory,
      productNotFound,
      {
        status: 409,
        code: "favorite_conflict",
        message: "The favorite is being changed by other requests; try again",
      },
      {
        status: 409,
        code: "favorites_full",
        message: `At most ${FAVORITES_PER_ACCOUNT} favorites: remove one to add another`,
      },
      invalidParameter("action must be add, remove or toggle"),
    ],
  },

  "GET /comment/{product_id}": {
    summary: "A public product's moderated comments, newest first",
    pathParameters: { product_id: "The product's id" },
    success: {
      status: 200,
      data: z.array(comment),
      example: [
        { rating: 5, text: "Key arrived in a minute, works.", created_at: "2026-11-20T18:02:44.120Z" },
      ],
      meta: countedPageMeta,
      metaExample: { page: 1, limit: 20, total: 1 },
    },
    errors: [blockedCategory, productNotFound, pageWindow],
  },

  "GET /chat/{chat_id}": {
    summary: "A page of the chat of one of the caller's orders, oldest message first",
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
    errors: [accessDenied, chatNotFound, pageWindow],
  },

  "POST /chat/{chat_id}": {
    summary: "Send a message to the chat of one of the caller's orders",
    description: `A chat holds at most ${MAX_CHAT_MESSAGES} messages that people write (409 chat_full after that), and each sender may write ${DEFAULT_CHAT_MESSAGES_PER_MINUTE} messages a minute to one chat (429 too_many_requests with Retry-After). Both limits are extensions.`,
    pathParameters: { chat_id: "The order's chat_id (the order id), from GET /order/{order_id}" },
    requestExample: { message: "Hello, the key says already used." },
    success: { status: 200, data: chatSent, example: { message_id: 1795513267318042, sent: true } },
    errors: [
      accessDenied,
      chatNotFound,
      invalidParameter("Field 'message' must not be empty"),
      invalidParameter("Field 'message' must be at most 2000 characters"),
      chatFull,
      tooManyRequests,
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
      accessDenied,
      orderNotFound,
      { status: 409, code: "purchase_unavailable", message: "Only a paid order can be disputed" },
      { status: 409, code: "purchase_unavailable", message: "A dispute is already open for this order" },
      { status: 409, code: "purchase_unavailable", message: "No dispute is open for this order" },
      {
        status: 409,
        code: "dispute_limit",
        message: `This order has had ${MAX_DISPUTES_PER_ORDER} disputes; no more can be opened`,
      },
      invalidParameter("action must be open or close"),
    ],
  },
} satisfies VersionContracts;

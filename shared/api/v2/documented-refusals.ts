import { MAX_RESULT_WINDOW } from "../../catalogue/search-query.js";
import { MAX_CHAT_MESSAGES } from "../../chat/chat-limits.js";
import type { DocumentedError } from "../route-contract.js";

// Refusals several v2 routes answer, each exactly as the services throw it.

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
/** A 422 refusal of an invalid parameter, with the service's message. */
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

/** The refusals of a purchase, in the order the checks run, with the route's own `extra` among them. */
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

export {
  accessDenied,
  accountNotFound,
  blockedCategory,
  chatFull,
  chatNotFound,
  invalidParameter,
  orderNotFound,
  pageWindow,
  productInactive,
  productNotFound,
  purchaseRefusals,
  tooManyRequests,
};

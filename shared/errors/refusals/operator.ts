import { badRequest, template } from "./refusal-builders.js";

/** Refusals of the operator's commands and of the payment provider's callback. */

// The operator's commands (ops CLI): by id, so they name what they refuse.
export const productIdNotFound = /* @__PURE__ */ template<{ productId: string }>(
  "not_found",
  "not_found",
  ({ productId }) => `Product ${productId} not found`,
);
export const productChangedMeanwhile = /* @__PURE__ */ template<{ productId: string }>(
  "conflict",
  "conflict",
  ({ productId }) => `Product ${productId} was changed meanwhile; try again`,
);
export const productNotPending = /* @__PURE__ */ template<{ productId: string }>(
  "conflict",
  "conflict",
  ({ productId }) => `Product ${productId} is not pending moderation`,
);
export const productWithoutImage = /* @__PURE__ */ template<{ productId: string }>(
  "conflict",
  "conflict",
  ({ productId }) => `Product ${productId} has no image and cannot be approved`,
);
export const rejectionReason = /* @__PURE__ */ badRequest("reason must be 1-1000 characters");
export const noFlagToSet = /* @__PURE__ */ badRequest("no flag to set");
export const categoryExists = /* @__PURE__ */ template<{ categoryId: number }>(
  "conflict",
  "conflict",
  ({ categoryId }) => `Category ${categoryId} already exists`,
);
export const sellerIdNotFound = /* @__PURE__ */ template<{ sellerId: number }>(
  "not_found",
  "not_found",
  ({ sellerId }) => `Seller ${sellerId} not found`,
);
export const sellerKeptChanging = /* @__PURE__ */ template<{ sellerId: number }>(
  "conflict",
  "conflict",
  ({ sellerId }) => `Seller ${sellerId} kept changing; try again`,
);
export const creditAmount = /* @__PURE__ */ badRequest("amount must be a whole number from 1 to 100000000");
export const orderIdNotFound = /* @__PURE__ */ template<{ orderId: string }>(
  "not_found",
  "not_found",
  ({ orderId }) => `Order ${orderId} not found`,
);
export const orderIdUnsignable = /* @__PURE__ */ template<{ orderId: string }>(
  "not_found",
  "not_found",
  ({ orderId }) => `Order ${orderId} not found; give --amount to sign for it anyway`,
);
export const orderIdNotPaid = /* @__PURE__ */ template<{ orderId: string }>(
  "conflict",
  "conflict",
  ({ orderId }) => `Order ${orderId} is not paid`,
);
export const webhookAlreadyDelivered = /* @__PURE__ */ template<{ orderId: string }>(
  "conflict",
  "conflict",
  ({ orderId }) => `Order ${orderId}'s webhook was already delivered`,
);
export const webhookEventExpired = /* @__PURE__ */ template<{ orderId: string }>(
  "conflict",
  "conflict",
  ({ orderId }) =>
    `Order ${orderId}'s webhook event has expired from the outbox; contact the seller directly`,
);
export const payoutIdNotFound = /* @__PURE__ */ template<{ payoutId: string }>(
  "not_found",
  "not_found",
  ({ payoutId }) => `Payout ${payoutId} not found`,
);
export const payoutNotWaiting = /* @__PURE__ */ template<{ payoutId: string }>(
  "conflict",
  "conflict",
  ({ payoutId }) => `Payout ${payoutId} is not waiting`,
);

// The marketplace's fee (#25).
export const categoryIdNotFound = /* @__PURE__ */ template<{ categoryId: number }>(
  "not_found",
  "not_found",
  ({ categoryId }) => `Category ${categoryId} not found`,
);
export const feeRateOutOfRange = /* @__PURE__ */ badRequest(
  "the fee must be from 0% to 50% in steps of 0.01% (--percent 7.5 or --bp 750)",
);
export const tooManyFeeRates = /* @__PURE__ */ template<{ max: number }>(
  "conflict",
  "conflict",
  ({ max }) => `The fee schedule already holds ${max} rates; clear one first`,
);
export const revenueSpan = /* @__PURE__ */ badRequest(
  "--from and --to must be days (YYYY-MM-DD), --from not after --to, at most 366 days apart",
);

// Payments: the provider's callback and the operator's refunds.
export const alreadyPaid = /* @__PURE__ */ template<{ orderId: string }>(
  "conflict",
  "already_paid",
  ({ orderId }) => `Order ${orderId} is already paid by another payment`,
);
export const amountMismatch = /* @__PURE__ */ template<{
  amount: number;
  currency: string;
  orderId: string;
  orderAmount: number;
  orderCurrency: string;
}>(
  "conflict",
  "amount_mismatch",
  (p) =>
    `Payment of ${p.amount} ${p.currency} does not match the amount of order ${p.orderId} (${p.orderAmount} ${p.orderCurrency})`,
);
export const alreadyRefunded = /* @__PURE__ */ template<{ paymentId: string; orderId: string }>(
  "conflict",
  "already_refunded",
  ({ paymentId, orderId }) => `Payment ${paymentId} of order ${orderId} is already refunded`,
);
export const noSuchUnappliedPayment = /* @__PURE__ */ template<{ orderId: string; paymentId: string }>(
  "not_found",
  "not_found",
  ({ orderId, paymentId }) => `Order ${orderId} has no unapplied payment ${paymentId}`,
);
export const manyRefundsDue = /* @__PURE__ */ template<{ orderId: string; due: number; paymentIds: string }>(
  "bad_request",
  "invalid_request",
  ({ orderId, due, paymentIds }) =>
    `Order ${orderId} has ${due} payments due for refund; name one with --payment-id: ${paymentIds}`,
);
export const noPaymentToRefund = /* @__PURE__ */ template<{ orderId: string }>(
  "not_found",
  "not_found",
  ({ orderId }) => `Order ${orderId} has no payment to refund`,
);
export const sellerEventNotFound = /* @__PURE__ */ template<{ sellerId: number; eventId: string }>(
  "not_found",
  "not_found",
  ({ sellerId, eventId }) =>
    `Seller ${sellerId} has no attempt of event ${eventId} in the last 7 days (an event nobody subscribed to is never attempted)`,
);
export const sellerEventAlreadyDelivered = /* @__PURE__ */ template<{ eventId: string }>(
  "conflict",
  "conflict",
  ({ eventId }) => `Event ${eventId} was already delivered`,
);

// Review moderation (#25).
export const reviewIdNotFound = /* @__PURE__ */ template<{ reviewId: string }>(
  "not_found",
  "not_found",
  ({ reviewId }) => `Review ${reviewId} not found`,
);
export const reviewAlreadyDecided = /* @__PURE__ */ template<{ reviewId: string; status: string }>(
  "conflict",
  "conflict",
  ({ reviewId, status }) => `Review ${reviewId} is already ${status}`,
);
export const reviewStatusFilter = /* @__PURE__ */ badRequest(
  "--status must be one of pending, approved, rejected",
);

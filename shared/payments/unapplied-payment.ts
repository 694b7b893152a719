import * as z from "../validation/zod-mini.js";

/**
 * Why money the provider took did not pay its order: the order was canceled and its stock is gone
 * (`insufficient_stock`) or can no longer be sold (`product_unavailable`: deleted, not approved, or its
 * seller blocked); another payment had paid it (`already_paid`); or the payment's amount or currency is
 * not the order's (`amount_mismatch`).
 */
export const unappliedReasons = [
  "insufficient_stock",
  "product_unavailable",
  "already_paid",
  "amount_mismatch",
] as const;
export type UnappliedReason = (typeof unappliedReasons)[number];

/** A payment to give back is `due` until the operator records its refund (`refunded`). */
export const refundStatuses = ["due", "refunded"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * A payment the provider took that paid nothing: kept beside its order, one per provider payment id, for
 * the operator to refund. Never shown through either API.
 */
export const unappliedPaymentSchema = z.object({
  order_id: z.string(),
  payment_id: z.string(),
  payment_system: z.string(),
  /** What the provider says it took, in whole units of `currency`. */
  amount: z.number().check(z.int()),
  currency: z.string(),
  received_at: z.string(),
  reason: z.enum(unappliedReasons),
  refund_status: z.enum(refundStatuses),
  refunded_at: z.optional(z.string()),
  /** The refund's own id (its entry beside the order), once refunded. */
  refund_id: z.optional(z.string()),
});
export type UnappliedPayment = z.infer<typeof unappliedPaymentSchema>;

/** The recorded movement of a refund: what went back, for which payment, when, and the operator's reference. */
export const paymentRefundSchema = z.object({
  refund_id: z.string(),
  order_id: z.string(),
  payment_id: z.string(),
  payment_system: z.string(),
  amount: z.number().check(z.int()),
  currency: z.string(),
  refunded_at: z.string(),
  /** The provider's id of the refund, or the operator's note of how it was made. */
  reference: z.optional(z.string()),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

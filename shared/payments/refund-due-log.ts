import { logger } from "../observability/logger.js";
import type { UnappliedPayment } from "./unapplied-payment.js";

/**
 * The `event` of the error line written for every payment recorded as due for refund. The operator's
 * alarm counts log lines carrying it (infra/cdk/constructs/observability.ts): keep the two in step.
 */
export const REFUND_DUE_EVENT = "payment_refund_due";

/** Reports a payment recorded as due for refund. */
export type RefundDueLog = (payment: UnappliedPayment) => void;

/**
 * One structured error line per payment recorded for refund: what was taken and why it paid nothing,
 * keyed by the order and the provider's payment id. Never the buyer's e-mail.
 */
export const logRefundDue: RefundDueLog = (payment) =>
  logger().error("Payment taken but not applied: refund due", {
    event: REFUND_DUE_EVENT,
    order_id: payment.order_id,
    payment_id: payment.payment_id,
    payment_system: payment.payment_system,
    amount: payment.amount,
    currency: payment.currency,
    reason: payment.reason,
  });

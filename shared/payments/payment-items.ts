import { defineTableItem } from "../data/table-item.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import type { PaymentRefund, UnappliedPayment } from "./unapplied-payment.js";

/**
 * The table items of a payment the provider took that paid nothing, each declared once with its key and
 * entity: the payment, beside its order, and the refund of it once made.
 */

/** A payment that did not pay its order, one per provider payment id, in the queue of its refund status. */
export const unappliedPaymentTableItem = defineTableItem({
  entity: "unapplied_payment",
  key: keys.unappliedPayment,
});

/** The refund of an unapplied payment: the recorded movement, at most one per payment. */
export const paymentRefundTableItem = defineTableItem({ entity: "payment_refund", key: keys.paymentRefund });

/** An unapplied payment as a table item, in the operator's queue of its refund status. */
export const unappliedPaymentItem = (payment: UnappliedPayment) =>
  unappliedPaymentTableItem.item([payment.order_id, payment.payment_id], {
    ...payment,
    ...indexMembership(
      indexedCollections.unappliedPaymentsByRefundStatus,
      [payment.refund_status],
      [payment.received_at, payment.order_id],
    ),
  });

/** A refund as a table item. */
export const paymentRefundItem = (refund: PaymentRefund) =>
  paymentRefundTableItem.item([refund.order_id, refund.payment_id], refund);

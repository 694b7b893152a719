import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import type { Clock } from "../time/clock.js";
import {
  type PaymentRefund,
  type RefundStatus,
  refundStatuses,
  type UnappliedPayment,
} from "./unapplied-payment.js";
import type { UnappliedPaymentStore } from "./unapplied-payment-repository.js";

const alreadyRefunded = (payment: UnappliedPayment) =>
  refuse(worded(refusals.alreadyRefunded, { paymentId: payment.payment_id, orderId: payment.order_id }));

/** The payment of `orderId` to refund: the one named, or its only one still due. */
const chooseDue = (orderId: string, payments: UnappliedPayment[], paymentId?: string): UnappliedPayment => {
  if (paymentId !== undefined) {
    const named = payments.find((payment) => payment.payment_id === paymentId);
    if (!named) throw refuse(worded(refusals.noSuchUnappliedPayment, { orderId, paymentId }));
    return named;
  }
  if (payments.length === 0) throw refuse(worded(refusals.noPaymentToRefund, { orderId }));
  const due = payments.filter((payment) => payment.refund_status === "due");
  const [only, other] = due;
  if (!only) throw alreadyRefunded(payments[0] as UnappliedPayment);
  if (other) {
    const paymentIds = due.map((payment) => payment.payment_id).join(", ");
    throw refuse(worded(refusals.manyRefundsDue, { orderId, due: due.length, paymentIds }));
  }
  return only;
};

/**
 * The operator's side of money that paid nothing: listing it, and recording its refund (made at the
 * payment provider) as a movement of its own, exactly once per payment.
 */
export const createRefundService = (deps: {
  unapplied: UnappliedPaymentStore;
  now: Clock;
  random: Randomness;
}) => ({
  /** Payments taken but not applied, newest first: of one refund status, or both. */
  async list(status?: RefundStatus): Promise<UnappliedPayment[]> {
    const statuses = status ? [status] : refundStatuses;
    const all = (await Promise.all(statuses.map((s) => deps.unapplied.byRefundStatus(s)))).flat();
    return all.sort((a, b) => (a.received_at < b.received_at ? 1 : a.received_at > b.received_at ? -1 : 0));
  },

  /** Records the refund of an order's payment due for refund: its entry, and the payment `refunded`. */
  async refund(
    orderId: string,
    options: { paymentId?: string; reference?: string } = {},
  ): Promise<PaymentRefund> {
    const payments = isId(orderId) ? await deps.unapplied.ofOrder(orderId) : [];
    const payment = chooseDue(orderId, payments, options.paymentId);
    if (payment.refund_status !== "due") throw alreadyRefunded(payment);
    const refund: PaymentRefund = {
      refund_id: deps.random.uuid(),
      order_id: payment.order_id,
      payment_id: payment.payment_id,
      payment_system: payment.payment_system,
      amount: payment.amount,
      currency: payment.currency,
      refunded_at: deps.now().toISOString(),
      ...(options.reference === undefined ? {} : { reference: options.reference }),
    };
    // Refunded by a parallel run between the read and this write: the write is refused, nothing twice.
    if (!(await deps.unapplied.refund(payment, refund))) throw alreadyRefunded(payment);
    return refund;
  },
});

export type RefundService = ReturnType<typeof createRefundService>;

import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { FeeStore } from "../fees/fee-repository.js";
import { type FeeSchedule, rateFor } from "../fees/fee-schedule.js";
import { isId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import { sellCodes } from "../key-stock/code-sale.js";
import type { KeyCodeSource } from "../key-stock/key-stock-repository.js";
import type { MetricsSink } from "../observability/metrics-sink.js";
import type { OrderRecord, OrderStatus } from "../orders/order.js";
import type { OrderStore } from "../orders/order-repository.js";
import { createPaidOrderIssuer } from "../paid-orders/paid-order-issuer.js";
import type { Clock } from "../time/clock.js";
import { ORDER_CURRENCY, type PaymentCallback } from "./payment-callback.js";
import type { PaymentStore } from "./payment-repository.js";
import { logRefundDue, type RefundDueLog } from "./refund-due-log.js";
import type { RefundStatus, UnappliedPayment, UnappliedReason } from "./unapplied-payment.js";
import type { UnappliedPaymentStore } from "./unapplied-payment-repository.js";

/** A payment confirmation, from the operator or the payment provider. */
export interface PaymentConfirmation {
  readonly orderId: string;
  readonly paymentSystem: string;
  /** The provider's payment id; a repeat of the same id is the same payment. */
  readonly paymentId?: string;
  /** What the provider took; absent for the operator's confirmation, which is of the order's amount. */
  readonly taken?: { readonly amount: number; readonly currency: string };
}

/** What a payment did: it paid its order, or it is recorded beside the order for the operator to refund. */
export type PaymentAnswer =
  | { readonly id_order: string; readonly status_order: "paid" }
  | {
      readonly id_order: string;
      readonly status_order: OrderStatus;
      readonly refund_status: RefundStatus;
    };

/** A payment as it arrived, before it is known whether it pays its order. */
type ReceivedPayment = Omit<UnappliedPayment, "reason" | "refund_status" | "refunded_at" | "refund_id">;

/**
 * How often a payment decides again after losing a race: an order changes state at most twice
 * (waiting → canceled → paid late by another payment), so the last try always finds it settled.
 */
const CONFIRM_ATTEMPTS = 4;

const alreadyPaid = (orderId: string) => refuse(worded(refusals.alreadyPaid, { orderId }));

const amountMismatch = (order: OrderRecord, payment: Pick<UnappliedPayment, "amount" | "currency">) =>
  refuse(
    worded(refusals.amountMismatch, {
      amount: payment.amount,
      currency: payment.currency,
      orderId: order.id_order,
      orderAmount: order.amount,
      orderCurrency: ORDER_CURRENCY,
    }),
  );

/** The fee rate of an order's sale now: by its seller, then the category it kept (#25). */
const feeRate = (schedule: FeeSchedule | undefined, order: OrderRecord) =>
  schedule === undefined
    ? undefined
    : rateFor(schedule, { sellerId: order.seller_id, categoryId: order.category_id });

/**
 * Payment rules: a waiting order becomes paid once, and its seller's webhook is promised in the same
 * write. A canceled order is paid late if its stock can still be taken; money that cannot pay its order
 * (no stock, another payment, the wrong amount) is recorded beside it for the operator to refund.
 */
export const createPaymentService = (deps: {
  orders: OrderStore;
  payments: PaymentStore;
  unapplied: UnappliedPaymentStore;
  /** Where a key product's sales find their codes. */
  keyCodes: KeyCodeSource;
  dataKey: () => Promise<Buffer>;
  now: Clock;
  random: Randomness;
  /** Where a payment recorded for refund is reported (an error line the operator's alarm counts). */
  logRefundDue?: RefundDueLog;
  /** Counts orders paid, late payments and key-stock deliveries. */
  metrics: MetricsSink;
  /** The marketplace's fee rates (#25); without them no sale is charged a fee. */
  fees?: Pick<FeeStore, "schedule">;
}) => {
  const reportRefundDue = deps.logRefundDue ?? logRefundDue;
  const issuer = createPaidOrderIssuer(deps);

  /** What a payment recorded for refund answers: on its first arrival and on every repeat alike. */
  const answerRecorded = (order: OrderRecord, payment: UnappliedPayment): PaymentAnswer => {
    if (payment.reason === "amount_mismatch") throw amountMismatch(order, payment);
    if (payment.reason === "already_paid") throw alreadyPaid(order.id_order);
    return { id_order: order.id_order, status_order: order.status, refund_status: payment.refund_status };
  };

  /** Records money that paid nothing beside its order, once per provider payment, reports it and answers. */
  const recordUnapplied = async (
    order: OrderRecord,
    received: ReceivedPayment,
    reason: UnappliedReason,
  ): Promise<PaymentAnswer> => {
    const payment: UnappliedPayment = { ...received, reason, refund_status: "due" };
    const result = await deps.unapplied.record(payment);
    if (result.outcome === "exists") return answerRecorded(order, result.existing);
    if (result.outcome === "applied") {
      // This very payment paid the order meanwhile (a repeat of it won the race): nothing to give back.
      if (reason === "amount_mismatch") throw amountMismatch(order, payment);
      return { id_order: order.id_order, status_order: "paid" };
    }
    reportRefundDue(payment);
    // Money for an order already canceled after its 30 minutes came late, whether or not it could pay it.
    if (order.status === "canceled") deps.metrics.count("latePayments");
    return answerRecorded(order, payment);
  };

  /**
   * Confirms payment of an order. Confirming a paid order again with the same payment changes nothing;
   * any payment that cannot pay it is recorded for refund (see the module's rules).
   */
  const confirm = async (input: PaymentConfirmation): Promise<PaymentAnswer> => {
    // The fee schedule is read beside the order, not after it: one round, whatever the order turns out to be.
    const [found, schedule] = isId(input.orderId)
      ? await Promise.all([deps.orders.get(input.orderId), deps.fees?.schedule()])
      : [undefined, undefined];
    let order = found;
    if (!order) throw refuse(worded(refusals.orderIdNotFound, { orderId: input.orderId }));
    const received: ReceivedPayment = {
      order_id: order.id_order,
      payment_id: input.paymentId ?? `manual-${deps.random.uuid()}`,
      payment_system: input.paymentSystem,
      amount: input.taken?.amount ?? order.amount,
      currency: input.taken?.currency ?? ORDER_CURRENCY,
      received_at: deps.now().toISOString(),
    };
    if (received.amount !== order.amount || received.currency !== ORDER_CURRENCY) {
      return recordUnapplied(order, received, "amount_mismatch");
    }
    for (let attempt = 0; attempt < CONFIRM_ATTEMPTS; attempt++) {
      if (order.status === "paid") {
        if (input.paymentId === undefined || order.payment_id === received.payment_id) {
          return { id_order: order.id_order, status_order: "paid" };
        }
        // Another payment for a paid order: that money was taken too.
        return recordUnapplied(order, received, "already_paid");
      }
      const paying = order;
      const payment = { paymentSystem: received.payment_system, paymentId: received.payment_id };
      const rate = feeRate(schedule, paying);
      // A canceled key order paid late takes codes again, chosen among the available ones; any other
      // order is paid with what it holds.
      const outcome =
        paying.key_codes !== undefined && paying.status === "canceled"
          ? await sellCodes(
              { ...deps.keyCodes, random: deps.random },
              paying.product_id,
              paying.quantity,
              async (codeIds) => deps.payments.confirm(await issuer.payment(paying, payment, codeIds, rate)),
            )
          : await deps.payments.confirm(await issuer.payment(paying, payment, undefined, rate));
      if (outcome === "busy") throw refuse(refusals.keyStockBusy);
      if (outcome === "paid") {
        deps.metrics.count("ordersPaid");
        if (paying.status === "canceled") deps.metrics.count("latePayments");
        // A key order's codes were handed over in the payment's write; its e-mail follows from the outbox.
        if (paying.key_codes !== undefined) deps.metrics.delivered("key_stock");
        return { id_order: order.id_order, status_order: "paid" };
      }
      if (outcome === "no_codes") return recordUnapplied(order, received, "insufficient_stock");
      if (outcome === "insufficient_stock" || outcome === "product_unavailable") {
        // Canceled, and its stock cannot be taken again: the buyer paid for what we cannot give.
        return recordUnapplied(order, received, outcome);
      }
      if (outcome === "payment_recorded") {
        const recorded = await deps.unapplied.get(order.id_order, received.payment_id);
        if (recorded) return answerRecorded(order, recorded);
      }
      // Lost a race (the maintenance canceled it, another payment paid it): decide by what it is now.
      const current = await deps.orders.getLatest(order.id_order);
      if (!current) throw new Error(`Order ${order.id_order} disappeared while being paid`);
      order = current;
    }
    throw new Error(`Order ${order.id_order} kept changing while being paid`);
  };

  return {
    confirm,
    /**
     * Applies a verified provider callback: only `succeeded` moves money; other statuses are
     * acknowledged. A payment recorded for refund is acknowledged too (`applied: false` with its refund
     * status), so the provider stops repeating it.
     */
    async applyCallback(callback: PaymentCallback) {
      if (callback.status !== "succeeded") return { order_id: callback.order_id, applied: false };
      const answer = await confirm({
        orderId: callback.order_id,
        paymentSystem: callback.payment_system,
        paymentId: callback.payment_id,
        taken: { amount: callback.amount, currency: callback.currency },
      });
      if ("refund_status" in answer) {
        return {
          order_id: answer.id_order,
          applied: false,
          status_order: answer.status_order,
          refund_status: answer.refund_status,
        };
      }
      return { order_id: answer.id_order, applied: true, status_order: answer.status_order };
    },
  };
};

export type PaymentService = ReturnType<typeof createPaymentService>;

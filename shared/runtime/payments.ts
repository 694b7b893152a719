import { powertoolsMetricsSink } from "../observability/powertools-metrics.js";
import { createPaymentRepository } from "../payments/payment-repository.js";
import { createPaymentService } from "../payments/payment-service.js";
import { createRefundService } from "../payments/refund-service.js";
import { createUnappliedPaymentRepository } from "../payments/unapplied-payment-repository.js";
import { feeStore } from "./fee-store.js";
import { keyCodeSource } from "./key-stock.js";
import { orderStore } from "./order-store.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** Payments the provider took that paid nothing, kept for the operator to refund. */
const unappliedPayments = () => createUnappliedPaymentRepository(tableClient(), tableName());

/** Payment confirmation: paid order, delivery token and the seller's webhook in one write. */
export const paymentService = () =>
  createPaymentService({
    metrics: powertoolsMetricsSink,
    orders: orderStore(),
    fees: feeStore(),
    payments: createPaymentRepository(tableClient(), tableName()),
    unapplied: unappliedPayments(),
    keyCodes: keyCodeSource(),
    dataKey,
    ...clockAndRandomness,
  });

/** The operator's refunds of payments that paid nothing. */
export const refundService = () =>
  createRefundService({ unapplied: unappliedPayments(), ...clockAndRandomness });

import { createPaymentRepository } from "../payments/payment-repository.js";
import { createPaymentService } from "../payments/payment-service.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, orderStore, tableClient, tableName } from "./table.js";

/** Payment confirmation: paid order, delivery token and the seller's webhook in one write. */
export const paymentService = () =>
  createPaymentService({
    orders: orderStore(),
    payments: createPaymentRepository(tableClient(), tableName()),
    dataKey,
    ...clockAndRandomness,
  });

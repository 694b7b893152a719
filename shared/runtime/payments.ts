import { createPaymentRepository } from "../payments/payment-repository.js";
import { createPaymentService } from "../payments/payment-service.js";
import { orderStore } from "./order-store.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** Payment confirmation: paid order, delivery token and the seller's webhook in one write. */
export const paymentService = () =>
  createPaymentService({
    orders: orderStore(),
    payments: createPaymentRepository(tableClient(), tableName()),
    dataKey,
    ...clockAndRandomness,
  });

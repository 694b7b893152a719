import { createOrderWebhookAttempts } from "../webhooks/order-webhook-attempts.js";
import { createWebhookRepository } from "../webhooks/webhook-repository.js";
import { orderStore } from "./order-store.js";
import { tableClient, tableName } from "./table.js";

/**
 * The seller's view of an order's webhook attempts (an extension of v1). Apart from the webhook worker's
 * root (`webhooks.ts`), so the API functions carry no SQS client, and from the test webhook's
 * (`test-webhooks.ts`), so the seller function carries no order repository.
 */

/** The webhook attempts of a seller's order. */
export const orderWebhookAttempts = () =>
  createOrderWebhookAttempts({
    orders: orderStore(),
    attempts: createWebhookRepository(tableClient(), tableName()),
  });

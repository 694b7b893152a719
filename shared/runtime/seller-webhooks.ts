import { optionalEnv, requireEnv } from "../config/environment.js";
import { createOrderWebhookAttempts } from "../webhooks/order-webhook-attempts.js";
import { createTestWebhook } from "../webhooks/test-webhook.js";
import { postWebhook } from "../webhooks/webhook-client.js";
import { createWebhookRepository } from "../webhooks/webhook-repository.js";
import { accountStore } from "./account-store.js";
import { orderStore } from "./order-store.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/**
 * The seller's side of webhooks (extensions of v1): an order's recorded attempts and a signed test call.
 * Apart from the webhook worker's root (`webhooks.ts`), so the API functions carry no SQS client.
 */

/** The webhook attempts of a seller's order. */
export const orderWebhookAttempts = () =>
  createOrderWebhookAttempts({
    orders: orderStore(),
    attempts: createWebhookRepository(tableClient(), tableName()),
  });

/** A signed test webhook to the seller's api_url; loopback targets are allowed only in the local stack, as for real ones. */
export const testWebhook = () =>
  createTestWebhook({
    accounts: accountStore(),
    dataKey,
    post: (url, body, headers) =>
      postWebhook(url, body, headers, { allowLoopback: optionalEnv("LOCAL_MODE") === "true" }),
    publicBaseUrl: requireEnv("PUBLIC_BASE_URL"),
    ...clockAndRandomness,
  });

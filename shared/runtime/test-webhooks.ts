import { optionalEnv, requireEnv } from "../config/environment.js";
import { createTestWebhook } from "../webhooks/test-webhook.js";
import { testWebhookLimit } from "../webhooks/test-webhook-limit.js";
import { postWebhook } from "../webhooks/webhook-client.js";
import { accountStore } from "./account-store.js";
import { rateLimiter } from "./rate-limiter.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness } from "./table.js";

/**
 * The seller's signed test webhook (an extension of v1). A root of its own, apart from the order
 * webhook attempts' (`seller-webhooks.ts`), so the seller function carries no order repository or
 * order record schemas.
 */

/**
 * A signed test webhook to the seller's api_url; loopback targets are allowed only in the local stack, as
 * for real ones. WEBHOOK_TEST_LIMIT_PER_SELLER (test webhooks per minute) is read on first use; a bad
 * value fails with the variable's name.
 */
export const testWebhook = () =>
  createTestWebhook({
    accounts: accountStore(),
    limiter: rateLimiter(),
    limit: testWebhookLimit("WEBHOOK_TEST_LIMIT_PER_SELLER", optionalEnv("WEBHOOK_TEST_LIMIT_PER_SELLER")),
    dataKey,
    post: (url, body, headers) =>
      postWebhook(url, body, headers, { allowLoopback: optionalEnv("LOCAL_MODE") === "true" }),
    publicBaseUrl: requireEnv("PUBLIC_BASE_URL"),
    ...clockAndRandomness,
  });

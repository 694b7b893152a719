import { optionalEnv, requireEnv } from "../config/environment.js";
import { createTestWebhook } from "../webhooks/test-webhook.js";
import { postWebhook } from "../webhooks/webhook-client.js";
import { accountStore } from "./account-store.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness } from "./table.js";

/**
 * The seller's signed test webhook (an extension of v1). A root of its own, apart from the order
 * webhook attempts' (`seller-webhooks.ts`), so the seller function carries no order repository or
 * order record schemas.
 */

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

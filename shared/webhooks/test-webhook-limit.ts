import type { RateLimit } from "../limits/rate-limiter.js";
import { limitFromEnv } from "../limits/window-limit.js";

/**
 * The test webhook's abuse limit: each call may hold a function for the webhook timeout (5 s) on a
 * receiver that never answers, so a seller's calls are counted in fixed one-minute windows.
 */

/** The name of its windows among the service's limits (the partition `LIMIT#WEBHOOK_TEST#seller#<id>`). */
export const TEST_WEBHOOK_LIMIT_NAME = "WEBHOOK_TEST#seller";

/**
 * Test webhooks per seller per minute: enough to fix a receiver and try again every dozen seconds, or
 * for a CI check; at most 5 × 5 s of one seller's calls held open per minute.
 */
export const DEFAULT_TEST_WEBHOOKS_PER_SELLER = 5;
const WINDOW_SECONDS = 60;

/** The limit from its variable (whole test webhooks per minute, at least 1); unset is the default. */
export const testWebhookLimit = (name: string, raw: string | undefined): RateLimit => ({
  name: TEST_WEBHOOK_LIMIT_NAME,
  ...limitFromEnv(name, raw, DEFAULT_TEST_WEBHOOKS_PER_SELLER, "test webhooks per minute", WINDOW_SECONDS),
});

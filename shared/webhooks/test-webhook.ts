import type { AccountStore } from "../accounts/account-repository.js";
import { sampleDeliveryToken } from "../delivery/delivery-token.js";
import { deliveryUrl } from "../delivery/delivery-url.js";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { newId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import type { RateLimit, RateLimiter } from "../limits/rate-limiter.js";
import { open } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import * as z from "../validation/zod-mini.js";
import { signingSecretsOf, standardWebhookHeaders } from "./standard-signature.js";
import type { WebhookCallResult } from "./webhook-client.js";
import { webhookSignature } from "./webhook-signature.js";

/** POST /api/v1/seller/webhook-test answers this (an extension): how the call to the seller's api_url went. */
export const testWebhookAnswerSchema = z.strictObject({
  /** `test-<id>`: no order has it, so a receiver can tell a test from a sale. */
  id_order: z.string(),
  /** The origin called; never the api_url's path or query. */
  target: z.string(),
  outcome: z.enum(["delivered", "failed", "refused"]),
  http_status: z.nullable(z.int()),
  error: z.nullable(z.string()),
  duration_ms: z.int(),
});
export type TestWebhookAnswer = z.infer<typeof testWebhookAnswerSchema>;

const originOf = (target: string): string => {
  try {
    return new URL(target).origin;
  } catch {
    return "";
  }
};

/** The outcome words the recorded attempts use: a 2xx delivers, an address the guard refused is refused. */
const outcomeOf = (result: WebhookCallResult): TestWebhookAnswer["outcome"] => {
  if ("status" in result) return result.status >= 200 && result.status < 300 ? "delivered" : "failed";
  return result.error.startsWith("Refused") ? "refused" : "failed";
};

/**
 * A signed sample of the payment webhook, sent on the seller's request to its own api_url through the
 * same SSRF-guarded client and headers as a real one: the spec's payload, `id_order` "test-<id>", the
 * spec's signature with the seller's key, and a well-formed token that names no order (its delivery URL
 * answers 404 "Order not found"). Nothing is recorded or queued; the answer is the outcome. Each
 * seller's calls are limited per window (`limit`), so one seller cannot hold many functions open on a
 * receiver that never answers.
 */
export const createTestWebhook = (deps: {
  accounts: Pick<AccountStore, "findById">;
  limiter: RateLimiter;
  /** The seller's calls per window (`TEST_WEBHOOK_LIMIT_NAME`). */
  limit: RateLimit;
  dataKey: () => Promise<Buffer>;
  post: (url: string, body: string, headers: Record<string, string>) => Promise<WebhookCallResult>;
  /** The API's public root; the sample's delivery URL is built on it, as a real one is. */
  publicBaseUrl: string;
  now: Clock;
  random: Randomness;
}) => ({
  /**
   * Calls the seller's api_url once with a signed sample; refused when the seller's window is full (429,
   * before anything is called) or it has no api_url. Every call counts, a refused one too.
   */
  async send(sellerId: number): Promise<TestWebhookAnswer> {
    // Counted beside the account read, not after it: the limit adds no round trip.
    const [allowance, account] = await Promise.all([
      deps.limiter.take(deps.limit, String(sellerId)),
      deps.accounts.findById(sellerId),
    ]);
    if (!allowance.granted)
      throw refuse(refusals.tooManyRequests, { retryAfterSeconds: allowance.retryAfterSeconds });
    if (!account) throw refuse(refusals.sellerNotFound);
    if (!account.api_url) throw refuse(refusals.noApiUrl);
    const started = deps.now();
    const orderId = `test-${newId(started.getTime())}`;
    const token = sampleDeliveryToken(deps.random);
    const key = await deps.dataKey();
    const payload = {
      id_order: orderId,
      id_product: "test",
      payment_status: "paid",
      signature: webhookSignature(open(key, account.api_key_sealed), orderId),
      delivery_url: deliveryUrl(deps.publicBaseUrl, token),
      token,
    };
    const body = JSON.stringify(payload);
    // Signed as a real one is, so a receiver's Standard Webhooks check is tried too.
    const result = await deps.post(account.api_url, body, {
      "x-webhook-id": orderId,
      ...standardWebhookHeaders(signingSecretsOf(account, key, started), orderId, started, body),
      "x-webhook-test": "1",
      "user-agent": "Marketplace-Webhooks/1.0",
    });
    return {
      id_order: orderId,
      target: originOf(account.api_url),
      outcome: outcomeOf(result),
      http_status: "status" in result ? result.status : null,
      error: "error" in result ? result.error : null,
      duration_ms: deps.now().getTime() - started.getTime(),
    };
  },
});

export type TestWebhook = ReturnType<typeof createTestWebhook>;

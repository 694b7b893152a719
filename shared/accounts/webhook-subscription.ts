import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/**
 * The webhook events a seller may opt into, beyond the payment webhook (always sent, as the spec says).
 * Their body is `{type, timestamp, data}` (`shared/webhooks/seller-events.ts` builds each).
 */
export const SELLER_EVENT_TYPES = [
  "order.canceled",
  "dispute.opened",
  "dispute.closed",
  "chat.message",
  "key_stock.low",
  "key_stock.empty",
] as const;
export type SellerEventType = (typeof SELLER_EVENT_TYPES)[number];

/** Below how many available codes a key product is "low" when the seller has set nothing. */
export const DEFAULT_KEY_STOCK_LOW_THRESHOLD = 10;
/** The highest threshold a seller may set: the most codes one upload can bring is far below it. */
export const MAX_KEY_STOCK_LOW_THRESHOLD = 100_000;

/** A seller's subscriptions as stored on the account item and as the API shows them. */
export interface WebhookSubscription {
  readonly events: readonly SellerEventType[];
  readonly key_stock_low_threshold: number;
}

const thresholdRefusal = refusals.wholeNumber.message({
  name: "key_stock_low_threshold",
  min: 1,
  max: MAX_KEY_STOCK_LOW_THRESHOLD,
});

/** POST /api/v1/seller/webhook-events (an extension): the whole list of events wanted, and the threshold. */
export const webhookSubscriptionBodySchema = z.strictObject({
  events: z
    .array(z.enum(SELLER_EVENT_TYPES, { error: refusals.webhookEventTypes.message }), {
      error: refusals.webhookEventTypes.message,
    })
    .check(
      z.maxLength(SELLER_EVENT_TYPES.length, refusals.webhookEventTypes.message),
      z.describe("Every event type wanted, each once; [] for none"),
    ),
  key_stock_low_threshold: z.optional(
    z
      .int({ error: thresholdRefusal })
      .check(
        z.minimum(1, thresholdRefusal),
        z.maximum(MAX_KEY_STOCK_LOW_THRESHOLD, thresholdRefusal),
        z.describe(
          `key_stock.low is sent when a key product's available codes fall below this (default ${DEFAULT_KEY_STOCK_LOW_THRESHOLD})`,
        ),
      ),
  ),
});
export type WebhookSubscriptionBody = z.infer<typeof webhookSubscriptionBodySchema>;

/** The subscription an account holds: nothing and the default threshold until the seller sets one. */
export const subscriptionOf = (account: {
  readonly webhook_events?: unknown;
  readonly key_stock_low_threshold?: number | undefined;
}): WebhookSubscription => ({
  // Listed in the catalogue's order whatever order they were sent in, each once; anything else ignored.
  events: SELLER_EVENT_TYPES.filter(
    (type) => Array.isArray(account.webhook_events) && account.webhook_events.includes(type),
  ),
  key_stock_low_threshold: account.key_stock_low_threshold ?? DEFAULT_KEY_STOCK_LOW_THRESHOLD,
});

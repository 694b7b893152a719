import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { AccountStore } from "./account-repository.js";
import {
  SELLER_EVENT_TYPES,
  subscriptionOf,
  type WebhookSubscription,
  type WebhookSubscriptionBody,
} from "./webhook-subscription.js";

/** A seller's subscription as GET and POST /api/v1/seller/webhook-events answer it, with every type offered. */
export interface WebhookSubscriptionView extends WebhookSubscription {
  readonly available: readonly string[];
}

const viewOf = (subscription: WebhookSubscription): WebhookSubscriptionView => ({
  ...subscription,
  available: SELLER_EVENT_TYPES,
});

/** The webhook events a seller opted into (an extension): read them, replace them. */
export const createWebhookSubscriptionService = (deps: {
  store: Pick<AccountStore, "findById" | "updateProfile">;
}) => ({
  /** The caller's subscription: the events it gets beside the payment webhook, and the low-stock threshold. */
  async view(accountId: number): Promise<WebhookSubscriptionView> {
    const account = await deps.store.findById(accountId);
    if (!account) throw refuse(refusals.sellerNotFound);
    return viewOf(subscriptionOf(account));
  },

  /** Replaces the list of events (the threshold only when given); the answer is the subscription now. */
  async update(accountId: number, body: WebhookSubscriptionBody): Promise<WebhookSubscriptionView> {
    const updated = await deps.store.updateProfile(accountId, {
      webhook_events: subscriptionOf({ webhook_events: body.events }).events.slice(),
      ...(body.key_stock_low_threshold === undefined
        ? {}
        : { key_stock_low_threshold: body.key_stock_low_threshold }),
    });
    if (!updated) throw refuse(refusals.sellerNotFound);
    return viewOf(subscriptionOf(updated));
  },
});

export type WebhookSubscriptionService = ReturnType<typeof createWebhookSubscriptionService>;

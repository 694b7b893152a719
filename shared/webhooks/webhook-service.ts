import type { AccountStore } from "../accounts/account-repository.js";
import { deliveryUrl } from "../delivery/delivery-url.js";
import * as refusals from "../errors/refusals.js";
import type { Randomness } from "../ids/randomness.js";
import type { OrderStore } from "../orders/order-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import type { WebhookJob } from "../queue/queue-messages.js";
import { open } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import { signingSecretsOf, standardWebhookHeaders } from "./standard-signature.js";
import type { WebhookCallResult } from "./webhook-client.js";
import type { WebhookAttempt, WebhookStore } from "./webhook-repository.js";
import { webhookSignature } from "./webhook-signature.js";

/** The webhook did not get through this time; the job goes back to its queue for a later attempt. */
export class WebhookAttemptFailed extends Error {}

/** Payment webhooks: signed, recorded attempt by attempt, and sent until one gets a 2xx. */
export const createWebhookService = (deps: {
  orders: OrderStore;
  products: ProductStore;
  accounts: AccountStore;
  attempts: WebhookStore;
  dataKey: () => Promise<Buffer>;
  post: (url: string, body: string, headers: Record<string, string>) => Promise<WebhookCallResult>;
  /** The API's public root; delivery URLs are built on it. */
  publicBaseUrl: string;
  now: Clock;
  random: Randomness;
}) => {
  const { now } = deps;

  const record = async (orderId: string, attempt: WebhookAttempt) =>
    deps.attempts.record(orderId, deps.random.uuid(), attempt);

  return {
    /** Sends an order's payment webhook once more; returns quietly if it already got through. */
    async send(
      job: WebhookJob,
      attemptNumber: number,
    ): Promise<"delivered" | "already_delivered" | "no_target"> {
      const order = await deps.orders.get(job.order_id);
      if (!order) throw new WebhookAttemptFailed(refusals.orderIdNotFound.message({ orderId: job.order_id }));
      // At-least-once queues may hand a job twice; the seller gets one successful call.
      if (order.webhook_delivered_at) return "already_delivered";
      // Where the order is filed among its seller's orders by stage: an attempt that fails moves it to
      // webhook_failing, the webhook's success back to undelivered (each conditional on its state then).
      const filed = {
        orderId: order.id_order,
        sellerId: order.seller_id,
        paidAt: order.paid_at ?? order.created_at,
      };
      const account = await deps.accounts.findById(order.seller_id);
      if (!account)
        throw new WebhookAttemptFailed(refusals.sellerIdNotFound.message({ sellerId: order.seller_id }));
      const product = await deps.products.get(order.product_id);
      const target = product?.api_url || account.api_url;
      const started = now();
      // A key product's order was delivered with its codes already: without a target there is nothing
      // the seller must do, so nothing to record as refused.
      if (!target && order.key_codes !== undefined) return "no_target";
      if (!target) {
        await record(order.id_order, {
          event_id: job.event_id,
          attempt: attemptNumber,
          at: started.toISOString(),
          target: "",
          outcome: "refused",
          error: "No api_url is set on the product or the seller",
          duration_ms: 0,
        });
        await deps.attempts.markFailing(filed);
        // Nothing to retry against: the seller delivers through the delivery URL it can read
        // (GET /api/v1/orders/delivery-url/{id}), or sets an api_url and has an operator re-drive it.
        return "no_target";
      }
      const key = await deps.dataKey();
      const token = open(key, job.token_sealed);
      const payload = {
        id_order: order.id_order,
        id_product: order.product_id,
        payment_status: "paid",
        signature: webhookSignature(open(key, account.api_key_sealed), order.id_order),
        delivery_url: deliveryUrl(deps.publicBaseUrl, token),
        token,
      };
      const body = JSON.stringify(payload);
      // Standard Webhooks headers beside the spec's signature field: the body and the time signed under
      // the seller's secret (none on an account made before there were secrets: id and time only).
      const result = await deps.post(target, body, {
        "x-webhook-id": job.event_id,
        ...standardWebhookHeaders(signingSecretsOf(account, key, started), job.event_id, started, body),
        "user-agent": "Marketplace-Webhooks/1.0",
      });
      const duration = now().getTime() - started.getTime();
      const ok = "status" in result && result.status >= 200 && result.status < 300;
      await record(order.id_order, {
        event_id: job.event_id,
        attempt: attemptNumber,
        at: started.toISOString(),
        target: new URL(target).origin,
        outcome: ok
          ? "delivered"
          : "error" in result && result.error.startsWith("Refused")
            ? "refused"
            : "failed",
        ...("status" in result ? { http_status: result.status } : { error: result.error }),
        duration_ms: duration,
      });
      if (!ok) {
        await deps.attempts.markFailing(filed);
        throw new WebhookAttemptFailed("status" in result ? `HTTP ${result.status}` : result.error);
      }
      await deps.attempts.markDelivered(filed, job.event_id, now().toISOString());
      return "delivered";
    },

    /** Every attempt for an order, oldest first. */
    attempts: (orderId: string) => deps.attempts.list(orderId),
  };
};

export type WebhookService = ReturnType<typeof createWebhookService>;

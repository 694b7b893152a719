import type { AccountStore } from "../accounts/account-repository.js";
import { subscriptionOf } from "../accounts/webhook-subscription.js";
import type { ChatMessageRecord } from "../chat/chat-message.js";
import type { ChatStore } from "../chat/chat-repository.js";
import type { Randomness } from "../ids/randomness.js";
import type { OrderStore } from "../orders/order-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import type { SellerEventFact, SellerEventJob } from "../queue/seller-event-job.js";
import { open } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import type { EventAttempt, EventAttemptStore } from "./event-attempt-repository.js";
import type { SellerEventBody } from "./seller-event-payloads.js";
import { signingSecretsOf, standardWebhookHeaders } from "./standard-signature.js";
import type { WebhookCallResult } from "./webhook-client.js";
import { WebhookAttemptFailed } from "./webhook-service.js";
import { webhookSignature } from "./webhook-signature.js";

/** How a job for an event ended: sent, or why nothing was (none of these is retried). */
export type SellerEventOutcome = "delivered" | "not_subscribed" | "not_crossing" | "no_target" | "gone";

/** The seller and product an event is about, and the buyer's message of a chat.message, as read when it is sent. */
interface Subject {
  readonly sellerId: number;
  readonly productId: string;
  readonly message?: ChatMessageRecord;
}

const subjectOf = async (
  fact: SellerEventFact,
  orders: OrderStore,
  chats: Pick<ChatStore, "range">,
): Promise<Subject | undefined> => {
  if (fact.type !== "chat.message") return { sellerId: fact.seller_id, productId: fact.id_product };
  // A chat message names its order only: the seller and product are the order's. A message is never
  // changed once written, so every retry reads the same text.
  const order = await orders.get(fact.id_order);
  const [message] = await chats.range(fact.id_order, fact.position, fact.position, "seller");
  return order && message?.type_user === "buyer"
    ? { sellerId: order.seller_id, productId: order.product_id, message }
    : undefined;
};

/** The body the seller gets: made from the fact and the account alone, so a retry sends the same bytes. */
const bodyOf = (fact: SellerEventFact, subject: Subject, apiKey: () => string): SellerEventBody => {
  const order = (orderId: string) => ({
    id_order: orderId,
    id_product: subject.productId,
    signature: webhookSignature(apiKey(), orderId),
  });
  const at = { type: fact.type, timestamp: fact.at };
  switch (fact.type) {
    case "order.canceled":
    case "dispute.opened":
    case "dispute.closed":
      return { ...at, data: order(fact.id_order) };
    case "chat.message": {
      const { signature, ...ids } = order(fact.id_order);
      // subjectOf read it, or there is no subject to send to.
      if (!subject.message) throw new Error(`chat.message of ${fact.id_order} without its message`);
      const { message_id, message } = subject.message;
      return { ...at, data: { ...ids, message_id, message, signature } };
    }
    case "key_stock.low":
      return { ...at, data: { id_product: fact.id_product, available: fact.available } };
    case "key_stock.empty":
      return { ...at, data: { id_product: fact.id_product, available: 0 } };
  }
};

/**
 * The events a seller opted into (#23): decided when sent (a seller who unsubscribes stops getting them,
 * retries included), signed like the payment webhook, recorded attempt by attempt under the seller and
 * sent until one gets a 2xx.
 */
export const createSellerEventService = (deps: {
  orders: OrderStore;
  products: ProductStore;
  chats: Pick<ChatStore, "range">;
  accounts: Pick<AccountStore, "findById">;
  attempts: EventAttemptStore;
  dataKey: () => Promise<Buffer>;
  post: (url: string, body: string, headers: Record<string, string>) => Promise<WebhookCallResult>;
  now: Clock;
  random: Randomness;
}) => {
  const { now } = deps;

  return {
    /** Sends one event once more, if its seller still wants it; throws WebhookAttemptFailed to be retried. */
    async send(job: SellerEventJob, attemptNumber: number): Promise<SellerEventOutcome> {
      const { fact } = job;
      const subject = await subjectOf(fact, deps.orders, deps.chats);
      if (!subject) return "gone";
      const account = await deps.accounts.findById(subject.sellerId);
      if (!account) return "gone";
      const subscription = subscriptionOf(account);
      if (!subscription.events.includes(fact.type)) return "not_subscribed";
      // Low once per crossing: the fall that took the codes from the threshold or more to fewer.
      const threshold = subscription.key_stock_low_threshold;
      if (fact.type === "key_stock.low" && !(fact.before >= threshold && fact.available < threshold))
        return "not_crossing";
      const product = await deps.products.get(subject.productId);
      const target = product?.api_url || account.api_url;
      const started = now();
      const record = (attempt: Omit<EventAttempt, "event_id" | "type" | "attempt" | "at" | "job">) =>
        deps.attempts.record(subject.sellerId, deps.random.uuid(), {
          event_id: job.event_id,
          type: fact.type,
          attempt: attemptNumber,
          at: started.toISOString(),
          job,
          ...attempt,
        });
      if (!target) {
        await record({
          target: "",
          outcome: "refused",
          error: "No api_url is set on the product or the seller",
          duration_ms: 0,
        });
        return "no_target";
      }
      const key = await deps.dataKey();
      const body = JSON.stringify(bodyOf(fact, subject, () => open(key, account.api_key_sealed)));
      const result = await deps.post(target, body, {
        "x-webhook-id": job.event_id,
        ...standardWebhookHeaders(signingSecretsOf(account, key, started), job.event_id, started, body),
        "user-agent": "Marketplace-Webhooks/1.0",
      });
      const ok = "status" in result && result.status >= 200 && result.status < 300;
      await record({
        target: new URL(target).origin,
        outcome: ok
          ? "delivered"
          : "error" in result && result.error.startsWith("Refused")
            ? "refused"
            : "failed",
        ...("status" in result ? { http_status: result.status } : { error: result.error }),
        duration_ms: now().getTime() - started.getTime(),
      });
      if (!ok) throw new WebhookAttemptFailed("status" in result ? `HTTP ${result.status}` : result.error);
      return "delivered";
    },
  };
};

export type SellerEventService = ReturnType<typeof createSellerEventService>;

import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { OrderStore } from "../orders/order-repository.js";
import { dateTime } from "../time/formats.js";
import * as z from "../validation/zod-mini.js";
import type { WebhookAttempt, WebhookStore } from "./webhook-repository.js";

/** One line of GET /api/v1/orders/webhooks/{id} (an extension): a recorded attempt, as its seller sees it. */
export const sellerWebhookAttemptSchema = z.strictObject({
  attempt: z.int(),
  /** When the attempt started, `YYYY-MM-DD HH:MM:SS` UTC (v1's date-time shape). */
  at: z.string(),
  /** The origin called (scheme, host, port): never the path or query, which may carry the seller's secrets. */
  target: z.string(),
  outcome: z.enum(["delivered", "failed", "refused"]),
  http_status: z.nullable(z.int()),
  error: z.nullable(z.string()),
  duration_ms: z.int(),
});
export type SellerWebhookAttempt = z.infer<typeof sellerWebhookAttemptSchema>;

const view = (attempt: WebhookAttempt): SellerWebhookAttempt => ({
  attempt: attempt.attempt,
  at: dateTime(new Date(attempt.at)),
  target: attempt.target,
  outcome: attempt.outcome,
  http_status: attempt.http_status ?? null,
  error: attempt.error ?? null,
  duration_ms: attempt.duration_ms,
});

/** The webhook attempts of an order, for its seller only. */
export const createOrderWebhookAttempts = (deps: {
  orders: OrderStore;
  attempts: Pick<WebhookStore, "list">;
}) => ({
  /** Every recorded attempt of the caller's order, oldest first; another seller's order is a missing one. */
  async forSeller(sellerId: number, orderId: string): Promise<SellerWebhookAttempt[]> {
    const order = isId(orderId) ? await deps.orders.get(orderId) : undefined;
    if (!order || order.seller_id !== sellerId) throw refuse(refusals.sellerOrderNotFound);
    return (await deps.attempts.list(order.id_order)).map(view);
  },
});

import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { OrderStore } from "../orders/order-repository.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import type { WebhookJob } from "../queue/queue-messages.js";

/** The operator's re-drive: one more round of webhook attempts for an order whose webhook never got through. */
export const createWebhookRedrive = (deps: {
  orders: OrderStore;
  outboxEvent: (eventId: string) => Promise<OutboxEvent | undefined>;
  removeFromDeadLetter: (orderId: string) => Promise<number>;
  enqueue: (job: WebhookJob) => Promise<void>;
}) => ({
  /** Takes the order's webhook out of the dead-letter queue (if there) and queues it afresh. */
  async redrive(orderId: string) {
    const order = isId(orderId) ? await deps.orders.get(orderId) : undefined;
    if (!order) throw refuse(worded(refusals.orderIdNotFound, { orderId }));
    if (order.status !== "paid" || !order.webhook_event_id)
      throw refuse(worded(refusals.orderIdNotPaid, { orderId }));
    if (order.webhook_delivered_at) throw refuse(worded(refusals.webhookAlreadyDelivered, { orderId }));
    const event = await deps.outboxEvent(order.webhook_event_id);
    if (event?.type !== "payment_confirmed") {
      throw refuse(worded(refusals.webhookEventExpired, { orderId }));
    }
    const removed = await deps.removeFromDeadLetter(orderId);
    await deps.enqueue({
      event_id: event.event_id,
      order_id: event.order_id,
      token_sealed: event.token_sealed,
    });
    return { id_order: orderId, redriven: true, removed_from_dead_letter: removed };
  },
});

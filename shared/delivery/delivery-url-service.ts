import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { OrderRecord } from "../orders/order.js";
import type { OrderStore } from "../orders/order-repository.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import { open } from "../secrets/sealed-box.js";
import * as z from "../validation/zod-mini.js";
import type { DeliveryStore } from "./delivery-repository.js";
import { deliveryUrl } from "./delivery-url.js";

/** GET /api/v1/orders/delivery-url/{id} answers this (an extension): what the webhook would have carried. */
export const deliveryUrlAnswerSchema = z.strictObject({
  id_order: z.string(),
  delivery_url: z.string(),
  token: z.string(),
});
export type DeliveryUrlAnswer = z.infer<typeof deliveryUrlAnswerSchema>;

/**
 * The delivery URL of a paid, undelivered order, for its seller: so a seller without a webhook receiver
 * (or whose receiver was down) can still deliver. The token is the one the webhook carries; it is
 * single-use, and delivery spends it like any other.
 */
export const createDeliveryUrlService = (deps: {
  orders: OrderStore;
  deliveries: Pick<DeliveryStore, "sealedToken">;
  /** The webhook's outbox event while it is retained (7 days): orders paid before the order kept the token. */
  outboxEvent: (eventId: string) => Promise<OutboxEvent | undefined>;
  dataKey: () => Promise<Buffer>;
  /** The API's public root; delivery URLs are built on it, as the webhook builds them. */
  publicBaseUrl: string;
}) => {
  const sealedFromOutbox = async (order: OrderRecord): Promise<string | undefined> => {
    if (!order.webhook_event_id) return undefined;
    const event = await deps.outboxEvent(order.webhook_event_id);
    return event?.type === "payment_confirmed" ? event.token_sealed : undefined;
  };

  return {
    /** The caller's own paid order's delivery URL and token; anything else is refused without a hint. */
    async forSeller(sellerId: number, orderId: string): Promise<DeliveryUrlAnswer> {
      const order = isId(orderId) ? await deps.orders.get(orderId) : undefined;
      if (!order || order.seller_id !== sellerId) throw refuse(refusals.sellerOrderNotFound);
      if (order.delivered) throw refuse(refusals.orderAlreadyDelivered);
      if (order.status !== "paid") throw refuse(refusals.orderNotPaid);
      const sealed = (await deps.deliveries.sealedToken(order.id_order)) ?? (await sealedFromOutbox(order));
      if (!sealed) throw refuse(refusals.deliveryUrlGone);
      const token = open(await deps.dataKey(), sealed);
      return { id_order: order.id_order, delivery_url: deliveryUrl(deps.publicBaseUrl, token), token };
    },
  };
};

export type DeliveryUrlService = ReturnType<typeof createDeliveryUrlService>;

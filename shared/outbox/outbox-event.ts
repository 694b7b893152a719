import * as z from "../validation/zod-mini.js";

/** Events the service promises to act on after a commit; the table's stream delivers them to a queue. */
export const outboxEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("payment_confirmed"),
    event_id: z.string(),
    order_id: z.string(),
    /** The delivery token, sealed: the webhook must carry it, the table must not hold it readable. */
    token_sealed: z.string(),
  }),
  z.object({ type: z.literal("order_delivered"), event_id: z.string(), order_id: z.string() }),
  /** A gift was bought: its code goes to the buyer by e-mail. */
  z.object({ type: z.literal("gift_issued"), event_id: z.string(), order_id: z.string() }),
]);
export type OutboxEvent = z.infer<typeof outboxEventSchema>;

/** How long an outbox item stays in the table after it was written (TTL); long enough to re-drive. */
export const OUTBOX_RETENTION_SECONDS = 7 * 24 * 3600;

/** The queue an event belongs on. */
export const queueOf = (event: OutboxEvent): "webhooks" | "emails" =>
  event.type === "payment_confirmed" ? "webhooks" : "emails";

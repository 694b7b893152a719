import * as z from "../validation/zod-mini.js";

const orderFact = {
  seller_id: z.number().check(z.int()),
  id_order: z.string(),
  id_product: z.string(),
  /** When it happened (ISO 8601), from the order as written. */
  at: z.string(),
};

/**
 * What happened, as the table's stream saw it, that a seller may have opted into (#23). The outbox
 * forwarder reads it off the changed item's old and new images; the webhook sender decides whether the
 * seller wants it and builds the event's body from it (and what it names, which does not change), so
 * every retry sends the same body. Ids, numbers and times only: nothing a queue could refuse.
 */
export const sellerEventFactSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("order.canceled"), ...orderFact }),
  z.object({ type: z.literal("dispute.opened"), ...orderFact }),
  z.object({ type: z.literal("dispute.closed"), ...orderFact }),
  /**
   * The buyer's message, by its place in the chat: the sender reads the text (never in a job: a queue
   * refuses some characters a buyer may write) and, off the order, the seller (the chat item names none).
   */
  z.object({
    type: z.literal("chat.message"),
    id_order: z.string(),
    position: z.number().check(z.int()),
    at: z.string(),
  }),
  /** A key product's available codes went down: "low" if they crossed the seller's threshold (the sender knows it). */
  z.object({
    type: z.literal("key_stock.low"),
    seller_id: z.number().check(z.int()),
    id_product: z.string(),
    before: z.number().check(z.int()),
    available: z.number().check(z.int()),
    at: z.string(),
  }),
  z.object({
    type: z.literal("key_stock.empty"),
    seller_id: z.number().check(z.int()),
    id_product: z.string(),
    at: z.string(),
  }),
]);
export type SellerEventFact = z.infer<typeof sellerEventFactSchema>;

/** A webhook job for an event a seller may have opted into: its id (the same on every retry) and the fact. */
export const sellerEventJobSchema = z.object({
  event_id: z.string().check(z.minLength(1)),
  fact: sellerEventFactSchema,
});
export type SellerEventJob = z.infer<typeof sellerEventJobSchema>;

import * as z from "zod";

/** v1 order states: `wait` (stock reserved) → `paid` or `canceled` (unpaid past its expiry). */
export const orderStatuses = ["wait", "paid", "canceled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order as stored. The buyer's e-mail is kept for delivery and never leaves through a seller API. */
export const orderRecordSchema = z.object({
  id_order: z.string(),
  /** The marketplace-wide sequence number older orders carry; new orders have none (see `id` in the detail). */
  number: z.number().int().optional(),
  seller_id: z.number().int(),
  product_id: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  amount: z.number().int(),
  status: z.enum(orderStatuses),
  buyer_email: z.string(),
  buyer_type: z.enum(["guest", "registered"]),
  buyer_account_id: z.number().int().optional(),
  guest_id: z.string(),
  payment_system: z.string(),
  payment_id: z.string().optional(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().optional(),
  canceled_at: z.string().optional(),
  delivered: z.boolean(),
  delivered_at: z.string().optional(),
  delivery_text: z.string().optional(),
  delivery_download: z.string().optional(),
  webhook_event_id: z.string().optional(),
  webhook_delivered_at: z.string().optional(),
  email_sent_at: z.string().optional(),
  /** Where the order came from: a reseller's balance (v2), or the storefront when absent. */
  channel: z.enum(["storefront", "reseller"]).optional(),
  /** 1 when delivery is automatic through the seller's webhook (always 1 for reseller orders). */
  h2h: z.union([z.literal(0), z.literal(1)]).optional(),
  /** The buyer's comment for the seller, stored only after it passed the product's rules. */
  comment: z.string().optional(),
  /** 1 for a gift purchase (POST /gift); its code is the buyer's, shown only to the buyer. */
  gift: z.union([z.literal(0), z.literal(1)]).optional(),
  gift_code: z.string().optional(),
  gift_email_sent_at: z.string().optional(),
  /** An open dispute keeps the order `paid` underneath; v2 shows it as `dispute`. */
  dispute_open: z.boolean().optional(),
  dispute_opened_at: z.string().optional(),
  dispute_closed_at: z.string().optional(),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** What a seller's order list shows of each order: read from the index, nothing more. */
export const orderListEntrySchema = orderRecordSchema.pick({
  id_order: true,
  product_id: true,
  amount: true,
  status: true,
  created_at: true,
  quantity: true,
});
export type OrderListEntry = z.infer<typeof orderListEntrySchema>;
/** The attributes a list Query asks for. */
export const orderListAttributes = Object.keys(orderListEntrySchema.shape);

/** Input of the operator's storefront `order create`. */
export const newOrderInputSchema = z.object({
  product_id: z.string().min(1, "--product is required"),
  quantity: z
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(1000, "quantity must be at most 1000"),
  email: z.email("email must be a valid e-mail address"),
});
export type NewOrderInput = z.infer<typeof newOrderInputSchema>;

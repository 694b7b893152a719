import { z } from "zod";

/** v1 order states: `wait` (stock reserved) → `paid` or `canceled` (unpaid past its expiry). */
export const orderStatuses = ["wait", "paid", "canceled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order as stored. The buyer's e-mail is kept for delivery and never leaves through a seller API. */
export const orderRecordSchema = z.object({
  id_order: z.string(),
  number: z.number().int(),
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
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

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

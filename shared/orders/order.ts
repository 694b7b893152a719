import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/** v1 order states: `wait` (stock reserved) → `paid` or `canceled` (unpaid past its expiry). */
export const orderStatuses = ["wait", "paid", "canceled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order as stored. The buyer's e-mail is kept for delivery and never leaves through a seller API. */
export const orderRecordSchema = z.object({
  id_order: z.string(),
  /** The marketplace-wide sequence number older orders carry; new orders have none (see `id` in the detail). */
  number: z.optional(z.number().check(z.int())),
  seller_id: z.number().check(z.int()),
  product_id: z.string(),
  quantity: z.number().check(z.int()),
  unit_price: z.number().check(z.int()),
  amount: z.number().check(z.int()),
  status: z.enum(orderStatuses),
  buyer_email: z.string(),
  buyer_type: z.enum(["guest", "registered"]),
  buyer_account_id: z.optional(z.number().check(z.int())),
  guest_id: z.string(),
  payment_system: z.string(),
  payment_id: z.optional(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.optional(z.string()),
  canceled_at: z.optional(z.string()),
  delivered: z.boolean(),
  delivered_at: z.optional(z.string()),
  delivery_text: z.optional(z.string()),
  delivery_download: z.optional(z.string()),
  webhook_event_id: z.optional(z.string()),
  webhook_delivered_at: z.optional(z.string()),
  email_sent_at: z.optional(z.string()),
  /** Where the order came from: a reseller's balance (v2), or the storefront when absent. */
  channel: z.optional(z.enum(["storefront", "reseller"])),
  /** 1 when delivery is automatic through the seller's webhook (always 1 for reseller orders). */
  h2h: z.optional(z.union([z.literal(0), z.literal(1)])),
  /** The buyer's comment for the seller, stored only after it passed the product's rules. */
  comment: z.optional(z.string()),
  /** 1 for a gift purchase (POST /gift); its code is the buyer's, shown only to the buyer. */
  gift: z.optional(z.union([z.literal(0), z.literal(1)])),
  gift_code: z.optional(z.string()),
  gift_email_sent_at: z.optional(z.string()),
  /** An open dispute keeps the order `paid` underneath; v2 shows it as `dispute`. */
  dispute_open: z.optional(z.boolean()),
  dispute_opened_at: z.optional(z.string()),
  dispute_closed_at: z.optional(z.string()),
  /** How many times a dispute was opened (bounded, see MAX_DISPUTES_PER_ORDER); absent is none. */
  dispute_opens: z.optional(z.number().check(z.int())),
  /** How many messages the order's chat holds: the last one's position (absent is none). */
  chat_messages: z.optional(z.number().check(z.int())),
  /**
   * How many messages at the start of the chat only the buyer may read (a gift's code, written with the
   * order); the seller's view of the chat starts after them.
   */
  chat_buyer_only: z.optional(z.number().check(z.int())),
  /**
   * The ids of the uploaded codes the order holds (`shared/key-stock/`): reserved while it waits, handed
   * to it when paid. Only an order of a key product has them; the codes themselves stay sealed in theirs.
   */
  key_codes: z.optional(z.array(z.string())),
  /** The product's category when the order was taken (#25: what its fee rate is looked up by); older orders lack it. */
  category_id: z.optional(z.number().check(z.int())),
  /**
   * The marketplace's fee on the sale (#25), decided when the order became paid: the rate in basis points
   * and the fee in roubles. Absent when no rate applied (the sale credits its seller the whole amount).
   */
  fee_bp: z.optional(z.number().check(z.int())),
  fee_amount: z.optional(z.number().check(z.int())),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** What a seller's order list shows of each order: read from the index, nothing more. */
export const orderListEntrySchema = z.extend(
  z.pick(orderRecordSchema, {
    id_order: true,
    product_id: true,
    amount: true,
    status: true,
    created_at: true,
    quantity: true,
    delivered_at: true,
    // Absent is no dispute, as on the order; a local index from before the list showed disputes lacks it.
    dispute_open: true,
  }),
  // A local table whose index predates the delivery state lacks it: not delivered, rather than a 500.
  { delivered: z._default(z.boolean(), false) },
);
export type OrderListEntry = z.infer<typeof orderListEntrySchema>;
/** The attributes a list Query asks for. */
export const orderListAttributes = Object.keys(orderListEntrySchema.shape);

/** Input of the operator's storefront `order create`. */
export const newOrderInputSchema = z.object({
  product_id: z.string().check(z.minLength(1, "--product is required")),
  quantity: z
    .int("quantity must be a whole number")
    .check(z.gte(1, refusals.quantityAtLeastOne.message), z.lte(1000, "quantity must be at most 1000")),
  email: z.email("email must be a valid e-mail address"),
});
export type NewOrderInput = z.infer<typeof newOrderInputSchema>;

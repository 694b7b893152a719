import * as z from "../validation/zod-mini.js";

/** One fee the marketplace earned, as its revenue ledger keeps it. */
export const revenueEntrySchema = z.object({
  entry_id: z.string(),
  shard: z.number().check(z.int()),
  order_id: z.string(),
  seller_id: z.number().check(z.int()),
  /** Absent on an order that did not keep its category. */
  category_id: z.optional(z.number().check(z.int())),
  /** The sale's whole amount, in roubles. */
  sale_amount: z.number().check(z.int()),
  fee: z.number().check(z.int()),
  basis_points: z.number().check(z.int()),
  created_at: z.string(),
});
export type RevenueEntry = z.infer<typeof revenueEntrySchema>;

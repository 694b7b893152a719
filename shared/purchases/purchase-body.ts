import * as z from "../validation/zod-mini.js";

/** Most units one purchase may take; keeps totals far inside safe integers (9,999,999 × 10,000). */
export const MAX_PURCHASE_QUANTITY = 10_000;

const productId = z
  .string({ error: "product_id must be a string" })
  .check(
    z.minLength(1, "product_id is required"),
    z.maxLength(64, "product_id must be at most 64 characters"),
  );

/**
 * POST /buy body. `comment` is only type-checked here: its rules depend on the product and run after
 * the product checks, in the order the spec gives (see comment-rules.ts).
 */
export const buyBodySchema = z.strictObject(
  {
    product_id: productId,
    quantity: z
      .int({ error: "quantity must be a whole number" })
      .check(
        z.gte(1, "quantity must be at least 1"),
        z.lte(MAX_PURCHASE_QUANTITY, `quantity must be at most ${MAX_PURCHASE_QUANTITY}`),
      ),
    comment: z.optional(z.nullable(z.string({ error: "comment must be a string" }))),
  },
  { error: "Request body must be a JSON object" },
);
export type BuyBody = z.infer<typeof buyBodySchema>;

const exactlyOne = (name: string) =>
  z.optional(z.literal(1, { error: `${name} must be exactly 1 for a gift` }));

/** POST /gift body: one unit; `quantity` and `count` may be given, and then only as 1. */
export const giftBodySchema = z.strictObject(
  { product_id: productId, quantity: exactlyOne("quantity"), count: exactlyOne("count") },
  { error: "Request body must be a JSON object" },
);
export type GiftBody = z.infer<typeof giftBodySchema>;

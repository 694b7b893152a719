import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/** Most units one purchase may take; keeps totals far inside safe integers (9,999,999 × 10,000). */
export const MAX_PURCHASE_QUANTITY = 10_000;

const productId = z
  .string({ error: refusals.productIdNotString.message })
  .check(
    z.minLength(1, refusals.productIdRequired.message),
    z.maxLength(64, refusals.productIdTooLong.message),
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
        z.gte(1, refusals.quantityAtLeastOne.message),
        z.lte(MAX_PURCHASE_QUANTITY, `quantity must be at most ${MAX_PURCHASE_QUANTITY}`),
      ),
    comment: z.optional(z.nullable(z.string({ error: "comment must be a string" }))),
  },
  { error: refusals.notJsonObject.message },
);
export type BuyBody = z.infer<typeof buyBodySchema>;

const exactlyOne = (name: string) =>
  z.optional(z.literal(1, { error: refusals.giftQuantity.message({ name }) }));

/** POST /gift body: one unit; `quantity` and `count` may be given, and then only as 1. */
export const giftBodySchema = z.strictObject(
  { product_id: productId, quantity: exactlyOne("quantity"), count: exactlyOne("count") },
  { error: refusals.notJsonObject.message },
);
export type GiftBody = z.infer<typeof giftBodySchema>;

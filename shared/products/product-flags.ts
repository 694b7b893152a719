import * as z from "../validation/zod-mini.js";

/** Operator-set product flags used by the reseller rules. */
export const productFlagsSchema = z.object({
  gift_available: z.optional(z.union([z.literal(0), z.literal(1)])),
  comment_status: z.optional(z.union([z.literal(0), z.literal(1)])),
  comment_regex: z.optional(
    z.string().check(
      z.maxLength(500, "comment regex must be at most 500 characters"),
      z.refine(
        (v) => {
          try {
            new RegExp(v, "u");
            return true;
          } catch {
            return false;
          }
        },
        { error: "comment regex is not a valid regular expression" },
      ),
    ),
  ),
});
export type ProductFlags = z.infer<typeof productFlagsSchema>;

/** The flags' names, in the schema's order: what setting them answers besides the product's id. */
export const productFlagFields = Object.keys(productFlagsSchema.shape) as (keyof ProductFlags)[];

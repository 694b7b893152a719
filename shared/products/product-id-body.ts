import * as z from "../validation/zod-mini.js";

/**
 * POST /products/moderation body, and the `id_product` field of POST /products/img's form: shared, so the
 * typed client names the same schema the handler validates with.
 */
export const idProductSchema = z.strictObject(
  {
    id_product: z
      .string({ error: "Field 'id_product' must be a string" })
      .check(z.minLength(1, "Field 'id_product' is required")),
  },
  { error: "Request body must be a JSON object" },
);
export type IdProductBody = z.infer<typeof idProductSchema>;

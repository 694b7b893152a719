import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/**
 * POST /products/moderation body, and the `id_product` field of POST /products/img's form: shared, so the
 * typed client names the same schema the handler validates with.
 */
export const idProductSchema = z.strictObject(
  {
    id_product: z
      .string({ error: refusals.fieldNotString.message({ field: "id_product" }) })
      .check(z.minLength(1, refusals.fieldRequired.message({ field: "id_product" }))),
  },
  { error: refusals.notJsonObject.message },
);
export type IdProductBody = z.infer<typeof idProductSchema>;

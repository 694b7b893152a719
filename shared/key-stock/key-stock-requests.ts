import * as refusals from "../errors/refusals.js";
import { cursorPageSchema } from "../validation/cursor-page.js";
import * as z from "../validation/zod-mini.js";
import { MAX_CODES_PER_UPLOAD } from "./key-code.js";
import { keyCodeStates } from "./key-code-item.js";

/** GET /products/keys/{id} query: which state's codes to list (available unless named), and a page of them. */
export const keyCodeInventoryQuerySchema = z.strictObject({
  state: z.optional(z.enum(keyCodeStates, { error: refusals.codeStateFilter.message })),
  ...cursorPageSchema.shape,
});
export type KeyCodeInventoryQuery = z.infer<typeof keyCodeInventoryQuerySchema>;

/** POST /products/keys/{id} as JSON: the codes as a list, each checked (and refused by position) by the service. */
export const keyCodeUploadSchema = z.strictObject(
  { codes: z.array(z.unknown(), { error: refusals.codesNotList.message }) },
  { error: refusals.notJsonObject.message },
);
export type KeyCodeUpload = z.infer<typeof keyCodeUploadSchema>;

/** POST /products/keys/withdraw/{id}: the ids of codes to withdraw, or every available code; one of the two. */
export const keyCodeWithdrawalSchema = z
  .strictObject(
    {
      ids: z.optional(
        z
          .array(z.string({ error: refusals.withdrawalTarget.message }), {
            error: refusals.withdrawalTarget.message,
          })
          .check(
            z.minLength(1, refusals.withdrawalTarget.message),
            z.maxLength(
              MAX_CODES_PER_UPLOAD,
              refusals.tooManyIdsInWithdrawal.message({ max: MAX_CODES_PER_UPLOAD }),
            ),
          ),
      ),
      all: z.optional(z.literal(true, { error: refusals.withdrawalTarget.message })),
    },
    { error: refusals.notJsonObject.message },
  )
  .check(
    z.refine((body) => (body.ids === undefined) !== (body.all === undefined), {
      error: refusals.withdrawalTarget.message,
    }),
  );
export type KeyCodeWithdrawal = z.infer<typeof keyCodeWithdrawalSchema>;

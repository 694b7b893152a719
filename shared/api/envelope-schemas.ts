import * as z from "../validation/zod-mini.js";

/** The v1 success envelope around a route's `data`. */
export const v1Success = (data: z.core.$ZodType) => z.object({ status: z.literal("success"), data });

/** The v1 error envelope: the message only. */
export const v1Error = z.object({ status: z.literal("error"), message: z.string() });

/** The v2 success envelope around a route's `data` and `meta`. */
export const v2Success = (data: z.core.$ZodType, meta: z.core.$ZodType = z.record(z.string(), z.unknown())) =>
  z.object({ ok: z.literal(true), data, meta });

/** The v2 error envelope: code, message, status and the error object (with details for schema failures). */
export const v2Error = z.object({
  ok: z.literal(false),
  code: z.string(),
  message: z.string(),
  http_status: z.number(),
  error: z.object({ code: z.string(), details: z.optional(z.record(z.string(), z.unknown())) }),
});

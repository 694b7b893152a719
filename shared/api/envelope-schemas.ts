import * as z from "../validation/zod-mini.js";

/** The v1 success envelope around a route's `data`. */
export const v1Success = (data: z.core.$ZodType) =>
  z.object({ status: z.literal("success").check(z.describe('Always "success" in an answer of 2xx')), data });

/** The v1 error envelope: the message only. */
export const v1Error = z.object({
  status: z.literal("error").check(z.describe('Always "error" in an answer of 4xx or 5xx')),
  message: z
    .string()
    .check(z.describe("What went wrong, in one sentence; the spec's wording where the spec names the error")),
});

/** The v2 success envelope around a route's `data` and `meta`. */
export const v2Success = (data: z.core.$ZodType, meta: z.core.$ZodType = z.record(z.string(), z.unknown())) =>
  z.object({ ok: z.literal(true).check(z.describe("Always true in an answer of 2xx")), data, meta });

/** The v2 error envelope: code, message, status and the error object (with details for schema failures). */
export const v2Error = z.object({
  ok: z.literal(false).check(z.describe("Always false in an answer of 4xx or 5xx")),
  code: z.string().check(z.describe("What went wrong, for a program: one of a fixed set of codes")),
  message: z.string().check(z.describe("What went wrong, for a person: one sentence")),
  http_status: z.number().check(z.describe("The answer's HTTP status, repeated")),
  error: z
    .object({
      code: z.string().check(z.describe("The same code as the top-level code")),
      details: z.optional(
        z
          .record(z.string(), z.unknown())
          .check(
            z.describe(
              "Structured details where the error has them: issues (each field or parameter that failed, with its message) for a schema failure, request_id for a 500",
            ),
          ),
      ),
    })
    .check(z.describe("The structured error: its code, and details for schema failures and 500s")),
});

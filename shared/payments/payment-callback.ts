import * as z from "../validation/zod-mini.js";

/** The payment provider's callback body. */
export const paymentCallbackSchema = z.object({
  payment_id: z.string().check(z.minLength(1), z.maxLength(200)),
  order_id: z.string().check(z.minLength(1), z.maxLength(100)),
  status: z.string().check(z.minLength(1), z.maxLength(40)),
  payment_system: z
    .string()
    .check(
      z.regex(/^[a-z0-9_-]{1,40}$/, "payment_system must be 1-40 lower-case letters, digits, '-' or '_'"),
    ),
});
export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;

import * as z from "zod";

/** The payment provider's callback body. */
export const paymentCallbackSchema = z.object({
  payment_id: z.string().min(1).max(200),
  order_id: z.string().min(1).max(100),
  status: z.string().min(1).max(40),
  payment_system: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, "payment_system must be 1-40 lower-case letters, digits, '-' or '_'"),
});
export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;

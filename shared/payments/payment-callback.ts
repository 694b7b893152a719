import * as z from "../validation/zod-mini.js";

/** The one currency orders are priced in; a payment in another is not the order's payment. */
export const ORDER_CURRENCY = "RUB";

/**
 * The payment provider's callback body. `amount` (whole roubles) and `currency` are what the provider
 * took: both are required, so an underpayment or a payment in another currency is seen, never applied.
 */
export const paymentCallbackSchema = z.object({
  payment_id: z.string().check(z.minLength(1), z.maxLength(200)),
  order_id: z.string().check(z.minLength(1), z.maxLength(100)),
  status: z.string().check(z.minLength(1), z.maxLength(40)),
  payment_system: z
    .string()
    .check(
      z.regex(/^[a-z0-9_-]{1,40}$/, "payment_system must be 1-40 lower-case letters, digits, '-' or '_'"),
    ),
  amount: z.int("amount must be a whole number of roubles").check(z.gte(1, "amount must be at least 1")),
  currency: z
    .string()
    .check(z.regex(/^[A-Z]{3}$/, "currency must be a three-letter ISO 4217 code in capitals, e.g. RUB")),
});
export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;

import * as z from "../validation/zod-mini.js";

/** Payout states: `wait` (balance debited) → `paid` by the operator, or `rejected` (balance refunded). */
export const payoutStatuses = ["wait", "paid", "rejected"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const paymentSystems = ["usdt", "card", "payment_account"] as const;

/** The Luhn checksum card numbers carry. */
export const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** The wallet a payout goes to, checked for the payment system's shape; returns the normalised wallet or a message. */
export const checkWallet = (
  system: (typeof paymentSystems)[number],
  wallet: string,
): { wallet: string } | { error: string } => {
  const trimmed = wallet.trim();
  if (system === "card") {
    const digits = trimmed.replace(/[ -]/g, "");
    return /^\d{16,19}$/.test(digits) && passesLuhn(digits)
      ? { wallet: digits }
      : { error: "Invalid card number: 16-19 digits with a valid checksum" };
  }
  if (system === "usdt") {
    const trc20 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(trimmed);
    const erc20 = /^0x[0-9a-fA-F]{40}$/.test(trimmed);
    return trc20 || erc20
      ? { wallet: trimmed }
      : { error: "Invalid USDT wallet: a TRC-20 (T…) or ERC-20 (0x…) address" };
  }
  return /^\d{20}$/.test(trimmed) ? { wallet: trimmed } : { error: "Invalid payment account: 20 digits" };
};

/** POST /payout body. */
export const payoutRequestSchema = z.strictObject(
  {
    amount: z
      .int({ error: "Amount must be a whole number from 1000 to 1000000" })
      .check(
        z.gte(1000, "Amount must be a whole number from 1000 to 1000000"),
        z.lte(1_000_000, "Amount must be a whole number from 1000 to 1000000"),
      ),
    payment_system: z.enum(paymentSystems, {
      error: "Payment system must be one of usdt, card, payment_account",
    }),
    wallet: z.string({ error: "Field 'wallet' must be a string" }).check(z.maxLength(100, "Invalid wallet")),
    cod: z.string({ error: "Invalid OTP code" }),
  },
  { error: "Request body must be a JSON object" },
);
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/** A payout as stored. */
export const payoutRecordSchema = z.object({
  id: z.string(),
  seller_id: z.number().check(z.int()),
  amount: z.number().check(z.int()),
  payment_system: z.string(),
  wallet: z.string(),
  status: z.enum(payoutStatuses),
  created_at: z.string(),
  decided_at: z.optional(z.string()),
});
export type PayoutRecord = z.infer<typeof payoutRecordSchema>;

import type { Refusal } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
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

const walletRefusals = [refusals.invalidCard, refusals.invalidUsdtWallet, refusals.invalidPaymentAccount];

/** The refusal behind a message of `checkWallet`. */
export const walletRefusal = (message: string): Refusal =>
  walletRefusals.find((refusal) => refusal.message === message) ?? refusals.invalidWallet;

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
      : { error: refusals.invalidCard.message };
  }
  if (system === "usdt") {
    const trc20 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(trimmed);
    const erc20 = /^0x[0-9a-fA-F]{40}$/.test(trimmed);
    return trc20 || erc20 ? { wallet: trimmed } : { error: refusals.invalidUsdtWallet.message };
  }
  return /^\d{20}$/.test(trimmed) ? { wallet: trimmed } : { error: refusals.invalidPaymentAccount.message };
};

/**
 * POST /payout body. The wallet's shape depends on the payment system, so the service checks it
 * (`checkWallet`); a code that is not six digits can never be valid, so the schema refuses it, with the
 * service's own message, before the lock counts it.
 */
export const payoutRequestSchema = z.strictObject(
  {
    amount: z
      .int({ error: refusals.payoutAmount.message })
      .check(z.gte(1000, refusals.payoutAmount.message), z.lte(1_000_000, refusals.payoutAmount.message)),
    payment_system: z.enum(paymentSystems, {
      error: refusals.paymentSystem.message,
    }),
    wallet: z
      .string({ error: refusals.fieldNotString.message({ field: "wallet" }) })
      .check(z.maxLength(100, refusals.invalidWallet.message)),
    cod: z
      .string({ error: refusals.invalidOtp.message })
      .check(z.regex(/^\d{6}$/, refusals.invalidOtp.message)),
  },
  { error: refusals.notJsonObject.message },
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

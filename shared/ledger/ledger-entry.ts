import * as z from "../validation/zod-mini.js";

/** Why a balance moved. Every movement of money names one of these in its ledger entry. */
export const ledgerKinds = ["operator_credit", "sale", "payout", "payout_refund", "purchase"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** One movement of an account's balance as the ledger keeps it; `amount` is signed (debits are negative). */
export const ledgerEntrySchema = z.object({
  entry_id: z.string(),
  account_id: z.number().check(z.int()),
  kind: z.enum(ledgerKinds),
  amount: z.number().check(z.int()),
  created_at: z.string(),
  order_id: z.optional(z.string()),
  payout_id: z.optional(z.string()),
  note: z.optional(z.string()),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A balance change to make: a credit (`amount` > 0) or a debit (`amount` < 0) with what it refers to. */
export interface BalanceMovement {
  readonly accountId: number;
  /** Signed whole roubles: positive credits the balance, negative debits it. */
  readonly amount: number;
  readonly kind: LedgerKind;
  readonly entryId: string;
  /** ISO time of the movement; it orders the ledger. */
  readonly at: string;
  readonly orderId?: string;
  readonly payoutId?: string;
  readonly note?: string;
}

/** What a ledger's entries add up to; an account's balance always equals this. */
export const ledgerSum = (entries: readonly Pick<LedgerEntry, "amount">[]): number =>
  entries.reduce((sum, entry) => sum + entry.amount, 0);

import { expect } from "vitest";
import type { LedgerEntry } from "../../shared/ledger/ledger-entry.js";
import { ledgerSum } from "../../shared/ledger/ledger-entry.js";
import { accountStore, ledgerStore } from "../../shared/runtime/dependencies.js";

/** An account's ledger entries, oldest first. */
export const ledgerOf = (accountId: number): Promise<LedgerEntry[]> => ledgerStore().entries(accountId);

/**
 * The money invariant, stated once: an account's balance equals the sum of its ledger. Every read of a
 * balance in the tests goes through here, so each money test also proves that no movement skipped the ledger.
 */
export const expectBalanceMatchesLedger = async (accountId: number): Promise<number | undefined> => {
  const account = await accountStore().findById(accountId);
  const ledger = await ledgerOf(accountId);
  if (account === undefined) {
    expect(ledger, `account ${accountId} does not exist but has ledger entries`).toEqual([]);
    return undefined;
  }
  expect(account.balance, `account ${accountId}: balance vs the sum of its ledger`).toBe(ledgerSum(ledger));
  return account.balance;
};

/** An account's balance as stored, after checking it against the ledger. */
export const balanceOf = (accountId: number): Promise<number | undefined> =>
  expectBalanceMatchesLedger(accountId);

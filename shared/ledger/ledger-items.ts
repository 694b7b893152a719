import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import type { BalanceMovement, LedgerEntry } from "./ledger-entry.js";

/** One movement of an account's balance, under the account in time order. */
export const ledgerEntryTableItem = defineTableItem({ entity: "ledger", key: keys.ledgerEntry });

/**
 * The two transaction items of every balance movement, the only place a balance is written: the
 * conditional balance update and its ledger entry. A debit is refused (its condition fails, at the
 * update's position) when it would take the balance below zero; either way the account must exist.
 * Callers put both items into their own transaction beside the write the money is for. With
 * `unlessModeration`, the account must not have that moderation status either: the credit of a sale
 * that must check its seller is not blocked, whose account a transaction can name only once.
 */
export const balanceMovementItems = (
  tableName: string,
  movement: BalanceMovement,
  options: { unlessModeration?: number } = {},
) => {
  if (!Number.isSafeInteger(movement.amount) || movement.amount === 0) {
    throw new Error(`A balance movement needs a non-zero whole amount, got ${movement.amount}`);
  }
  const debit = movement.amount < 0;
  const { unlessModeration } = options;
  const standing = unlessModeration === undefined ? "" : " AND status_moderation <> :moderation";
  const balanceUpdate = {
    Update: {
      TableName: tableName,
      Key: keys.account(movement.accountId),
      UpdateExpression: debit ? "SET balance = balance - :debit" : "ADD balance :credit",
      ConditionExpression: `${debit ? "attribute_exists(PK) AND balance >= :debit" : "attribute_exists(PK)"}${standing}`,
      ExpressionAttributeValues: {
        ...(debit ? { ":debit": -movement.amount } : { ":credit": movement.amount }),
        ...(unlessModeration === undefined ? {} : { ":moderation": unlessModeration }),
      },
    },
  };
  const entry: LedgerEntry = {
    entry_id: movement.entryId,
    account_id: movement.accountId,
    kind: movement.kind,
    amount: movement.amount,
    created_at: movement.at,
    order_id: movement.orderId,
    payout_id: movement.payoutId,
    note: movement.note,
  };
  const ledgerPut = {
    Put: {
      TableName: tableName,
      Item: ledgerEntryTableItem.item([movement.accountId, movement.at, movement.entryId], entry),
      ConditionExpression: "attribute_not_exists(PK)",
    },
  };
  return [balanceUpdate, ledgerPut] as const satisfies readonly TransactItem[];
};

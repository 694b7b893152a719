import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { keys } from "../../shared/data/table-keys.js";
import type { LedgerEntry } from "../../shared/ledger/ledger-entry.js";
import { ledgerStore } from "../../shared/runtime/dependencies.js";
import { tableClient, tableName } from "../../shared/runtime/table.js";

/** An account's money as stored: its balance (undefined when there is no such account) and its ledger, oldest first. */
export interface AccountMoney {
  readonly balance: number | undefined;
  readonly ledger: readonly LedgerEntry[];
}

/**
 * Reads an account's balance (strongly consistent) and its ledger together, without judging them: the
 * caller's checks say what must hold between them.
 */
export const accountMoney = async (accountId: number): Promise<AccountMoney> => {
  const [account, ledger] = await Promise.all([
    tableClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.account(accountId), ConsistentRead: true }),
    ),
    ledgerStore().entries(accountId),
  ]);
  const balance = account.Item?.balance;
  return { balance: typeof balance === "number" ? balance : undefined, ledger };
};

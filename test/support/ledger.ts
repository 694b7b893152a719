import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { accountStore } from "../../shared/runtime/dependencies.js";

/** One ledger entry as stored. */
export interface LedgerItem {
  readonly SK: string;
  readonly kind: string;
  readonly amount: number;
  readonly order_id?: string;
  readonly payout_id?: string;
}

/** An account's ledger entries, oldest first (PK ACCOUNT#<id>, SK begins_with LEDGER#). */
export const ledgerOf = async (accountId: number): Promise<LedgerItem[]> => {
  const page = await createDocumentClient().send(
    new QueryCommand({
      TableName: requireEnv("TABLE_NAME"),
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :ledger)",
      ExpressionAttributeValues: { ":pk": `ACCOUNT#${accountId}`, ":ledger": "LEDGER#" },
    }),
  );
  return (page.Items ?? []) as LedgerItem[];
};

/** An account's balance as stored. */
export const balanceOf = async (accountId: number): Promise<number | undefined> =>
  (await accountStore().findById(accountId))?.balance;

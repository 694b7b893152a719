import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { queryAll } from "../data/query-all.js";
import { collections } from "../data/table-keys.js";
import { type LedgerEntry, ledgerEntrySchema } from "./ledger-entry.js";

/** Reading an account's ledger. */
export interface LedgerStore {
  /** Every entry of the account, oldest first. */
  entries(accountId: number): Promise<LedgerEntry[]>;
}

/** The DynamoDB implementation of LedgerStore. */
export const createLedgerRepository = (client: DynamoDBDocumentClient, tableName: string): LedgerStore => ({
  async entries(accountId) {
    const { PK, skPrefix } = collections.ledger(accountId);
    const items = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
      ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
    });
    return items.map((item) => ledgerEntrySchema.parse(item));
  },
});

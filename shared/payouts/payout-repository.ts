import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { queryAll } from "../data/query-all.js";
import { indexKeys, keys, payoutsByStatusPartition, sellerPayoutsPartition } from "../data/table-keys.js";
import { conditionFailedAt, withConflictRetry } from "../data/transaction-errors.js";
import { type PayoutRecord, type PayoutStatus, payoutRecordSchema } from "./payout.js";

/** Persistence of payouts; every balance movement is one transaction with its ledger entry. */
export interface PayoutStore {
  /** Debits the balance (never below zero), writes the payout and its ledger entry; false when short. */
  create(payout: PayoutRecord, ledgerEntryId: string): Promise<boolean>;
  get(payoutId: string): Promise<PayoutRecord | undefined>;
  listBySeller(sellerId: number): Promise<PayoutRecord[]>;
  listByStatus(status: PayoutStatus): Promise<PayoutRecord[]>;
  /** Moves a waiting payout to `paid`, or to `rejected` with the amount refunded; false if it was not waiting. */
  decide(
    payout: PayoutRecord,
    status: "paid" | "rejected",
    at: string,
    ledgerEntryId: string,
  ): Promise<boolean>;
}

const item = (payout: PayoutRecord) => ({
  ...keys.payout(payout.id),
  entity: "payout",
  ...payout,
  ...indexKeys.payout(payout.seller_id, payout.status, payout.created_at, payout.id),
});

const ledger = (
  payout: PayoutRecord,
  kind: string,
  amount: number,
  at: string,
  entryId: string,
  tableName: string,
) => ({
  Put: {
    TableName: tableName,
    Item: {
      ...keys.ledgerEntry(payout.seller_id, at, entryId),
      entity: "ledger",
      entry_id: entryId,
      account_id: payout.seller_id,
      kind,
      amount,
      payout_id: payout.id,
      created_at: at,
    },
    ConditionExpression: "attribute_not_exists(PK)",
  },
});

/** The DynamoDB implementation of PayoutStore. */
export const createPayoutRepository = (client: DynamoDBDocumentClient, tableName: string): PayoutStore => {
  const query = async (index: "GSI1" | "GSI2", partition: string) =>
    (
      await queryAll(client, {
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk`,
        ExpressionAttributeValues: { ":pk": partition },
        ScanIndexForward: false,
      })
    ).map((row) => payoutRecordSchema.parse(row));

  return {
    async create(payout, ledgerEntryId) {
      try {
        await withConflictRetry(
          () =>
            client.send(
              new TransactWriteCommand({
                TransactItems: [
                  {
                    Update: {
                      TableName: tableName,
                      Key: keys.account(payout.seller_id),
                      UpdateExpression: "SET balance = balance - :amount",
                      // The balance never goes below zero.
                      ConditionExpression: "attribute_exists(PK) AND balance >= :amount",
                      ExpressionAttributeValues: { ":amount": payout.amount },
                    },
                  },
                  {
                    Put: {
                      TableName: tableName,
                      Item: item(payout),
                      ConditionExpression: "attribute_not_exists(PK)",
                    },
                  },
                  ledger(payout, "payout", -payout.amount, payout.created_at, ledgerEntryId, tableName),
                ],
              }),
            ),
          10,
        );
        return true;
      } catch (error) {
        if (conditionFailedAt(error, 0)) return false;
        throw error;
      }
    },

    async get(payoutId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.payout(payoutId) }));
      return result.Item ? payoutRecordSchema.parse(result.Item) : undefined;
    },

    listBySeller: (sellerId) => query("GSI2", sellerPayoutsPartition(sellerId)),
    listByStatus: (status) => query("GSI1", payoutsByStatusPartition(status)),

    async decide(payout, status, at, ledgerEntryId) {
      const moved = indexKeys.payout(payout.seller_id, status, payout.created_at, payout.id);
      const update = {
        Update: {
          TableName: tableName,
          Key: keys.payout(payout.id),
          UpdateExpression: "SET #status = :status, decided_at = :at, GSI1PK = :queue",
          // Only a waiting payout is decided, so a refund happens at most once.
          ConditionExpression: "#status = :wait",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: {
            ":status": status,
            ":wait": "wait",
            ":at": at,
            ":queue": moved.GSI1PK,
          },
        },
      };
      const refund =
        status === "rejected"
          ? [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.account(payout.seller_id),
                  UpdateExpression: "ADD balance :amount",
                  ExpressionAttributeValues: { ":amount": payout.amount },
                },
              },
              ledger(payout, "payout_refund", payout.amount, at, ledgerEntryId, tableName),
            ]
          : [];
      try {
        await withConflictRetry(
          () => client.send(new TransactWriteCommand({ TransactItems: [update, ...refund] })),
          10,
        );
        return true;
      } catch (error) {
        if (conditionFailedAt(error, 0)) return false;
        throw error;
      }
    },
  };
};

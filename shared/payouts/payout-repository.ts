import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { type CodeUse, codeUseClauses, codeUseRefusal } from "../accounts/account-repository.js";
import { collectionAll, collectionPage } from "../data/collection-page.js";
import { indexQuery } from "../data/index-query.js";
import type { ListPosition } from "../data/page-cursor.js";
import { queryAll } from "../data/query-all.js";
import { indexAssignment, indexedCollections } from "../data/table-keys.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import { balanceMovementItems } from "../ledger/ledger-items.js";
import { type PayoutRecord, type PayoutStatus, payoutRecordSchema } from "./payout.js";
import { payoutItem, payoutTableItem } from "./payout-items.js";

/** Persistence of payouts; every balance movement is one transaction with its ledger entry. */
export interface PayoutStore {
  /**
   * Debits the balance (never below zero), writes the payout and its ledger entry, and with `code` uses
   * up that verified code on condition that payouts are not locked, all in one transaction. Otherwise
   * says why not: the lock first, then a replayed code, then a short balance.
   */
  create(
    payout: PayoutRecord,
    ledgerEntryId: string,
    code?: CodeUse,
  ): Promise<"created" | "locked" | "replayed" | "insufficient_balance">;
  get(payoutId: string): Promise<PayoutRecord | undefined>;
  /** Up to `limit` of the seller's payouts, newest first, after `start`; and where the next page starts (none at the end). */
  pageBySeller(
    sellerId: number,
    limit: number,
    start: ListPosition | undefined,
  ): Promise<{ payouts: PayoutRecord[]; next: ListPosition | undefined } | "invalid_start">;
  /** Every payout of the seller, newest first, or "too_many" when there are more than `max`. */
  allBySeller(sellerId: number, max: number): Promise<PayoutRecord[] | "too_many">;
  listByStatus(status: PayoutStatus): Promise<PayoutRecord[]>;
  /** Moves a waiting payout to `paid`, or to `rejected` with the amount refunded; false if it was not waiting. */
  decide(
    payout: PayoutRecord,
    status: "paid" | "rejected",
    at: string,
    ledgerEntryId: string,
  ): Promise<boolean>;
}

/** The DynamoDB implementation of PayoutStore. */
export const createPayoutRepository = (client: DynamoDBDocumentClient, tableName: string): PayoutStore => {
  const newestFirst = async (query: ReturnType<typeof indexQuery>) =>
    (await queryAll(client, query)).map((row) => payoutRecordSchema.parse(row));

  return {
    async create(payout, ledgerEntryId, code) {
      const [debit, ledgerEntry] = balanceMovementItems(tableName, {
        accountId: payout.seller_id,
        amount: -payout.amount,
        kind: "payout",
        entryId: ledgerEntryId,
        at: payout.created_at,
        payoutId: payout.id,
      });
      // The account item appears once per transaction, so the code's clauses join the debit's update.
      const use = code && codeUseClauses(code);
      const account = {
        Update: {
          ...debit.Update,
          ...(use && {
            UpdateExpression: `${debit.Update.UpdateExpression}, ${use.set}`,
            ConditionExpression: `(${debit.Update.ConditionExpression}) AND ${use.condition}`,
            ExpressionAttributeValues: { ...debit.Update.ExpressionAttributeValues, ...use.values },
          }),
          ReturnValuesOnConditionCheckFailure: "ALL_OLD" as const,
        },
      };
      const payoutPut = {
        Put: {
          TableName: tableName,
          Item: payoutItem(payout),
          ConditionExpression: "attribute_not_exists(PK)",
        },
      };
      try {
        // The account comes first: a failed condition at position 0 is the lock, the code or the balance.
        await writeTransaction(client, [account, payoutPut, ledgerEntry], 10);
        return "created";
      } catch (error) {
        const reason =
          error instanceof TransactionCanceledException ? error.CancellationReasons?.[0] : undefined;
        if (reason?.Code !== "ConditionalCheckFailed") throw error;
        const old = reason.Item ? unmarshall(reason.Item) : undefined;
        const refusal = code ? codeUseRefusal(old, code) : undefined;
        if (refusal === "locked" || refusal === "replayed") return refusal;
        // Otherwise the balance was short (or the account is gone, which debits nothing either).
        return "insufficient_balance";
      }
    },

    async get(payoutId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: payoutTableItem.key(payoutId) }),
      );
      return result.Item ? payoutRecordSchema.parse(result.Item) : undefined;
    },

    async pageBySeller(sellerId, limit, start) {
      const page = await collectionPage(client, tableName, indexedCollections.sellerPayouts, [sellerId], {
        limit,
        start,
        attributes: payoutTableItem.projections.history,
      });
      if (page === "invalid_start") return page;
      return { payouts: page.items.map((row) => payoutRecordSchema.parse(row)), next: page.next };
    },

    async allBySeller(sellerId, max) {
      const rows = await collectionAll(client, tableName, indexedCollections.sellerPayouts, [sellerId], {
        max,
        attributes: payoutTableItem.projections.history,
      });
      return rows === "too_many" ? rows : rows.map((row) => payoutRecordSchema.parse(row));
    },
    listByStatus: (status) =>
      newestFirst(indexQuery(tableName, indexedCollections.payoutsByStatus, [status], { descending: true })),

    async decide(payout, status, at, ledgerEntryId) {
      const queue = indexAssignment(
        indexedCollections.payoutsByStatus,
        [status],
        [payout.created_at, payout.id],
      );
      const update = {
        Update: {
          TableName: tableName,
          Key: payoutTableItem.key(payout.id),
          UpdateExpression: `SET #status = :status, decided_at = :at, ${queue.expression}`,
          // Only a waiting payout is decided, so a refund happens at most once.
          ConditionExpression: "#status = :wait",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: {
            ":status": status,
            ":wait": "wait",
            ":at": at,
            ...queue.values,
          },
        },
      };
      const refund =
        status === "rejected"
          ? balanceMovementItems(tableName, {
              accountId: payout.seller_id,
              amount: payout.amount,
              kind: "payout_refund",
              entryId: ledgerEntryId,
              at,
              payoutId: payout.id,
            })
          : [];
      try {
        await writeTransaction(client, [update, ...refund], 10);
        return true;
      } catch (error) {
        if (conditionFailedAt(error, 0)) return false;
        throw error;
      }
    },
  };
};

import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { queryAll } from "../data/query-all.js";
import { collections, keys } from "../data/table-keys.js";
import {
  type FeeSchedule,
  type FeeScope,
  feeRateAttribute,
  feeScheduleOf,
  MAX_FEE_RATES,
} from "./fee-schedule.js";
import { type RevenueEntry, revenueEntrySchema } from "./revenue-entry.js";
import { REVENUE_SHARDS } from "./revenue-shard.js";

/** Persistence of the fee schedule and the marketplace's revenue. */
export interface FeeStore {
  /** The schedule as it is now (one item, read once per payment or purchase). */
  schedule(): Promise<FeeSchedule>;
  /** Sets a scope's rate; false when the schedule already holds MAX_FEE_RATES rates and this is a new one. */
  setRate(scope: FeeScope, basisPoints: number): Promise<boolean>;
  /** Removes a scope's rate (nothing when it has none), so the next less specific one applies. */
  clearRate(scope: FeeScope): Promise<void>;
  /** Every fee entry from `from` to `to` (ISO days, both included), from every shard. */
  revenueEntries(from: string, to: string): Promise<RevenueEntry[]>;
  /** The marketplace's balance: what every shard holds. */
  revenueBalance(): Promise<number>;
}

/** The DynamoDB implementation of FeeStore. */
export const createFeeRepository = (client: DynamoDBDocumentClient, tableName: string): FeeStore => ({
  async schedule() {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.feeSchedule() }));
    return feeScheduleOf(result.Item);
  },

  async setRate(scope, basisPoints) {
    const names = { "#rate": feeRateAttribute(scope) };
    try {
      // A new rate is counted, under the cap, in the same write; replacing one is not counted again.
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.feeSchedule(),
          UpdateExpression: "SET #rate = :bp ADD rate_count :one",
          ConditionExpression:
            "attribute_not_exists(#rate) AND (attribute_not_exists(rate_count) OR rate_count < :max)",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ":bp": basisPoints, ":one": 1, ":max": MAX_FEE_RATES },
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.feeSchedule(),
          UpdateExpression: "SET #rate = :bp",
          ConditionExpression: "attribute_exists(#rate)",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ":bp": basisPoints },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async clearRate(scope) {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.feeSchedule(),
          UpdateExpression: "REMOVE #rate ADD rate_count :minus",
          ConditionExpression: "attribute_exists(#rate)",
          ExpressionAttributeNames: { "#rate": feeRateAttribute(scope) },
          ExpressionAttributeValues: { ":minus": -1 },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  },

  async revenueEntries(from, to) {
    const shards = await Promise.all(
      Array.from({ length: REVENUE_SHARDS }, (_, shard) => {
        const { PK, skPrefix } = collections.revenueLedger(shard);
        return queryAll(client, {
          TableName: tableName,
          KeyConditionExpression: "PK = :pk AND SK BETWEEN :from AND :to",
          // `~` sorts after every character of an ISO time, so the last day is whole.
          ExpressionAttributeValues: { ":pk": PK, ":from": `${skPrefix}${from}`, ":to": `${skPrefix}${to}~` },
        });
      }),
    );
    return shards.flat().map((item) => revenueEntrySchema.parse(item));
  },

  async revenueBalance() {
    const shards = await Promise.all(
      Array.from({ length: REVENUE_SHARDS }, (_, shard) =>
        client.send(new GetCommand({ TableName: tableName, Key: keys.revenueShard(shard) })),
      ),
    );
    return shards.reduce((sum, result) => sum + Number(result.Item?.balance ?? 0), 0);
  },
});

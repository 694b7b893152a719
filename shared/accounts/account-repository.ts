import { randomUUID } from "node:crypto";
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { currentCounterValue, nextCounterValue } from "../data/counters.js";
import { collections, counters, keys } from "../data/table-keys.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import type { BalanceMovement } from "../ledger/ledger-entry.js";
import { balanceMovementItems } from "../ledger/ledger-repository.js";
import { type AccountRecord, accountRecordSchema } from "./account.js";

/** Persistence of accounts and their API-key lookups; the service depends on this shape only. */
export interface AccountStore {
  nextSellerId(): Promise<number>;
  /** The highest seller id handed out so far (seller ids are 1…this). */
  highestSellerId(): Promise<number>;
  create(account: AccountRecord): Promise<void>;
  findById(accountId: number): Promise<AccountRecord | undefined>;
  /** The accounts that exist among `accountIds`, by id. */
  findMany(accountIds: readonly number[]): Promise<Map<number, AccountRecord>>;
  findAccountIdByApiKeyHash(apiKeyHash: string): Promise<number | undefined>;
  /** Applies profile changes; returns the updated account, or undefined if there is no such account. */
  updateProfile(
    accountId: number,
    changes: Partial<Pick<AccountRecord, "name" | "description" | "api_url">>,
  ): Promise<AccountRecord | undefined>;
  /** Adds to the balance with its ledger entry in one transaction; returns the new balance, or undefined without the account. */
  credit(movement: BalanceMovement): Promise<number | undefined>;
  /** Uses up an authenticator time step: true only if no later or equal step was used before. */
  consumeTotpStep(accountId: number, step: number): Promise<boolean>;
  /** Records an authenticator-code attempt as failed until proven otherwise; kept `keepSeconds`. Returns its id. */
  recordOtpFailure(accountId: number, at: Date, keepSeconds: number): Promise<string>;
  /** Forgets a recorded attempt (it turned out valid, or was refused by the lock). */
  forgetOtpFailure(accountId: number, at: Date, failureId: string): Promise<void>;
  /** Times of recorded failures since `since`, oldest first, read consistently. */
  otpFailuresSince(accountId: number, since: Date): Promise<string[]>;
  /** Links a new store image; returns the replaced image's key, or undefined if there is no such account. */
  setImage(
    accountId: number,
    image: { url: string; key: string },
  ): Promise<{ previousKey: string } | undefined>;
}

/** The DynamoDB implementation of AccountStore. */
export const createAccountRepository = (client: DynamoDBDocumentClient, tableName: string): AccountStore => ({
  nextSellerId: () => nextCounterValue(client, tableName, counters.sellerId),
  highestSellerId: () => currentCounterValue(client, tableName, counters.sellerId),

  async create(account) {
    // The account and its key lookup are written together so a key never points at nothing.
    await writeTransaction(client, [
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.account(account.account_id), entity: "account", ...account },
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.apiKey(account.api_key_hash),
            entity: "api_key",
            account_id: account.account_id,
            api_key_hash: account.api_key_hash,
          },
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
      // The seller's product count starts here, so listing and writing products never have to build it.
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.sellerCounts(account.account_id), entity: "seller_counts", products: 0 },
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
    ]);
  },

  async findById(accountId) {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.account(accountId) }));
    return result.Item ? accountRecordSchema.parse(result.Item) : undefined;
  },

  async findMany(accountIds) {
    const items = await batchGetAll(client, tableName, accountIds.map(keys.account));
    const accounts = items.map((item) => accountRecordSchema.parse(item));
    return new Map(accounts.map((account) => [account.account_id, account]));
  },

  async findAccountIdByApiKeyHash(apiKeyHash) {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.apiKey(apiKeyHash) }));
    const accountId = result.Item?.account_id;
    return typeof accountId === "number" ? accountId : undefined;
  },

  async setImage(accountId, image) {
    try {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.account(accountId),
          UpdateExpression: "SET img = :url, img_key = :key",
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeValues: { ":url": image.url, ":key": image.key },
          ReturnValues: "ALL_OLD",
        }),
      );
      return { previousKey: String(result.Attributes?.img_key ?? "") };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  },

  async updateProfile(accountId, changes) {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    try {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.account(accountId),
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(", ")}`,
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeNames: Object.fromEntries(entries.map(([field], i) => [`#f${i}`, field])),
          ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
          ReturnValues: "ALL_NEW",
        }),
      );
      return accountRecordSchema.parse(result.Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  },

  async credit(movement) {
    try {
      await writeTransaction(client, balanceMovementItems(tableName, movement));
    } catch (error) {
      // Only a missing account means "not found"; anything else is a real failure.
      if (conditionFailedAt(error, 0)) return undefined;
      throw error;
    }
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.account(movement.accountId), ConsistentRead: true }),
    );
    return accountRecordSchema.parse(result.Item).balance;
  },

  async consumeTotpStep(accountId, step) {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.account(accountId),
          UpdateExpression: "SET totp_last_step = :step",
          // A code is good once: no step at or before the last one used is accepted again.
          ConditionExpression:
            "attribute_exists(PK) AND (attribute_not_exists(totp_last_step) OR totp_last_step < :step)",
          ExpressionAttributeValues: { ":step": step },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async recordOtpFailure(accountId, at, keepSeconds) {
    const id = randomUUID();
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.otpFailure(accountId, at.toISOString(), id),
          entity: "otp_failure",
          at: at.toISOString(),
          expires_at: Math.floor(at.getTime() / 1000) + keepSeconds,
        },
      }),
    );
    return id;
  },

  async forgetOtpFailure(accountId, at, failureId) {
    await client.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.otpFailure(accountId, at.toISOString(), failureId),
      }),
    );
  },

  async otpFailuresSince(accountId, since) {
    const { PK, skPrefix } = collections.otpFailures(accountId);
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "PK = :pk AND SK BETWEEN :from AND :to",
        // Parallel attempts must see each other's records.
        ConsistentRead: true,
        ExpressionAttributeValues: {
          ":pk": PK,
          ":from": `${skPrefix}${since.toISOString()}`,
          ":to": `${skPrefix}~`,
        },
      }),
    );
    return (page.Items ?? []).map((item) => String(item.at));
  },
});

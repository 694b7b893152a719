import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { counters, keys } from "../data/table-keys.js";
import { type AccountRecord, accountRecordSchema } from "./account.js";

/** Persistence of accounts and their API-key lookups; the service depends on this shape only. */
export interface AccountStore {
  nextSellerId(): Promise<number>;
  create(account: AccountRecord): Promise<void>;
  findById(accountId: number): Promise<AccountRecord | undefined>;
  findAccountIdByApiKeyHash(apiKeyHash: string): Promise<number | undefined>;
  /** Links a new store image; returns the replaced image's key, or undefined if there is no such account. */
  setImage(
    accountId: number,
    image: { url: string; key: string },
  ): Promise<{ previousKey: string } | undefined>;
}

/** The DynamoDB implementation of AccountStore. */
export const createAccountRepository = (client: DynamoDBDocumentClient, tableName: string): AccountStore => ({
  async nextSellerId() {
    const result = await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.counter(counters.sellerId),
        UpdateExpression: "ADD #value :one",
        ExpressionAttributeNames: { "#value": "value" },
        ExpressionAttributeValues: { ":one": 1 },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    const value = result.Attributes?.value;
    if (typeof value !== "number") throw new Error("Seller id counter returned no number");
    return value;
  },

  async create(account) {
    // The account and its key lookup are written together so a key never points at nothing.
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
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
        ],
      }),
    );
  },

  async findById(accountId) {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.account(accountId) }));
    return result.Item ? accountRecordSchema.parse(result.Item) : undefined;
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
});

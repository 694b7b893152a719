import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { keys } from "../data/table-keys.js";
import { tableSchema } from "../data/table-schema.js";
import type { ExchangeWindowStore } from "./exchange-limits.js";

/**
 * The DynamoDB implementation of ExchangeWindowStore: one conditional UpdateItem per window, so
 * parallel exchanges are counted exactly and a full window is never exceeded.
 */
export const createExchangeWindowRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): ExchangeWindowStore => ({
  async take(scope, subject, windowStart, limit, expiresAt) {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.exchangeWindow(scope, subject, windowStart),
          UpdateExpression: "ADD exchanges :one SET entity = :entity, #ttl = :expiresAt",
          ConditionExpression: "attribute_not_exists(exchanges) OR exchanges < :limit",
          ExpressionAttributeNames: { "#ttl": tableSchema.ttlAttribute },
          ExpressionAttributeValues: {
            ":one": 1,
            ":limit": limit,
            ":entity": "exchange_window",
            ":expiresAt": expiresAt,
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
});

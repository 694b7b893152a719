import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { tableSchema } from "../data/table-schema.js";
import type { RateWindowStore } from "./rate-limiter.js";
import { rateWindowTableItem } from "./rate-window-items.js";

/**
 * The DynamoDB implementation of RateWindowStore: one conditional UpdateItem per window, so parallel
 * actions are counted exactly and a full window is never exceeded.
 */
export const createRateWindowRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): RateWindowStore => ({
  async take(name, subject, windowStart, limit, expiresAt) {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: rateWindowTableItem.key(name, subject, windowStart),
          UpdateExpression: "ADD hits :one SET entity = :entity, #ttl = :expiresAt",
          ConditionExpression: "attribute_not_exists(hits) OR hits < :limit",
          ExpressionAttributeNames: { "#ttl": tableSchema.ttlAttribute },
          ExpressionAttributeValues: {
            ":one": 1,
            ":limit": limit,
            ":entity": rateWindowTableItem.entity,
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

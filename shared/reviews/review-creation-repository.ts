import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { keys } from "../data/table-keys.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import type { ReviewRecord } from "./review.js";
import { reviewItem, reviewLookupItem } from "./review-items.js";

/**
 * Writes a new review in one transaction: a condition check that its order is the reseller's, of its
 * product and delivered; the review, conditioned on none of that reseller and product; and its lookup.
 */
export type ReviewCreation = (review: ReviewRecord) => Promise<"created" | "order_refused" | "exists">;

/** The DynamoDB implementation of ReviewCreation. */
export const createReviewCreation =
  (client: DynamoDBDocumentClient, tableName: string): ReviewCreation =>
  async (review) => {
    try {
      await writeTransaction(client, [
        {
          ConditionCheck: {
            TableName: tableName,
            Key: keys.order(review.order_id),
            ConditionExpression:
              "buyer_account_id = :reseller AND product_id = :product AND delivered = :delivered",
            ExpressionAttributeValues: {
              ":reseller": review.reseller_id,
              ":product": review.product_id,
              ":delivered": true,
            },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: reviewItem(review),
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: reviewLookupItem(review),
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
      ]);
      return "created";
    } catch (error) {
      if (conditionFailedAt(error, 0)) return "order_refused";
      if (conditionFailedAt(error, 1)) return "exists";
      throw error;
    }
  };

import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { collections, keys } from "../data/table-keys.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import { type CommentRecord, commentRecordSchema } from "./comment.js";
import { commentCountUpdate, commentTableItem } from "./comment-items.js";

/** Persistence of product comments and their count. */
export interface CommentStore {
  /** Adds a comment to an existing product and counts it; false when there is no such product. */
  add(comment: CommentRecord): Promise<boolean>;
  /** The newest `offset + limit` comments, of which the last `limit` are returned, and the product's count. */
  page(
    productId: string,
    offset: number,
    limit: number,
  ): Promise<{ comments: CommentRecord[]; total: number }>;
}

/** The DynamoDB implementation of CommentStore; comments live in their product's partition. */
export const createCommentRepository = (client: DynamoDBDocumentClient, tableName: string): CommentStore => ({
  async add(comment) {
    try {
      await writeTransaction(client, [
        {
          ConditionCheck: {
            TableName: tableName,
            Key: keys.product(comment.product_id),
            ConditionExpression: "attribute_exists(PK)",
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: commentTableItem.item(
              [comment.product_id, comment.created_at, comment.comment_id],
              comment,
            ),
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
        commentCountUpdate(tableName, comment.product_id, 1),
      ]);
      return true;
    } catch (error) {
      if (conditionFailedAt(error, 0)) return false;
      throw error;
    }
  },

  async page(productId, offset, limit) {
    const { PK, skPrefix } = collections.comments(productId);
    const [page, count] = await Promise.all([
      client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
          ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
          ScanIndexForward: false,
          Limit: offset + limit,
        }),
      ),
      client.send(new GetCommand({ TableName: tableName, Key: keys.commentCount(productId) })),
    ]);
    return {
      comments: (page.Items ?? []).slice(offset).map((item) => commentRecordSchema.parse(item)),
      total: Number(count.Item?.total ?? 0),
    };
  },
});

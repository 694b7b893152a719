import { type DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { queryPage } from "../data/query-page.js";
import { collections, indexedCollections } from "../data/table-keys.js";
import { type ReviewRecord, type ReviewStatus, reviewRecordSchema } from "./review.js";

/*
 * The three lists of reviews, one factory each, so a function bundles only the list its routes read:
 * the author's (by the primary key), the seller's and the operator's queue (keys-only indexes, then the
 * reviews themselves, one BatchGet per page).
 */

/** A page of a reseller's reviews, by product id. */
export type ResellerReviewList = (
  resellerId: number,
  offset: number,
  limit: number,
) => Promise<ReviewRecord[]>;
/** A page of the reviews of a seller's products, newest first. */
export type SellerReviewList = (sellerId: number, offset: number, limit: number) => Promise<ReviewRecord[]>;
/** The newest `limit` reviews of one status, newest change first. */
export type ReviewQueue = (status: ReviewStatus, limit: number) => Promise<ReviewRecord[]>;

/** The reviews at the table keys an index answered, in the index's order. */
const reviewsAt = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  items: readonly Record<string, unknown>[],
): Promise<ReviewRecord[]> => {
  const itemKeys = items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
  const read = await batchGetAll(client, tableName, itemKeys);
  const byKey = new Map(read.map((item) => [`${item.PK}\u0000${item.SK}`, reviewRecordSchema.parse(item)]));
  return itemKeys.flatMap((key) => byKey.get(`${key.PK}\u0000${key.SK}`) ?? []);
};

/** The DynamoDB implementation of ResellerReviewList. */
export const createResellerReviewList =
  (client: DynamoDBDocumentClient, tableName: string): ResellerReviewList =>
  async (resellerId, offset, limit) => {
    const { PK, skPrefix } = collections.resellerReviews(resellerId);
    const { items } = await queryPage(
      client,
      {
        TableName: tableName,
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
      },
      offset,
      limit,
    );
    return items.map((item) => reviewRecordSchema.parse(item));
  };

/** The DynamoDB implementation of SellerReviewList. */
export const createSellerReviewList =
  (client: DynamoDBDocumentClient, tableName: string): SellerReviewList =>
  async (sellerId, offset, limit) => {
    const { items } = await queryPage(
      client,
      indexQuery(tableName, indexedCollections.sellerReviews, [sellerId], { descending: true }),
      offset,
      limit,
    );
    return reviewsAt(client, tableName, items);
  };

/** The DynamoDB implementation of ReviewQueue. */
export const createReviewQueue =
  (client: DynamoDBDocumentClient, tableName: string): ReviewQueue =>
  async (status, limit) => {
    const page = await client.send(
      new QueryCommand(
        indexQuery(tableName, indexedCollections.reviewsByStatus, [status], { descending: true, limit }),
      ),
    );
    // The index holds keys only and trails the table: a review decided a moment ago may still be under
    // its old status there, so the reviews read are held to the status asked for.
    return (await reviewsAt(client, tableName, page.Items ?? [])).filter(
      (review) => review.status === status,
    );
  };

import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { collections, keys } from "../data/table-keys.js";
import * as z from "../validation/zod-mini.js";
import { type FavoriteRecord, favoriteRecordSchema } from "./favorite.js";

/** One slice of a reseller's favorites, by product id. */
export interface FavoriteSlice {
  readonly productIds: string[];
  /** Where the next slice starts (exclusive); undefined when the list has been read to its end. */
  readonly next: string | undefined;
}

/** Persistence of resellers' favorites. Writes are conditional, so concurrent changes never read-modify-write. */
export interface FavoriteStore {
  /** Stores the favorite unless it is already there; true when this call stored it. */
  put(record: FavoriteRecord): Promise<boolean>;
  /** Deletes the favorite if it is there; true when this call deleted it. */
  delete(accountId: number, productId: string): Promise<boolean>;
  /** Up to `limit` of an account's favorite product ids after `after`, in product id order. */
  slice(accountId: number, limit: number, after?: string): Promise<FavoriteSlice>;
}

const productIdOnly = z.pick(favoriteRecordSchema, { product_id: true });

/** The DynamoDB implementation of FavoriteStore; favorites live in their reseller's account partition. */
export const createFavoriteRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): FavoriteStore => ({
  async put(record) {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.favorite(record.account_id, record.product_id), entity: "favorite", ...record },
          // The first add wins and keeps its time; a later one finds it there and changes nothing.
          ConditionExpression: "attribute_not_exists(PK)",
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async delete(accountId, productId) {
    try {
      await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.favorite(accountId, productId),
          // Tells a toggle whether this call removed it or another request already had.
          ConditionExpression: "attribute_exists(PK)",
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async slice(accountId, limit, after) {
    const { PK, skPrefix } = collections.favorites(accountId);
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
        ProjectionExpression: "product_id",
        Limit: limit,
        ExclusiveStartKey: after === undefined ? undefined : keys.favorite(accountId, after),
      }),
    );
    const productIds = (result.Items ?? []).map((item) => productIdOnly.parse(item).product_id);
    return {
      productIds,
      next: result.LastEvaluatedKey === undefined ? undefined : productIds.at(-1),
    };
  },
});

import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { queryAll } from "../data/query-all.js";
import { collections } from "../data/table-keys.js";
import { type Category, categorySchema } from "./category.js";
import { categoryTableItem } from "./category-items.js";

/** Persistence of categories. */
export interface CategoryStore {
  /** Writes a new category; returns false when the id is taken. */
  create(category: Category): Promise<boolean>;
  list(): Promise<Category[]>;
  get(categoryId: number): Promise<Category | undefined>;
  /** The categories that exist among `categoryIds`, by id. */
  getMany(categoryIds: readonly number[]): Promise<Map<number, Category>>;
}

/** The DynamoDB implementation of CategoryStore; all categories sit in one partition. */
export const createCategoryRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): CategoryStore => ({
  async create(category) {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: categoryTableItem.item([category.id], category),
          ConditionExpression: "attribute_not_exists(PK)",
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async get(categoryId) {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: categoryTableItem.key(categoryId) }),
    );
    return result.Item ? categorySchema.parse(result.Item) : undefined;
  },

  async getMany(categoryIds) {
    const items = await batchGetAll(client, tableName, categoryIds.map(categoryTableItem.key));
    return new Map(items.map((item) => categorySchema.parse(item)).map((c) => [c.id, c]));
  },

  async list() {
    const items = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
      ExpressionAttributeValues: {
        ":pk": collections.categories.PK,
        ":prefix": collections.categories.skPrefix,
      },
    });
    return items.map((item) => categorySchema.parse(item)).sort((a, b) => a.id - b.id);
  },
});

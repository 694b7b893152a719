import { BatchGetCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { projectionExpression } from "./projection-expression.js";
import type { ItemKey } from "./table-keys.js";

/**
 * Reads items by key, 100 per request, until DynamoDB has returned every one that exists (in no set
 * order); with `attributes`, only those (the keys are added, so a caller can match items to its keys).
 */
export const batchGetAll = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  itemKeys: readonly ItemKey[],
  options: { consistent?: boolean; attributes?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> => {
  const unique = [...new Map(itemKeys.map((key) => [`${key.PK}\u0000${key.SK}`, key])).values()];
  const items: Record<string, unknown>[] = [];
  const projection = options.attributes
    ? projectionExpression([...new Set(["PK", "SK", ...options.attributes])])
    : {};
  for (let i = 0; i < unique.length; i += 100) {
    let pending: ItemKey[] = unique.slice(i, i + 100);
    while (pending.length > 0) {
      const result = await client.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys: pending.map((key) => ({ ...key })),
              ConsistentRead: options.consistent === true,
              ...projection,
            },
          },
        }),
      );
      items.push(...(result.Responses?.[tableName] ?? []));
      pending = (result.UnprocessedKeys?.[tableName]?.Keys ?? []).map((key) => ({
        PK: String(key.PK),
        SK: String(key.SK),
      }));
    }
  }
  return items;
};

import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";

/** Runs a Query to the end (or until `max` items, when given), page by page, and returns the items. */
export const queryAll = async (
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, "ExclusiveStartKey">,
  max = Number.POSITIVE_INFINITY,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        ...input,
        ...(Number.isFinite(max) ? { Limit: max - items.length } : {}),
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < max);
  return items;
};

/**
 * How many items a Query matches, read to the end with Select COUNT: DynamoDB counts up to 1 MB of items
 * per page without returning them, and each next page starts where the last stopped.
 */
export const countAll = async (
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, "ExclusiveStartKey" | "Select" | "ProjectionExpression">,
): Promise<number> => {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({ ...input, Select: "COUNT", ExclusiveStartKey: startKey }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
};

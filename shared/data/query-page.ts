import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";

/** One page of a Query, and where the next one starts (absent at the end). */
export interface QueryPage {
  readonly items: Record<string, unknown>[];
  readonly next: Record<string, unknown> | undefined;
}

/**
 * Reads `limit` items after skipping `offset`, asking DynamoDB for exactly as many as are still needed,
 * so a page costs what it shows (plus what it skips) whatever the partition's size.
 */
export const queryPage = async (
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, "ExclusiveStartKey" | "Limit">,
  offset: number,
  limit: number,
  start?: Record<string, unknown>,
): Promise<QueryPage> => {
  const wanted = offset + limit;
  const items: Record<string, unknown>[] = [];
  let startKey = start;
  do {
    const page = await client.send(
      new QueryCommand({ ...input, Limit: wanted - items.length, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < wanted);
  return { items: items.slice(offset, wanted), next: startKey };
};

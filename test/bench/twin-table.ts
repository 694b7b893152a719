import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { LocalStackConfig } from "../../infra/local/local-environment.js";
import { createLocalTable } from "../../infra/local/provision.js";

/**
 * A second table with the service table's schema (keys, indexes, stream) in the same DynamoDB Local, for
 * the raw baseline of writes: replaying a purchase there takes stock and balance from copies, so the
 * service table's stock, balances and ledger stay exactly what the service wrote.
 */
export const createTwinTable = async (config: LocalStackConfig): Promise<string> => {
  const tableName = `${config.tableName}-raw`;
  await createLocalTable({ ...config, tableName });
  return tableName;
};

/** Copies these items (by key) from one table to the other, as they are now. */
export const copyItems = async (
  client: DynamoDBDocumentClient,
  from: string,
  to: string,
  itemKeys: readonly Record<string, unknown>[],
): Promise<number> => {
  const unique = new Map(itemKeys.map((key) => [JSON.stringify(key), key]));
  let copied = 0;
  for (const key of unique.values()) {
    const { Item } = await client.send(new GetCommand({ TableName: from, Key: key, ConsistentRead: true }));
    if (!Item) continue;
    await client.send(new PutCommand({ TableName: to, Item }));
    copied += 1;
  }
  return copied;
};

import { DynamoDBClient, UpdateTableCommand } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { LocalStackConfig } from "../../infra/local/local-environment.js";
import { createLocalTable } from "../../infra/local/provision.js";
import { createBatchWriter } from "./batch-writer.js";

/**
 * A second table in the same DynamoDB Local with the service table's schema (keys, indexes), its stream
 * off like the quiet stack's, and a copy of every item: the raw baseline of writes replays purchases
 * there, against the same data, while the service table's stock, balances and ledger stay exactly what
 * the service wrote.
 */
export const createTwinTable = async (
  config: LocalStackConfig,
  client: DynamoDBDocumentClient,
): Promise<{ tableName: string; items: number }> => {
  const tableName = `${config.tableName}-raw`;
  await createLocalTable({ ...config, tableName });
  const raw = new DynamoDBClient({});
  try {
    await raw.send(
      new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }),
    );
  } finally {
    raw.destroy();
  }
  const writer = createBatchWriter(client, tableName, 4);
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) await writer.put(item);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await writer.flush();
  return { tableName, items: writer.written };
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

import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../../shared/data/batch-get.js";
import { indexQuery } from "../../shared/data/index-query.js";
import { queryAll } from "../../shared/data/query-all.js";
import type { GlobalIndex } from "../../shared/data/table-schema.js";

/**
 * Every member of one partition of an indexed collection (a seller's orders, a seller's payouts), read
 * whole and strongly consistent by key: an index may project only some attributes, and state checks
 * after a run must see the last write, not the index's copy of it.
 */
export const indexedMembers = async <TPartition extends unknown[]>(
  client: DynamoDBDocumentClient,
  tableName: string,
  collection: { readonly index: GlobalIndex; partition(...args: TPartition): string },
  partition: TPartition,
): Promise<Record<string, unknown>[]> => {
  const listed = await queryAll(client, indexQuery(tableName, collection, partition));
  return batchGetAll(
    client,
    tableName,
    listed.map((row) => ({ PK: String(row.PK), SK: String(row.SK) })),
    { consistent: true },
  );
};

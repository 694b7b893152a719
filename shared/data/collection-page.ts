import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { indexQuery } from "./index-query.js";
import { decodeCursor, encodeCursor } from "./page-cursor.js";
import { queryPage } from "./query-page.js";
import type { GlobalIndex } from "./table-schema.js";

/**
 * One cursor-paged page of a collection on a global index, newest first: `limit` members from the
 * cursor on, with the next page's cursor (none at the end). A cursor that does not belong to this
 * partition is refused before anything is read.
 */
export const collectionPage = async <TPartition extends unknown[]>(
  client: DynamoDBDocumentClient,
  tableName: string,
  collection: { readonly index: GlobalIndex; partition(...args: TPartition): string },
  partition: TPartition,
  options: {
    readonly limit: number;
    readonly cursor: string | undefined;
    readonly attributes: readonly string[];
  },
): Promise<{ items: Record<string, unknown>[]; next: string | undefined } | "invalid_cursor"> => {
  const { partitionKey, sortKey } = collection.index;
  const start =
    options.cursor === undefined
      ? undefined
      : decodeCursor(options.cursor, {
          attributes: ["PK", "SK", partitionKey, sortKey],
          partition: { [partitionKey]: collection.partition(...partition) },
        });
  if (options.cursor !== undefined && start === undefined) return "invalid_cursor";
  const page = await queryPage(
    client,
    indexQuery(tableName, collection, partition, { descending: true, attributes: options.attributes }),
    0,
    options.limit,
    start,
  );
  return { items: page.items, next: page.next ? encodeCursor(page.next) : undefined };
};

import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { indexQuery } from "./index-query.js";
import type { ListPosition } from "./page-cursor.js";
import { queryAll } from "./query-all.js";
import { queryPage } from "./query-page.js";
import type { GlobalIndex } from "./table-schema.js";

/** A collection on a global index, and the partition of it one caller reads. */
interface Collection<TPartition extends unknown[]> {
  readonly index: GlobalIndex;
  partition(...args: TPartition): string;
}

const keyAttributes = (index: GlobalIndex) => ["PK", "SK", index.partitionKey, index.sortKey];

/** Whether a position is the key of a member of exactly this partition: the attributes of the index's keys, no other. */
const isPositionIn = (index: GlobalIndex, partition: string, position: ListPosition): boolean => {
  const names = Object.keys(position).sort();
  const expected = keyAttributes(index).sort();
  return (
    names.length === expected.length &&
    names.every((name, i) => name === expected[i]) &&
    position[index.partitionKey] === partition
  );
};

/**
 * One page of a collection on a global index, newest first: `limit` members after `start`, and the
 * position of the last one when more follow (none when the page reached the end, even when it is
 * exactly full: one member more is read to know). A start outside the partition is refused unread.
 */
export const collectionPage = async <TPartition extends unknown[]>(
  client: DynamoDBDocumentClient,
  tableName: string,
  collection: Collection<TPartition>,
  partition: TPartition,
  options: {
    readonly limit: number;
    readonly start: ListPosition | undefined;
    readonly attributes: readonly string[];
  },
): Promise<{ items: Record<string, unknown>[]; next: ListPosition | undefined } | "invalid_start"> => {
  const { index } = collection;
  if (options.start && !isPositionIn(index, collection.partition(...partition), options.start))
    return "invalid_start";
  const keys = keyAttributes(index);
  const attributes = [...new Set([...options.attributes, ...keys])];
  const { items } = await queryPage(
    client,
    indexQuery(tableName, collection, partition, { descending: true, attributes }),
    0,
    options.limit + 1,
    options.start,
  );
  const page = items.slice(0, options.limit);
  const last = page.at(-1);
  const next =
    items.length > options.limit && last
      ? Object.fromEntries(keys.map((name) => [name, String(last[name])]))
      : undefined;
  return { items: page, next };
};

/**
 * A whole collection on a global index, newest first, its pages read back to back with only `attributes`;
 * "too_many" once it holds more than `max` members, having read no further.
 */
export const collectionAll = async <TPartition extends unknown[]>(
  client: DynamoDBDocumentClient,
  tableName: string,
  collection: Collection<TPartition>,
  partition: TPartition,
  options: { readonly max: number; readonly attributes: readonly string[] },
): Promise<Record<string, unknown>[] | "too_many"> => {
  const items = await queryAll(
    client,
    indexQuery(tableName, collection, partition, { descending: true, attributes: options.attributes }),
    options.max + 1,
  );
  return items.length > options.max ? "too_many" : items;
};

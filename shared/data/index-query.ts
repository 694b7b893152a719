import type { QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { type GlobalIndex, indexProjects } from "./table-schema.js";

/** How to read one partition of an indexed collection. */
export interface IndexQueryOptions {
  /** Newest (highest sort value) first; the default is ascending. */
  readonly descending?: boolean;
  /** Only members whose sort value is below this. */
  readonly sortBelow?: string;
  /** Only members whose sort value lies between these two, both included. */
  readonly sortBetween?: readonly [string, string];
  /** At most this many items per request. */
  readonly limit?: number;
  /**
   * Attributes to return (all the index projects when absent); names are escaped, so reserved words are
   * fine. Asking for one the index does not project is a mistake a global index cannot serve: it throws.
   */
  readonly attributes?: readonly string[];
}

/** The Query input for one partition of a collection on a global index (see `indexedCollections`). */
export const indexQuery = <TPartition extends unknown[]>(
  tableName: string,
  target: { readonly index: GlobalIndex; partition(...args: TPartition): string },
  partition: TPartition,
  options: IndexQueryOptions = {},
): Omit<QueryCommandInput, "ExclusiveStartKey"> => {
  const { index } = target;
  const names: Record<string, string> = { "#pk": index.partitionKey };
  const values: Record<string, unknown> = { ":pk": target.partition(...partition) };
  let condition = "#pk = :pk";
  if (options.sortBelow !== undefined) {
    names["#sk"] = index.sortKey;
    values[":below"] = options.sortBelow;
    condition += " AND #sk < :below";
  } else if (options.sortBetween !== undefined) {
    names["#sk"] = index.sortKey;
    values[":from"] = options.sortBetween[0];
    values[":to"] = options.sortBetween[1];
    condition += " AND #sk BETWEEN :from AND :to";
  }
  const unprojected = options.attributes?.filter((attribute) => !indexProjects(index, attribute)) ?? [];
  if (unprojected.length > 0) throw new Error(`${index.name} does not project ${unprojected.join(", ")}`);
  const projection = options.attributes?.map((attribute, i) => {
    names[`#a${i}`] = attribute;
    return `#a${i}`;
  });
  return {
    TableName: tableName,
    IndexName: index.name,
    KeyConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(projection ? { ProjectionExpression: projection.join(", ") } : {}),
    ...(options.descending ? { ScanIndexForward: false } : {}),
    ...(options.limit !== undefined ? { Limit: options.limit } : {}),
  };
};

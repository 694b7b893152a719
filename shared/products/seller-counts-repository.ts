import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { indexQuery } from "../data/index-query.js";
import { queryAll } from "../data/query-all.js";
import { indexedCollections } from "../data/table-keys.js";
import { type ProductListEntry, productCountAttributes } from "./product-items.js";
import { sellerCountsTableItem } from "./seller-counts-item.js";
import { countAttributes, countsOf } from "./seller-lists.js";

/** The seller's count item, read and (when missing) built, and the retry every write that moves it runs in. */
export interface SellerCounts {
  /**
   * The seller's counts, building the count item from their products when it is missing. While it is
   * missing no product of theirs can be created, deleted or moved between lists (each needs it), so
   * the counts cannot change under us, and concurrent callers agree (the first Put wins).
   */
  readCounts(sellerId: number): Promise<Record<string, number>>;
  /** Runs `attempt` again after building a missing count item, and after a stale read up to three times in all. */
  withCounts<T>(
    sellerId: number,
    attempt: () => Promise<T | "counts_missing" | "stale">,
  ): Promise<T | "stale">;
}

/** The DynamoDB implementation of SellerCounts. */
export const createSellerCounts = (client: DynamoDBDocumentClient, tableName: string): SellerCounts => {
  const readCounts = async (sellerId: number): Promise<Record<string, number>> => {
    const existing = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: sellerCountsTableItem.key(sellerId),
        ConsistentRead: true,
      }),
    );
    if (typeof existing.Item?.products === "number") return existing.Item as Record<string, number>;
    const rows = (await queryAll(
      client,
      indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
        attributes: productCountAttributes,
      }),
    )) as unknown as ProductListEntry[];
    const counts = countsOf(rows);
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: sellerCountsTableItem.item([sellerId], counts),
          ConditionExpression: "attribute_not_exists(PK)",
        }),
      );
      return counts;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return readCounts(sellerId);
    }
  };

  const withCounts = async <T>(
    sellerId: number,
    attempt: () => Promise<T | "counts_missing" | "stale">,
  ): Promise<T | "stale"> => {
    for (let round = 0; round < 3; round++) {
      const outcome = await attempt();
      if (outcome === "counts_missing") await readCounts(sellerId);
      else if (outcome !== "stale") return outcome;
    }
    return "stale";
  };

  return { readCounts, withCounts };
};

/** Whether every product of the seller is in the filtered lists (and their counts are exact). */
export const allIndexed = (counts: Record<string, number>): boolean =>
  Number(counts[countAttributes.indexed] ?? 0) === Number(counts[countAttributes.products] ?? 0);

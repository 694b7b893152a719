import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createProductModeration, type ProductModeration } from "./product-moderation-repository.js";
import { createProductReads, type ProductReads } from "./product-read-repository.js";
import { createProductWrites, type ProductWrites } from "./product-write-repository.js";
import { createSellerCounts } from "./seller-counts-repository.js";

/**
 * Persistence of products: reads and lists (`product-read-repository.ts`), a seller's writes
 * (`product-write-repository.ts`) and moderation (`product-moderation-repository.ts`), over the items
 * of `product-items.ts`.
 */
export interface ProductStore extends ProductReads, ProductWrites, ProductModeration {}

/** The DynamoDB implementation of ProductStore: its parts, sharing the seller's count item. */
export const createProductRepository = (client: DynamoDBDocumentClient, tableName: string): ProductStore => {
  const counts = createSellerCounts(client, tableName);
  const reads = createProductReads(client, tableName, counts);
  return {
    ...reads,
    ...createProductWrites(client, tableName, { counts, reads }),
    ...createProductModeration(client, tableName, counts),
  };
};

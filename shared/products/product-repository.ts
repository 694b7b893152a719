import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createProductDecisions, type ProductDecisions } from "./product-decision-repository.js";
import { createProductModeration, type ProductModeration } from "./product-moderation-repository.js";
import { createProductReads, type ProductReads } from "./product-read-repository.js";
import { createProductWrites, type ProductWrites } from "./product-write-repository.js";
import { createSellerCounts, type SellerCounts } from "./seller-counts-repository.js";

/**
 * What a seller's requests do with products: reads and lists (`product-read-repository.ts`), writes
 * (`product-write-repository.ts`) and their side of moderation (`product-moderation-repository.ts`).
 */
export interface SellerProductStore extends ProductReads, ProductWrites, ProductModeration {}

/**
 * Persistence of products: the seller's store and the operator's decisions and flags
 * (`product-decision-repository.ts`), over the items of `product-items.ts`.
 */
export interface ProductStore extends SellerProductStore, ProductDecisions {}

/** The seller's parts over one count item, shared by both stores below. */
const sellerParts = (
  client: DynamoDBDocumentClient,
  tableName: string,
  counts: SellerCounts,
): SellerProductStore => {
  const reads = createProductReads(client, tableName, counts);
  return {
    ...reads,
    ...createProductWrites(client, tableName, { counts, reads }),
    ...createProductModeration(client, tableName, counts),
  };
};

/** The seller's store alone: what v1's product routes need, without the operator's code in their bundle. */
export const createSellerProductRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): SellerProductStore => sellerParts(client, tableName, createSellerCounts(client, tableName));

/** The DynamoDB implementation of ProductStore: the seller's parts and the operator's, sharing the seller's count item. */
export const createProductRepository = (client: DynamoDBDocumentClient, tableName: string): ProductStore => {
  const counts = createSellerCounts(client, tableName);
  return { ...sellerParts(client, tableName, counts), ...createProductDecisions(client, tableName, counts) };
};

import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { type CatalogueListings, createCatalogueListings } from "./catalogue-listing-repository.js";
import { type CatalogueSearch, createCatalogueSearch } from "./catalogue-search-repository.js";

/**
 * Persistence of the catalogue: facet entries, their counts and price trees, and each product's listing;
 * written by the indexer (`catalogue-listing-repository.ts`), read by searches (`catalogue-search-repository.ts`).
 */
export interface CatalogueStore extends CatalogueListings, CatalogueSearch {}

/** The DynamoDB implementation of CatalogueStore. */
export const createCatalogueRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): CatalogueStore => ({
  ...createCatalogueListings(client, tableName),
  ...createCatalogueSearch(client, tableName),
});

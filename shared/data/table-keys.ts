/**
 * Every table key of the service is built here and nowhere else. Entities use `PK`/`SK` as primary
 * key and the GSIn attributes declared in `table-schema.ts`.
 */
export interface ItemKey {
  readonly PK: string;
  readonly SK: string;
}

/** Primary keys of each entity. */
export const keys = {
  /** An account: a seller in v1 and a reseller in v2. */
  account: (accountId: number): ItemKey => ({ PK: `ACCOUNT#${accountId}`, SK: "PROFILE" }),
  /** Lookup from an API key's SHA-256 to its account. */
  apiKey: (apiKeyHash: string): ItemKey => ({ PK: `APIKEY#${apiKeyHash}`, SK: "APIKEY" }),
  /** An atomic counter, e.g. the next seller id. */
  counter: (name: string): ItemKey => ({ PK: `COUNTER#${name}`, SK: "COUNTER" }),
  /** A category; all categories share one partition, so listing them is one Query. */
  category: (categoryId: number): ItemKey => ({ PK: "CATEGORIES", SK: `CATEGORY#${categoryId}` }),
} as const;

/** Partition and sort-key prefixes for Queries over a collection. */
export const collections = {
  categories: { PK: "CATEGORIES", skPrefix: "CATEGORY#" },
} as const;

/** Names of counters kept in the table. */
export const counters = {
  sellerId: "SELLER_ID",
} as const;

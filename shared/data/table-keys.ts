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
  /** A product. */
  product: (productId: string): ItemKey => ({ PK: `PRODUCT#${productId}`, SK: "PRODUCT" }),
  /** Guard that keeps a product name unique per seller (name normalised by the product rules). */
  productNameGuard: (sellerId: number, normalizedName: string): ItemKey => ({
    PK: `ACCOUNT#${sellerId}#NAME#${normalizedName}`,
    SK: "GUARD",
  }),
  /** Guard that keeps a product uuid unique per seller. */
  productUuidGuard: (sellerId: number, uuid: string): ItemKey => ({
    PK: `ACCOUNT#${sellerId}#UUID#${uuid}`,
    SK: "GUARD",
  }),
  /** A category; all categories share one partition, so listing them is one Query. */
  category: (categoryId: number): ItemKey => ({ PK: "CATEGORIES", SK: `CATEGORY#${categoryId}` }),
} as const;

/** GSI attributes of each indexed entity. */
export const indexKeys = {
  /** GSI1: a seller's products, newest first when read backwards. */
  sellerProduct: (sellerId: number, createdAt: string, productId: string) => ({
    GSI1PK: `SELLER#${sellerId}#PRODUCTS`,
    GSI1SK: `${createdAt}#${productId}`,
  }),
  /** GSI3: the public catalogue; only approved products carry these attributes. */
  catalogueProduct: (productId: string) => ({ GSI3PK: "CATALOGUE", GSI3SK: productId }),
} as const;

/** The partition value of a seller's products on GSI1. */
export const sellerProductsPartition = (sellerId: number): string => `SELLER#${sellerId}#PRODUCTS`;

/** Partition and sort-key prefixes for Queries over a collection. */
export const collections = {
  categories: { PK: "CATEGORIES", skPrefix: "CATEGORY#" },
} as const;

/** Names of counters kept in the table. */
export const counters = {
  sellerId: "SELLER_ID",
} as const;

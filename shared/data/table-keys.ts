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
  /** An order. */
  order: (orderId: string): ItemKey => ({ PK: `ORDER#${orderId}`, SK: "ORDER" }),
  /** A delivery token, found by the SHA-256 of the token; the token itself is never stored in clear. */
  deliveryToken: (tokenHash: string): ItemKey => ({ PK: `DELIVERY#${tokenHash}`, SK: "DELIVERY" }),
  /** An outbox event; the table's stream carries it to its queue. */
  outboxEvent: (eventId: string): ItemKey => ({ PK: `OUTBOX#${eventId}`, SK: "EVENT" }),
  /** One movement of an account's balance. */
  ledgerEntry: (accountId: number, at: string, entryId: string): ItemKey => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `LEDGER#${at}#${entryId}`,
  }),
  /** One attempt to call a seller's webhook for an order, in time order under the order. */
  webhookAttempt: (orderId: string, at: string, attemptId: string): ItemKey => ({
    PK: `ORDER#${orderId}`,
    SK: `WEBHOOK#${at}#${attemptId}`,
  }),
  /** A payout. */
  payout: (payoutId: string): ItemKey => ({ PK: `PAYOUT#${payoutId}`, SK: "PAYOUT" }),
  /** One wrong authenticator code, kept (with a TTL) to count recent failures. */
  otpFailure: (accountId: number, at: string, failureId: string): ItemKey => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `OTPFAIL#${at}#${failureId}`,
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
  /** GSI1: a seller's orders, newest first when read backwards. */
  sellerOrder: (sellerId: number, createdAt: string, orderId: string) => ({
    GSI1PK: `SELLER#${sellerId}#ORDERS`,
    GSI1SK: `${createdAt}#${orderId}`,
  }),
  /** GSI4: an unpaid order waiting for payment, by the time it expires; removed once paid or canceled. */
  expiringOrder: (expiresAt: string, orderId: string) => ({
    GSI4PK: "EXPIRING_ORDERS",
    GSI4SK: `${expiresAt}#${orderId}`,
  }),
  /** GSI1: the operator's payout queue by status; GSI2: the seller's payout history. */
  payout: (sellerId: number, status: string, createdAt: string, payoutId: string) => ({
    GSI1PK: `PAYOUTS#${status}`,
    GSI1SK: `${createdAt}#${payoutId}`,
    GSI2PK: `ACCOUNT#${sellerId}#PAYOUTS`,
    GSI2SK: `${createdAt}#${payoutId}`,
  }),
  /** GSI3: the public catalogue; only approved products carry these attributes. */
  catalogueProduct: (productId: string) => ({ GSI3PK: "CATALOGUE", GSI3SK: productId }),
} as const;

/** The partition value of a seller's orders on GSI1. */
export const sellerOrdersPartition = (sellerId: number): string => `SELLER#${sellerId}#ORDERS`;

/** The partition value of payouts of one status on GSI1 (the operator's queue). */
export const payoutsByStatusPartition = (status: string): string => `PAYOUTS#${status}`;

/** The partition value of a seller's payouts on GSI2. */
export const sellerPayoutsPartition = (sellerId: number): string => `ACCOUNT#${sellerId}#PAYOUTS`;

/** The partition value of unpaid orders on GSI4. */
export const EXPIRING_ORDERS_PARTITION = "EXPIRING_ORDERS";

/** The partition value of a seller's products on GSI1. */
export const sellerProductsPartition = (sellerId: number): string => `SELLER#${sellerId}#PRODUCTS`;

/** Partition and sort-key prefixes for Queries over a collection. */
export const collections = {
  ledger: (accountId: number) => ({ PK: `ACCOUNT#${accountId}`, skPrefix: "LEDGER#" }),
  webhookAttempts: (orderId: string) => ({ PK: `ORDER#${orderId}`, skPrefix: "WEBHOOK#" }),
  otpFailures: (accountId: number) => ({ PK: `ACCOUNT#${accountId}`, skPrefix: "OTPFAIL#" }),
  categories: { PK: "CATEGORIES", skPrefix: "CATEGORY#" },
} as const;

/** Names of counters kept in the table. */
export const counters = {
  sellerId: "SELLER_ID",
  orderNumber: "ORDER_NUMBER",
} as const;

import { type GlobalIndex, globalIndexes } from "./table-schema.js";

/**
 * Every table key of the service is built here and nowhere else. Entities use `PK`/`SK` as primary
 * key and join the global indexes declared in `table-schema.ts` through `indexedCollections`.
 */
export interface ItemKey {
  readonly PK: string;
  readonly SK: string;
}

/** Primary keys of each entity. */
export const keys = {
  /** An account: a seller in v1 and a reseller in v2. */
  account: (accountId: number): ItemKey => ({ PK: `ACCOUNT#${accountId}`, SK: "PROFILE" }),
  /**
   * How many products a seller has, in all and per status, category and both (`shared/products/seller-lists.ts`),
   * kept in the transactions that create, delete and move them.
   */
  sellerCounts: (accountId: number): ItemKey => ({ PK: `ACCOUNT#${accountId}`, SK: "COUNTS" }),
  /** Lookup from an API key's SHA-256 to its account. */
  apiKey: (apiKeyHash: string): ItemKey => ({ PK: `APIKEY#${apiKeyHash}`, SK: "APIKEY" }),
  /**
   * One fixed window of an abuse limit (`name`, e.g. `EXCHANGE#key` or `CHAT#sender`) for one subject
   * (an API key's hash, an address, an account), kept until DynamoDB's TTL removes it.
   */
  rateWindow: (name: string, subject: string, windowStart: number): ItemKey => ({
    PK: `LIMIT#${name}#${subject}`,
    SK: `WINDOW#${windowStart}`,
  }),
  /** An atomic counter, e.g. the next seller id. */
  counter: (name: string): ItemKey => ({ PK: `COUNTER#${name}`, SK: "COUNTER" }),
  /** A product. */
  product: (productId: string): ItemKey => ({ PK: `PRODUCT#${productId}`, SK: "PRODUCT" }),
  /**
   * One uploaded code of a seller, by its id (`shared/key-stock/code-id.ts`): the key is the code's
   * fingerprint, so the seller can hold each code once, whatever product it is on and whatever its state.
   */
  keyCode: (sellerId: number, codeId: string): ItemKey => ({
    PK: `KEYCODE#${sellerId}#${codeId}`,
    SK: "KEYCODE",
  }),
  /** Guard that keeps a product name unique per seller (name normalised by the product rules). */
  productNameGuard: (sellerId: number, normalizedName: string): ItemKey => ({
    PK: `ACCOUNT#${sellerId}#NAME#${normalizedName}`,
    SK: "GUARD",
  }),
  /**
   * One word start of a product's name in its seller's name index: the name's words from there on
   * (see `shared/products/seller-lists.ts`), then the product id, so a search is a `begins_with` range.
   */
  productNameEntry: (sellerId: number, words: string, productId: string): ItemKey => ({
    PK: `ACCOUNT#${sellerId}#PRODUCT_NAMES`,
    SK: `${words}#${productId}`,
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
  /** The marketplace's fee rates (#25): the default, each category's and each seller's, on one item. */
  feeSchedule: (): ItemKey => ({ PK: "FEES", SK: "SCHEDULE" }),
  /** One shard of the marketplace's own account (#25): its balance of fees; sales spread over the shards. */
  revenueShard: (shard: number): ItemKey => ({ PK: `REVENUE#${shard}`, SK: "BALANCE" }),
  /** One fee credited to a revenue shard, in time order under the shard. */
  revenueEntry: (shard: number, at: string, entryId: string): ItemKey => ({
    PK: `REVENUE#${shard}`,
    SK: `LEDGER#${at}#${entryId}`,
  }),
  /** A payment the provider took that did not pay the order, beside the order, one per provider payment id. */
  unappliedPayment: (orderId: string, paymentId: string): ItemKey => ({
    PK: `ORDER#${orderId}`,
    SK: `PAYMENT#${paymentId}`,
  }),
  /** The refund of an unapplied payment: the recorded movement, beside the order, at most one per payment. */
  paymentRefund: (orderId: string, paymentId: string): ItemKey => ({
    PK: `ORDER#${orderId}`,
    SK: `REFUND#${paymentId}`,
  }),
  /** One attempt to call a seller's webhook for an order, in time order under the order. */
  webhookAttempt: (orderId: string, at: string, attemptId: string): ItemKey => ({
    PK: `ORDER#${orderId}`,
    SK: `WEBHOOK#${at}#${attemptId}`,
  }),
  /**
   * One attempt to send a seller an event it opted into (#23), newest last under the seller's own
   * partition (not the account's, which the ledger grows), kept 7 days by TTL.
   */
  webhookEventAttempt: (sellerId: number, at: string, attemptId: string): ItemKey => ({
    PK: `ACCOUNT#${sellerId}#WEBHOOK_EVENTS`,
    SK: `${at}#${attemptId}`,
  }),
  /** A payout. */
  payout: (payoutId: string): ItemKey => ({ PK: `PAYOUT#${payoutId}`, SK: "PAYOUT" }),
  /** A category; all categories share one partition, so listing them is one Query. */
  category: (categoryId: number): ItemKey => ({ PK: "CATEGORIES", SK: `CATEGORY#${categoryId}` }),
  /** A public product's entry in one catalogue facet; newest first is the facet read backwards (ids are ULIDs). */
  catalogueEntry: (facet: string, productId: string): ItemKey => ({
    PK: `CATALOGUE#${facet}`,
    SK: productId,
  }),
  /**
   * A rated product's entry in a catalogue facet, by its shown rating (1-5) and then its id: the facet's
   * rated products, highest rating first and newest first among equals when read backwards (#25).
   */
  ratedCatalogueEntry: (facet: string, rating: number, productId: string): ItemKey => ({
    PK: `CATRATED#${facet}`,
    SK: `${rating}#${productId}`,
  }),
  /** How many products a catalogue facet lists, and how many of them are in stock. */
  facetCounts: (facet: string): ItemKey => ({ PK: `CATCOUNT#${facet}`, SK: "TOTAL" }),
  /** One node of a facet's price tree (see `shared/catalogue/price-tree.ts`). */
  priceTreeNode: (facet: string, node: number): ItemKey => ({
    PK: `CATCOUNT#${facet}`,
    SK: `TREE#${String(node).padStart(8, "0")}`,
  }),
  /** A moderated comment on a product, in time order under the product. */
  comment: (productId: string, at: string, commentId: string): ItemKey => ({
    PK: `PRODUCT#${productId}`,
    SK: `COMMENT#${at}#${commentId}`,
  }),
  /**
   * A reseller's review of a product (#25), under the reseller: at most one per (reseller, product), and
   * the reseller's own list is one Query of the primary key.
   */
  review: (resellerId: number, productId: string): ItemKey => ({
    PK: `ACCOUNT#${resellerId}#REVIEWS`,
    SK: `PRODUCT#${productId}`,
  }),
  /** Where a review lives, by its id (the operator and the seller name a review by its id). */
  reviewLookup: (reviewId: string): ItemKey => ({ PK: `REVIEW#${reviewId}`, SK: "REVIEW" }),
  /** How many comments a product has. */
  commentCount: (productId: string): ItemKey => ({ PK: `PRODUCT#${productId}`, SK: "COMMENTS" }),
  /** What the catalogue indexer last listed for a product, beside the product in its partition. */
  catalogueManifest: (productId: string): ItemKey => ({ PK: `PRODUCT#${productId}`, SK: "CATALOGUE" }),
  /**
   * One message of an order's chat under the order, by its position in the chat (from 1), so any page
   * is one key range. (Until #18 messages were keyed `MSG#<id>`; those of a local table are not read.)
   */
  chatMessage: (orderId: string, position: number): ItemKey => ({
    PK: `ORDER#${orderId}`,
    SK: `CHAT#${String(position).padStart(6, "0")}`,
  }),
  /**
   * A product on a reseller's favorites list, stored beside the product: what the product's listing
   * changes must reach is one strongly consistent Query. The reseller's list is an index (`listedFavorites`).
   */
  favorite: (accountId: number, productId: string): ItemKey => ({
    PK: `PRODUCT#${productId}`,
    SK: `FAV#${accountId}`,
  }),
  /** How many favorites a reseller has, kept in the transactions that add and remove them (the cap). */
  favoriteCount: (accountId: number): ItemKey => ({ PK: `ACCOUNT#${accountId}`, SK: "FAVORITES" }),
  /**
   * What a product's favorites follow (`shared/favorites/favorite-follower.ts`): the product's state as last
   * announced to them (listed, unlisted, gone) and whether every favorite shows it yet.
   */
  favoriteFollow: (productId: string): ItemKey => ({ PK: `PRODUCT#${productId}`, SK: "FAVORITES" }),
  /** What an Idempotency-Key of an account promised: its request's hash and, once done, its answer. */
  idempotencyRecord: (accountId: number, keyHash: string): ItemKey => ({
    PK: `IDEMPOTENCY#${accountId}#${keyHash}`,
    SK: "IDEMPOTENCY",
  }),
  /** A buyer's order listed under one history facet (all, a status, a seller, a product), newest last. */
  buyerOrderEntry: (accountId: number, facet: string, createdAt: string, orderId: string): ItemKey => ({
    PK: `BUYER#${accountId}#ORDERS#${facet}`,
    SK: `${createdAt}#${orderId}`,
  }),
} as const;

/** One collection read through a global index: the items of one partition, ordered by their sort value. */
export interface IndexedCollection<TPartition extends unknown[], TSort extends unknown[]> {
  readonly index: GlobalIndex;
  /**
   * The reads this collection serves, named briefly: every function bundle carries this module, so what
   * the collection holds is its doc comment, not a string here.
   */
  readonly serves: string;
  /** The partition value of one collection, e.g. one seller's products. */
  partition(...args: TPartition): string;
  /** The sort value of one member. */
  sort(...args: TSort): string;
}

const collection = <TPartition extends unknown[], TSort extends unknown[]>(
  definition: IndexedCollection<TPartition, TSort>,
) => definition;

const timeOrdered = (createdAt: string, id: string): string => `${createdAt}#${id}`;

/** Prices sort as text when zero-padded to the digits of the highest price (9,999,999). */
export const PRICE_DIGITS = 7;

/**
 * Every collection kept on a global index, once. An item joins one with `indexMembership`; a
 * repository reads one with `indexQuery` (`index-query.ts`). Nothing else spells an index's name or
 * attributes.
 */
export const indexedCollections = {
  /** A seller's products, newest first. */
  sellerProducts: collection({
    index: globalIndexes.GSI1,
    serves: "GET /api/v1/products",
    partition: (sellerId: number) => `SELLER#${sellerId}#PRODUCTS`,
    sort: timeOrdered,
  }),
  /** A seller's products of one moderation status, newest first. */
  sellerProductsByStatus: collection({
    index: globalIndexes.GSI5,
    serves: "GET /api/v1/products?status",
    partition: (sellerId: number, status: string) => `SELLER#${sellerId}#PRODUCTS#STATUS#${status}`,
    sort: timeOrdered,
  }),
  /** A seller's products of one category, newest first. */
  sellerProductsByCategory: collection({
    index: globalIndexes.GSI6,
    serves: "GET /api/v1/products?category",
    partition: (sellerId: number, categoryId: number) => `SELLER#${sellerId}#PRODUCTS#CATEGORY#${categoryId}`,
    sort: timeOrdered,
  }),
  /** A seller's products of one status and category, newest first. */
  sellerProductsByStatusAndCategory: collection({
    index: globalIndexes.GSI7,
    serves: "GET /api/v1/products?status&category",
    partition: (sellerId: number, status: string, categoryId: number) =>
      `SELLER#${sellerId}#PRODUCTS#STATUS#${status}#CATEGORY#${categoryId}`,
    sort: timeOrdered,
  }),
  /** A seller's orders, newest first. */
  sellerOrders: collection({
    index: globalIndexes.GSI1,
    serves: "GET /api/v1/orders",
    partition: (sellerId: number) => `SELLER#${sellerId}#ORDERS`,
    sort: timeOrdered,
  }),
  /**
   * A seller's orders in one stage (`shared/orders/order-stages.ts`: wait, undelivered, webhook_failing,
   * delivered#<UTC day>), each by the time it sorts by there; counted, never read. Sparse: a canceled
   * order is in none.
   */
  sellerOrdersByStage: collection({
    index: globalIndexes.GSI8,
    serves: "GET /api/v1/orders/summary",
    partition: (sellerId: number, stage: string) => `SELLER#${sellerId}#ORDERS#STAGE#${stage}`,
    sort: timeOrdered,
  }),
  /** A seller's orders with an open dispute, by opening time; counted. Sparse: left when it closes. */
  sellerOpenDisputes: collection({
    index: globalIndexes.GSI9,
    serves: "GET /api/v1/orders/summary",
    partition: (sellerId: number) => `SELLER#${sellerId}#ORDERS#DISPUTES`,
    sort: timeOrdered,
  }),
  /** The operator's payout queue of one status, newest first. */
  payoutsByStatus: collection({
    index: globalIndexes.GSI1,
    serves: "ops payout list",
    partition: (status: string) => `PAYOUTS#${status}`,
    sort: timeOrdered,
  }),
  /** A seller's payouts, newest first. */
  sellerPayouts: collection({
    index: globalIndexes.GSI2,
    serves: "GET /api/v1/payout/history",
    partition: (sellerId: number) => `ACCOUNT#${sellerId}#PAYOUTS`,
    sort: timeOrdered,
  }),
  /** One catalogue facet's entries by unit price: searches sorted or ranged by price. */
  cataloguePrices: collection({
    index: globalIndexes.GSI3,
    serves: "GET /api/v2/search by price",
    partition: (facet: string) => `CATALOGUE#${facet}`,
    sort: (price: number, productId: string) => `${String(price).padStart(PRICE_DIGITS, "0")}#${productId}`,
  }),
  /**
   * A reseller's favorites whose product is listed, by product id (sparse: the catalogue indexer adds and
   * removes them).
   */
  listedFavorites: collection({
    index: globalIndexes.GSI2,
    serves: "GET /api/v2/favorites",
    partition: (accountId: number) => `ACCOUNT#${accountId}#FAVORITES`,
    sort: (productId: string) => productId,
  }),
  /** Unpaid orders by the time they expire (sparse; left once paid or canceled). */
  expiringOrders: collection({
    index: globalIndexes.GSI4,
    serves: "maintenance's order expiry",
    partition: () => "EXPIRING_ORDERS",
    sort: timeOrdered,
  }),
  /** A product's codes of one state, by upload: sales take available ones, the inventory lists them. */
  productKeyCodes: collection({
    index: globalIndexes.GSI4,
    serves: "key stock sales and GET /api/v1/products/keys/{id}",
    partition: (productId: string, state: string) => `PRODUCT#${productId}#KEYS#${state}`,
    sort: timeOrdered,
  }),
  /** Reviews of one moderation status (pending, approved, rejected) by their last change: the operator's queue. */
  reviewsByStatus: collection({
    index: globalIndexes.GSI4,
    serves: "ops review list",
    partition: (status: string) => `REVIEWS#${status}`,
    sort: timeOrdered,
  }),
  /** Reviews of a seller's products, by creation, newest first (keys only). */
  sellerReviews: collection({
    index: globalIndexes.GSI9,
    serves: "GET /api/v1/reviews",
    partition: (sellerId: number) => `SELLER#${sellerId}#REVIEWS`,
    sort: timeOrdered,
  }),
  /** Payments taken but not applied, by refund status, newest first. */
  unappliedPaymentsByRefundStatus: collection({
    index: globalIndexes.GSI4,
    serves: "ops payment refunds",
    partition: (status: string) => `REFUNDS#${status}`,
    sort: timeOrdered,
  }),
} as const;

/** The index attributes that put an item into one partition of a collection, at its sort position. */
export const indexMembership = <TPartition extends unknown[], TSort extends unknown[]>(
  target: IndexedCollection<TPartition, TSort>,
  partition: TPartition,
  sort: TSort,
): Record<string, string> => ({
  [target.index.partitionKey]: target.partition(...partition),
  [target.index.sortKey]: target.sort(...sort),
});

/** An update's SET assignments (and their values) that move an item into one partition of a collection. */
export const indexAssignment = <TPartition extends unknown[], TSort extends unknown[]>(
  target: IndexedCollection<TPartition, TSort>,
  partition: TPartition,
  sort: TSort,
): { expression: string; values: Record<string, string> } => {
  const { partitionKey, sortKey } = target.index;
  return {
    expression: `${partitionKey} = :${partitionKey}, ${sortKey} = :${sortKey}`,
    values: { [`:${partitionKey}`]: target.partition(...partition), [`:${sortKey}`]: target.sort(...sort) },
  };
};

/** The attribute list for an update's REMOVE clause that takes an item out of a collection's index. */
export const indexAttributeList = (target: { readonly index: GlobalIndex }): string =>
  `${target.index.partitionKey}, ${target.index.sortKey}`;

/** Partition and sort-key prefixes for Queries over a collection. */
export const collections = {
  ledger: (accountId: number) => ({ PK: `ACCOUNT#${accountId}`, skPrefix: "LEDGER#" }),
  /** One revenue shard's fees (#25), in time order. */
  revenueLedger: (shard: number) => ({ PK: `REVENUE#${shard}`, skPrefix: "LEDGER#" }),
  webhookAttempts: (orderId: string) => ({ PK: `ORDER#${orderId}`, skPrefix: "WEBHOOK#" }),
  /** A seller's event attempts (#23), in time order. */
  webhookEventAttempts: (sellerId: number) => ({ PK: `ACCOUNT#${sellerId}#WEBHOOK_EVENTS`, skPrefix: "" }),
  /** An order's unapplied payments, by provider payment id. */
  unappliedPayments: (orderId: string) => ({ PK: `ORDER#${orderId}`, skPrefix: "PAYMENT#" }),
  categories: { PK: "CATEGORIES", skPrefix: "CATEGORY#" },
  comments: (productId: string) => ({ PK: `PRODUCT#${productId}`, skPrefix: "COMMENT#" }),
  /** One catalogue facet's entries, by product id (newest last). */
  catalogueFacet: (facet: string) => ({ PK: `CATALOGUE#${facet}`, skPrefix: "" }),
  /** A seller's product-name index: one entry per word start of each name, by those words. */
  productNames: (sellerId: number) => ({ PK: `ACCOUNT#${sellerId}#PRODUCT_NAMES`, skPrefix: "" }),
  /** An order's chat, oldest message first. */
  chat: (orderId: string) => ({ PK: `ORDER#${orderId}`, skPrefix: "CHAT#" }),
  /** The favorites of one product, one per reseller who holds it (in no useful order). */
  productFavorites: (productId: string) => ({ PK: `PRODUCT#${productId}`, skPrefix: "FAV#" }),
  /** A reseller's reviews, by product id. */
  resellerReviews: (resellerId: number) => ({ PK: `ACCOUNT#${resellerId}#REVIEWS`, skPrefix: "PRODUCT#" }),
  /** One facet of a buyer's order history, by creation time (newest last). */
  buyerOrders: (accountId: number, facet: string) => ({
    PK: `BUYER#${accountId}#ORDERS#${facet}`,
    skPrefix: "",
  }),
} as const;

/** Names of counters kept in the table. */
export const counters = {
  sellerId: "SELLER_ID",
} as const;

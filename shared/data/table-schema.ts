/**
 * The table's key design as data. The CDK stack and the local stack both create the table from this
 * declaration, so their key schemas, indexes and index projections cannot differ. Which collections
 * live on which index is declared beside the key builders in `table-keys.ts` (`indexedCollections`).
 */

/**
 * What an index copies of each member item besides the keys (the table's PK/SK and its own pair are
 * always there). A Query on a global index can return nothing else, so every attribute its readers ask
 * for or filter on must be listed; a write that changes no projected attribute costs the index nothing.
 */
export type IndexProjection =
  | { readonly type: "KEYS_ONLY" }
  | { readonly type: "INCLUDE"; readonly attributes: readonly string[] };

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly projection: IndexProjection;
}

/**
 * An index by number. What each serves is its doc comment below, for the reader deciding where a new
 * access pattern goes: a comment and not a field, since every function bundle carries this module.
 */
const globalIndex = <const N extends number>(n: N, projection: IndexProjection) =>
  ({ name: `GSI${n}`, partitionKey: `GSI${n}PK`, sortKey: `GSI${n}SK`, projection }) as const;

const include = (...attributes: string[]): IndexProjection => ({ type: "INCLUDE", attributes });

/** What a line of GET /api/v1/products shows: the product lists' projection. */
const productListLine = ["id", "name", "price", "count", "status_moderation"] as const;
/** The whole payout record (`payoutRecordSchema`): the payout lists return payouts as stored. */
const payoutRecord = [
  "id",
  "seller_id",
  "amount",
  "payment_system",
  "wallet",
  "status",
  "created_at",
  "decided_at",
] as const;

/**
 * Overloaded global indexes. An item joins an index's collection by carrying that index's two key
 * attributes; sparse indexes hold only the items that carry them. Projections list what the readers
 * of every collection on the index use (`test/shared/data/index-projections.test.ts` checks each
 * reader against them); a product's 20 KB of text is in none of them.
 */
export const globalIndexes = {
  /** Lists owned by a seller (products, orders) and operator queues (payouts by status). */
  GSI1: globalIndex(
    1,
    include(
      // A seller's products: the list line, and what the pre-index filters and the count rebuild read.
      ...productListLine,
      "id_categories",
      "lists_indexed",
      // A seller's orders: `orderListEntrySchema` (with the delivery state, an extension of the list).
      "id_order",
      "product_id",
      "quantity",
      "delivered",
      "delivered_at",
      // Its dispute state (an extension too). `dispute_open` alone tells none (absent), open (true) and
      // closed (false, written only by a close), so the list does without `dispute_opened_at`: it would be
      // this index's 21st projected attribute, and DynamoDB allows 20.
      "dispute_open",
      // Payouts by status: the payout record (id, status and created_at serve both).
      ...payoutRecord.filter((attribute) => attribute !== "id"),
    ),
  ),
  /**
   * Lists an account holds as payee or buyer: a seller's payouts; a reseller's favorites whose product
   * is listed (sparse, keys only: the sort key is the product id).
   */
  GSI2: globalIndex(2, include(...payoutRecord)),
  /** The public catalogue by price (sparse: only catalogue entries carry it). */
  GSI3: globalIndex(
    3,
    // Price-ordered searches read product_id and filter on the rest (the price is the sort key).
    include("product_id", "in_stock", "category_id", "seller_id", "words"),
  ),
  /**
   * Work queues and key stock (sparse, keys only): unpaid orders by expiry time; payments to refund by
   * refund status; a product's uploaded codes by state (never a code, sealed or not, in an index).
   */
  GSI4: globalIndex(4, { type: "KEYS_ONLY" }),
  /** A seller's products of one moderation status, newest first. */
  GSI5: globalIndex(5, include(...productListLine)),
  /** A seller's products of one category, newest first. */
  GSI6: globalIndex(6, include(...productListLine)),
  /** A seller's products of one moderation status and category, newest first. */
  GSI7: globalIndex(7, include(...productListLine)),
  /**
   * A seller's orders by stage (sparse, keys only): waiting for payment, paid and undelivered, paid with
   * a failing webhook, delivered on one UTC day. The seller's summary counts its partitions.
   */
  GSI8: globalIndex(8, { type: "KEYS_ONLY" }),
  /** A seller's orders with an open dispute (sparse, keys only), counted by the seller's summary. */
  GSI9: globalIndex(9, { type: "KEYS_ONLY" }),
} as const satisfies Record<string, IndexDefinition>;
export type GlobalIndex = (typeof globalIndexes)[keyof typeof globalIndexes];

export const tableSchema = {
  partitionKey: "PK",
  sortKey: "SK",
  /** Epoch-seconds attribute DynamoDB's TTL deletes by (outbox events, expired locks). */
  ttlAttribute: "expires_at",
  globalIndexes: Object.values(globalIndexes) satisfies IndexDefinition[],
} as const;

/** Whether a Query on `index` can return `attribute`: a key of the table or the index, or projected. */
export const indexProjects = (index: IndexDefinition, attribute: string): boolean =>
  attribute === tableSchema.partitionKey ||
  attribute === tableSchema.sortKey ||
  attribute === index.partitionKey ||
  attribute === index.sortKey ||
  (index.projection.type === "INCLUDE" && index.projection.attributes.includes(attribute));

/** The default table name for the local stack and tests; AWS gets its name from CloudFormation. */
export const LOCAL_TABLE_NAME = "marketplace";

/**
 * The table's key design as data. The CDK stack and the local stack both create the table from this
 * declaration, so their key schemas and indexes cannot differ. Which collections live on which index
 * is declared beside the key builders in `table-keys.ts` (`indexedCollections`).
 */
export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** What the index serves, for the reader deciding where a new access pattern goes. */
  readonly purpose: string;
}

const globalIndex = <const N extends number>(n: N, purpose: string) =>
  ({ name: `GSI${n}`, partitionKey: `GSI${n}PK`, sortKey: `GSI${n}SK`, purpose }) as const;

/**
 * Overloaded global indexes, all projecting every attribute. An item joins an index's collection by
 * carrying that index's two key attributes; sparse indexes hold only the items that carry them.
 */
export const globalIndexes = {
  GSI1: globalIndex(1, "Lists owned by a seller (products, orders) and operator queues (payouts by status)"),
  GSI2: globalIndex(
    2,
    "Lists an account holds as payee or buyer: a seller's payouts (v2 adds a reseller's orders)",
  ),
  GSI3: globalIndex(3, "The public catalogue by price (sparse: only catalogue entries carry it)"),
  GSI4: globalIndex(4, "Work queues (sparse): unpaid orders by expiry time"),
} as const satisfies Record<string, IndexDefinition>;
export type GlobalIndex = (typeof globalIndexes)[keyof typeof globalIndexes];

export const tableSchema = {
  partitionKey: "PK",
  sortKey: "SK",
  /** Epoch-seconds attribute DynamoDB's TTL deletes by (outbox events, expired locks). */
  ttlAttribute: "expires_at",
  globalIndexes: Object.values(globalIndexes) satisfies IndexDefinition[],
} as const;

/** The default table name for the local stack and tests; AWS gets its name from CloudFormation. */
export const LOCAL_TABLE_NAME = "marketplace";

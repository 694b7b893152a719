/**
 * The table's key design as data. The CDK stack and the local stack both create the table from this
 * declaration, so their key schemas and indexes cannot differ.
 */
export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const tableSchema = {
  partitionKey: "PK",
  sortKey: "SK",
  /** Epoch-seconds attribute DynamoDB's TTL deletes by (outbox events, expired locks). */
  ttlAttribute: "expires_at",
  /**
   * Overloaded global indexes, all projecting every attribute. Which entity writes which index is
   * decided in `table-keys.ts`:
   * - GSI1: lists owned by a seller (products, orders), operator queues (payouts by status).
   * - GSI2: lists owned by a buyer or reseller (their orders).
   * - GSI3: the public catalogue (sparse: only approved products carry it).
   * - GSI4: work queues (sparse): unpaid orders by expiry time.
   */
  globalIndexes: [
    { name: "GSI1", partitionKey: "GSI1PK", sortKey: "GSI1SK" },
    { name: "GSI2", partitionKey: "GSI2PK", sortKey: "GSI2SK" },
    { name: "GSI3", partitionKey: "GSI3PK", sortKey: "GSI3SK" },
    { name: "GSI4", partitionKey: "GSI4PK", sortKey: "GSI4SK" },
  ] satisfies IndexDefinition[],
} as const;

/** The default table name for the local stack and tests; AWS gets its name from CloudFormation. */
export const LOCAL_TABLE_NAME = "marketplace";

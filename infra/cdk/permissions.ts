import type { EndpointGroup } from "../../shared/http/routes.js";

/**
 * What a function may do with the table. `exchange-keys` is the token exchange's: read items by key,
 * and count exchanges in the abuse-limit windows (UpdateItem on those partitions only).
 */
export type TableAccess = "none" | "read-keys" | "exchange-keys" | "read" | "read-write";

/** Least-privilege profile of one function: every grant the stack gives it comes from here. */
export interface FunctionPermissions {
  readonly table: TableAccess;
  /** Reads the master secret (token verification, sealed values). */
  readonly masterSecret: boolean;
  /** The image prefix it writes and deletes objects under, if any. */
  readonly images: "products" | "sellers" | false;
  /** Reads the payment provider's callback secret. */
  readonly paymentCallbackSecret?: boolean;
}

/** Each API endpoint group's profile; read-only groups get no write action on the table. */
export const apiGroupPermissions: Record<EndpointGroup, FunctionPermissions> = {
  "v1-auth": { table: "exchange-keys", masterSecret: true, images: false },
  "v2-auth": { table: "exchange-keys", masterSecret: true, images: false },
  "v1-products": { table: "read-write", masterSecret: true, images: "products" },
  "v1-orders": { table: "read-write", masterSecret: true, images: false },
  "v1-seller": { table: "read-write", masterSecret: true, images: "sellers" },
  "v1-payouts": { table: "read-write", masterSecret: true, images: false },
  "v1-key-stock": { table: "read-write", masterSecret: true, images: false },
  "v2-catalog": { table: "read", masterSecret: true, images: false },
  "v2-purchases": { table: "read-write", masterSecret: true, images: false },
  "v2-orders": { table: "read-write", masterSecret: true, images: false },
  "v2-favorites": { table: "read-write", masterSecret: true, images: false },
  payments: { table: "read-write", masterSecret: true, images: false, paymentCallbackSecret: true },
  // Serves files from its own bundle: no table, no secret.
  "api-docs": { table: "none", masterSecret: false, images: false },
};

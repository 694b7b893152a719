import { createHash } from "node:crypto";
import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/** How long a key's first answer is replayed (Stripe keeps keys 24 hours). */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 3600;
/**
 * A claim older than this belongs to a request that died: the charge it was making commits together
 * with the claim's completion, so an unfinished claim never charged and may be taken over.
 */
export const IDEMPOTENCY_STALE_SECONDS = 60;

/** The header's value: 1–255 visible ASCII characters (Stripe's limit), e.g. a UUID. */
export const idempotencyKeySchema = z
  .string()
  .check(z.regex(/^[\x21-\x7e]{1,255}$/, refusals.idempotencyKeyFormat.message));

/** A key's record as stored: which request it belongs to and, once that committed, its answer. */
export const idempotencyRecordSchema = z.object({
  route: z.string(),
  request_hash: z.string(),
  state: z.enum(["in_progress", "completed"]),
  lock_id: z.string(),
  locked_at: z.string(),
  /** The first answer's status and data, as JSON, once completed. */
  response: z.optional(z.string()),
  /** Epoch seconds; DynamoDB's TTL removes the record after this. */
  expires_at: z.number().check(z.int()),
});
export type IdempotencyRecord = z.infer<typeof idempotencyRecordSchema>;

/** A request's identity under a key: the account, the key's hash and the lock this attempt holds. */
export interface IdempotencyClaim {
  readonly accountId: number;
  readonly keyHash: string;
  readonly lockId: string;
}

/** The answer a completed key replays. */
export interface StoredAnswer {
  readonly status: number;
  readonly data: unknown;
}

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
};

/** SHA-256 of a JSON body with its keys sorted, so the same body in another key order is the same request. */
export const requestHash = (body: unknown): string =>
  createHash("sha256")
    .update(JSON.stringify(canonical(body ?? null)))
    .digest("hex");

/** The key is stored only as a hash: it is the client's string and may carry anything. */
export const keyHash = (key: string): string => createHash("sha256").update(key).digest("hex");

import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { Randomness } from "../ids/randomness.js";
import type { Clock } from "../time/clock.js";
import {
  IDEMPOTENCY_RETENTION_SECONDS,
  IDEMPOTENCY_STALE_SECONDS,
  type IdempotencyClaim,
  idempotencyKeySchema,
  keyHash,
  requestHash,
  type StoredAnswer,
} from "./idempotency-record.js";
import type { IdempotencyStore } from "./idempotency-repository.js";

/** An answer, and whether it is the replay of an earlier one. */
export interface IdempotentAnswer<T> {
  readonly status: number;
  readonly data: T;
  readonly replayed: boolean;
}

/**
 * Runs a charging request at most once per Idempotency-Key (Stripe's semantics). `read` starts the
 * request's first reads, which go out beside the key's claim (one round); `charge` receives the claim
 * and those reads, and must commit the claim's completion in the same transaction as its charge. If it
 * throws, nothing was charged and the key is released, so errors are not replayed and a client may
 * retry the same key. A key already taken answers from its record, whatever the reads found.
 */
export const createIdempotentRequests = (deps: {
  store: IdempotencyStore;
  now: Clock;
  random: Randomness;
}) => ({
  async run<T, R>(
    input: { accountId: number; key: string | undefined; route: string; body: unknown },
    read: () => Promise<R>,
    charge: (claim: IdempotencyClaim | undefined, reads: Promise<R>) => Promise<StoredAnswer & { data: T }>,
  ): Promise<IdempotentAnswer<T>> {
    if (input.key === undefined) return { ...(await charge(undefined, read())), replayed: false };
    const parsed = idempotencyKeySchema.safeParse(input.key);
    if (!parsed.success) {
      // The schema has one rule, so its one message is the catalogue's.
      const { message } = refusals.idempotencyKeyFormat;
      throw refuse(refusals.idempotencyKeyFormat, {
        details: { issues: [{ field: "Idempotency-Key", message }] },
      });
    }
    const claim: IdempotencyClaim = {
      accountId: input.accountId,
      keyHash: keyHash(parsed.data),
      lockId: deps.random.uuid(),
    };
    const hash = requestHash(input.body);
    const at = deps.now();
    const reads = read();
    const claimed = deps.store.claim({
      claim,
      route: input.route,
      requestHash: hash,
      at: at.toISOString(),
      staleBefore: new Date(at.getTime() - IDEMPOTENCY_STALE_SECONDS * 1000).toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + IDEMPOTENCY_RETENTION_SECONDS,
      nowEpoch: Math.floor(at.getTime() / 1000),
    });
    // Both settle before the claim decides, so no request is left in flight when the function answers
    // (a charge needs the reads first anyway); a failed read reaches `charge`, or is moot for a taken key.
    await Promise.allSettled([claimed, reads]);
    const outcome = await claimed;
    if (outcome.kind === "being_written") {
      throw refuse(refusals.requestInProgress);
    }
    if (outcome.kind === "taken") {
      const { record } = outcome;
      if (record.route !== input.route || record.request_hash !== hash) {
        throw refuse(refusals.idempotencyMismatch);
      }
      if (record.state === "in_progress" || record.response === undefined) {
        throw refuse(refusals.requestInProgress);
      }
      const answer = JSON.parse(record.response) as StoredAnswer & { data: T };
      return { status: answer.status, data: answer.data, replayed: true };
    }
    try {
      return { ...(await charge(claim, reads)), replayed: false };
    } catch (error) {
      await deps.store.release(claim);
      throw error;
    }
  },
});

export type IdempotentRequests = ReturnType<typeof createIdempotentRequests>;

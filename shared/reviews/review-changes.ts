import type { DomainError } from "../errors/domain-error.js";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { ReviewRecord } from "./review.js";
import type { ReviewStore } from "./review-repository.js";

/**
 * Attempts at one change while other writes keep changing the review first. Each lost attempt means
 * another write landed meanwhile (the author, the operator or the seller); a person cannot outpace this.
 */
const MAX_ATTEMPTS = 8;

/**
 * Reads a review, decides its next state (or none: removed) and writes it conditioned on the version it
 * read, again from the read when another write won meanwhile. `decide` throws the refusal of a review
 * that may not change; `missing` is the refusal when there is no review (any more).
 */
export const changeReview = async (
  store: Pick<ReviewStore, "write">,
  read: () => Promise<ReviewRecord | undefined>,
  decide: (review: ReviewRecord) => ReviewRecord | undefined,
  refusalsFor: { missing: () => DomainError; productGone: (review: ReviewRecord) => DomainError },
): Promise<{ before: ReviewRecord; after: ReviewRecord | undefined }> => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const before = await read();
    if (!before) throw refusalsFor.missing();
    const after = decide(before);
    const outcome = await store.write(before, after);
    if (outcome === "written") return { before, after };
    if (outcome === "product_gone") throw refusalsFor.productGone(before);
  }
  throw refuse(refusals.reviewChanged);
};

/** The next version of a review: `changes` applied and its version moved on. */
export const nextVersion = (review: ReviewRecord, changes: Partial<ReviewRecord>): ReviewRecord => ({
  ...review,
  ...changes,
  version: review.version + 1,
});

import { type AccountRecord, SellerModeration } from "./account.js";

/**
 * The part of an account that decides whether its key and tokens are honoured: the credentials
 * generation (each revocation raises it) and the seller's moderation status.
 */
export interface AccountStanding {
  readonly generation: number;
  readonly statusModeration: number;
}

/** Whether the account is blocked: its key is refused and none of its tokens is honoured. */
export const isBlocked = (standing: AccountStanding): boolean =>
  standing.statusModeration === SellerModeration.blocked;

/** Whether a stored account is a blocked seller, whose products the public catalogue does not show. */
export const isBlockedSeller = (account: Pick<AccountRecord, "status_moderation">): boolean =>
  account.status_moderation === SellerModeration.blocked;

/**
 * Whether a token issued under `tokenGeneration` is still honoured: the account is not blocked and
 * has not revoked that generation. A later generation than the one read is honoured, so a token
 * issued right after a revocation is not refused by a reader that has not seen the revocation yet.
 */
export const honoursToken = (standing: AccountStanding, tokenGeneration: number): boolean =>
  !isBlocked(standing) && tokenGeneration >= standing.generation;

/** The standing stored as item attributes (absent on items older than revocation: generation 0, approved). */
export const standingOf = (item: Record<string, unknown>): AccountStanding => ({
  generation: typeof item.token_generation === "number" ? item.token_generation : 0,
  statusModeration:
    typeof item.status_moderation === "number" ? item.status_moderation : SellerModeration.approved,
});

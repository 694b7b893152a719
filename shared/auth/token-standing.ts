import { type AccountStanding, honoursToken } from "../accounts/account-standing.js";
import type { TokenStandingCheck } from "./access-tokens.js";

/** How long a container trusts an account's standing it read, unless TOKEN_STATUS_CACHE_SECONDS says otherwise. */
export const DEFAULT_TOKEN_STATUS_CACHE_SECONDS = 10;
/** The longest a revocation or a block may take to reach every container. */
const MAX_TOKEN_STATUS_CACHE_SECONDS = 300;
/** Accounts remembered per container; the oldest is forgotten first. */
const MAX_CACHED_ACCOUNTS = 10_000;

/** TOKEN_STATUS_CACHE_SECONDS: whole seconds from 0 (read on every request) to 300; unset is the default. */
export const tokenStatusCacheSeconds = (raw: string | undefined): number => {
  if (raw === undefined || raw === "") return DEFAULT_TOKEN_STATUS_CACHE_SECONDS;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds > MAX_TOKEN_STATUS_CACHE_SECONDS)
    throw new Error(
      `TOKEN_STATUS_CACHE_SECONDS must be a whole number of seconds from 0 to ${MAX_TOKEN_STATUS_CACHE_SECONDS}, got "${raw}"`,
    );
  return seconds;
};

interface Remembered {
  readonly until: number;
  readonly standing: Promise<AccountStanding | undefined>;
}

/**
 * The standing check of signed tokens: the account's generation and status, read once per account
 * and trusted for `cacheSeconds` in this container, so a warm request costs no read and a revocation
 * or a block takes effect everywhere within that time. Concurrent first requests share one read; a
 * failed read is not remembered. A remembered standing that would refuse a token of a later generation
 * than its own is out of date (the block was lifted since), so the account is read again.
 */
export const createTokenStanding = (deps: {
  find: (accountId: number) => Promise<AccountStanding | undefined>;
  cacheSeconds: number;
  /** Milliseconds since the epoch; tests pass their own. */
  now?: () => number;
}): TokenStandingCheck => {
  const now = deps.now ?? Date.now;
  const remembered = new Map<number, Remembered>();

  /** Reads the account and remembers the read (unless the cache is off); a failed read is forgotten. */
  const read = (accountId: number, at: number): Promise<AccountStanding | undefined> => {
    const standing = deps.find(accountId);
    if (deps.cacheSeconds > 0) {
      remembered.delete(accountId);
      remembered.set(accountId, { until: at + deps.cacheSeconds * 1000, standing });
      // A Map keeps insertion order: the first key is the one remembered longest ago.
      const oldest = remembered.keys().next().value;
      if (remembered.size > MAX_CACHED_ACCOUNTS && oldest !== undefined) remembered.delete(oldest);
      standing.catch(() => {
        if (remembered.get(accountId)?.standing === standing) remembered.delete(accountId);
      });
    }
    return standing;
  };

  return async ({ accountId, generation }) => {
    const at = now();
    const known = remembered.get(accountId);
    const fromMemory = known !== undefined && known.until > at;
    const standing = await (fromMemory ? known.standing : read(accountId, at));
    if (standing === undefined) return false;
    if (honoursToken(standing, generation)) return true;
    // A token of a later generation than the remembered one was issued after that read: the credentials
    // changed since (a block lifted), so the memory is stale and the account is read again rather than
    // refusing the seller's fresh token for the rest of the cache period. Concurrent requests share the
    // first of those reads.
    if (!fromMemory || generation <= standing.generation) return false;
    const current = remembered.get(accountId);
    const again = await (current && current.standing !== known.standing
      ? current.standing
      : read(accountId, now()));
    return again !== undefined && honoursToken(again, generation);
  };
};

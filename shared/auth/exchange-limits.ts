import type { Allowance, RateLimit, RateLimiter } from "../limits/rate-limiter.js";
import { limitFromEnv, type WindowLimit } from "../limits/window-limit.js";

/**
 * The token exchange's abuse limits: fixed one-minute windows of every exchange of an API key, and of
 * the refused exchanges (unknown or blocked keys) of a source address. A window admits `limit`; the
 * next is refused until the window ends. A served key never counts against its address, so what other
 * keys do from the same address never refuses it.
 */

/** Whose exchanges a window counts: an API key's (all), or a source address's (refused ones only). */
export const exchangeScopes = ["key", "address"] as const;
export type ExchangeScope = (typeof exchangeScopes)[number];

/** The name of a scope's windows among the service's limits (the partition `LIMIT#EXCHANGE#<scope>#…`). */
export const exchangeLimitName = (scope: ExchangeScope): string => `EXCHANGE#${scope}`;

/** Exchanges per API key per minute: a client needs one token an hour; a retry loop or a leaked key needs more. */
export const DEFAULT_EXCHANGES_PER_KEY = 20;
/** Refused exchanges per source address per minute: a few mistyped keys behind one NAT, not a guessing run. */
export const DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS = 60;
const WINDOW_SECONDS = 60;

/** A limit from its variable (whole exchanges per minute, at least 1); unset is the default. */
export const exchangeLimit = (name: string, raw: string | undefined, fallback: number): WindowLimit =>
  limitFromEnv(name, raw, fallback, "exchanges per minute", WINDOW_SECONDS);

/** Takes room for one exchange in the caller's window of a scope. */
export const createExchangeLimiter = (deps: {
  limiter: RateLimiter;
  limits: Readonly<Record<ExchangeScope, WindowLimit>>;
}) => {
  const rules = Object.fromEntries(
    exchangeScopes.map((scope) => [scope, { name: exchangeLimitName(scope), ...deps.limits[scope] }]),
  ) as Record<ExchangeScope, RateLimit>;
  return {
    /** Counts one exchange of `subject` (a key's hash, or the address of a refused one) in its window. */
    take: (scope: ExchangeScope, subject: string): Promise<Allowance> =>
      deps.limiter.take(rules[scope], subject),
  };
};

export type ExchangeLimiter = ReturnType<typeof createExchangeLimiter>;

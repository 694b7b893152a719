/**
 * The token exchange's abuse limit: fixed one-minute windows counted per API key and per source
 * address. A window admits `limit` exchanges; the next is refused until the window ends.
 */

/** What one window admits. */
export interface WindowLimit {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Whose exchanges a window counts: an API key's, or a source address's. */
export const exchangeScopes = ["key", "address"] as const;
export type ExchangeScope = (typeof exchangeScopes)[number];

/** Exchanges per API key per minute: a client needs one token an hour; a retry loop or a leaked key needs more. */
export const DEFAULT_EXCHANGES_PER_KEY = 20;
/** Exchanges per source address per minute: several sellers behind one NAT, not a key-guessing run. */
export const DEFAULT_EXCHANGES_PER_ADDRESS = 60;
const WINDOW_SECONDS = 60;
/** How long a window's counter outlives the window before DynamoDB's TTL may remove it. */
const COUNTER_GRACE_SECONDS = 60;

/** A limit from its variable (whole exchanges per minute, at least 1); unset is the default. */
export const exchangeLimit = (name: string, raw: string | undefined, fallback: number): WindowLimit => {
  if (raw === undefined || raw === "") return { limit: fallback, windowSeconds: WINDOW_SECONDS };
  if (!/^[1-9]\d{0,8}$/.test(raw))
    throw new Error(`${name} must be a whole number of exchanges per minute from 1, got "${raw}"`);
  return { limit: Number(raw), windowSeconds: WINDOW_SECONDS };
};

/** The window `at` falls in: when it began and ended (epoch seconds); windows are aligned to the epoch. */
export const windowAt = (at: Date, rule: WindowLimit): { start: number; end: number } => {
  const start = Math.floor(at.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds;
  return { start, end: start + rule.windowSeconds };
};

/** Whole seconds from `at` until the window ends, at least 1: the Retry-After of a refusal. */
export const secondsLeft = (at: Date, rule: WindowLimit): number =>
  Math.max(1, Math.ceil(windowAt(at, rule).end - at.getTime() / 1000));

/** When a window's counter may be removed (epoch seconds, the table's TTL attribute). */
export const counterExpiry = (at: Date, rule: WindowLimit): number =>
  windowAt(at, rule).end + COUNTER_GRACE_SECONDS;

/** Counts one exchange in a window, if the window has room. */
export interface ExchangeWindowStore {
  /** True when counted (the window held fewer than `limit`), false when the window is full. */
  take(
    scope: ExchangeScope,
    subject: string,
    windowStart: number,
    limit: number,
    expiresAt: number,
  ): Promise<boolean>;
}

/** The answer to one exchange's request for room: granted, or refused with the seconds until the window ends. */
export type Allowance =
  | { readonly granted: true }
  | { readonly granted: false; readonly retryAfterSeconds: number };

/** Takes room for one exchange in the caller's window of a scope. */
export const createExchangeLimiter = (deps: {
  windows: ExchangeWindowStore;
  limits: Readonly<Record<ExchangeScope, WindowLimit>>;
  now: () => Date;
}) => ({
  /** Counts one exchange of `subject` (a key's hash, or an address) in its current window. */
  async take(scope: ExchangeScope, subject: string): Promise<Allowance> {
    const at = deps.now();
    const rule = deps.limits[scope];
    const counted = await deps.windows.take(
      scope,
      subject,
      windowAt(at, rule).start,
      rule.limit,
      counterExpiry(at, rule),
    );
    return counted ? { granted: true } : { granted: false, retryAfterSeconds: secondsLeft(at, rule) };
  },
});

export type ExchangeLimiter = ReturnType<typeof createExchangeLimiter>;

/**
 * Fixed-window rate limits: a window of `windowSeconds`, aligned to the epoch, admits `limit` actions of
 * one subject; the next is refused until the window ends. Every abuse limit of the service is one of these.
 */

/** What one window admits. */
export interface WindowLimit {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** How long a window's counter outlives the window before DynamoDB's TTL may remove it. */
const COUNTER_GRACE_SECONDS = 60;

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

/**
 * A limit's count from its configuration variable (a whole number from 1); unset or empty is the
 * default. A bad value fails at start-up with the variable's name and what it counts.
 */
export const limitFromEnv = (
  name: string,
  raw: string | undefined,
  fallback: number,
  counts: string,
  windowSeconds: number,
): WindowLimit => {
  if (raw === undefined || raw === "") return { limit: fallback, windowSeconds };
  if (!/^[1-9]\d{0,8}$/.test(raw))
    throw new Error(`${name} must be a whole number of ${counts} from 1, got "${raw}"`);
  return { limit: Number(raw), windowSeconds };
};

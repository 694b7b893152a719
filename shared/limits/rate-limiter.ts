import { counterExpiry, secondsLeft, type WindowLimit, windowAt } from "./window-limit.js";

/** One named limit: what its windows count (a key of the table, e.g. `CHAT#sender`) and what each admits. */
export interface RateLimit extends WindowLimit {
  readonly name: string;
}

/** Counts one action in a window, if the window has room. */
export interface RateWindowStore {
  /** True when counted (the window held fewer than `limit`), false when the window is full. */
  take(
    name: string,
    subject: string,
    windowStart: number,
    limit: number,
    expiresAt: number,
  ): Promise<boolean>;
}

/** The answer to one request for room: granted, or refused with the seconds until the window ends. */
export type Allowance =
  | { readonly granted: true }
  | { readonly granted: false; readonly retryAfterSeconds: number };

/** Takes room for one action of a subject in its current window of a limit. */
export const createRateLimiter = (deps: { windows: RateWindowStore; now: () => Date }) => ({
  /** Counts one action of `subject` under `rule`; refused once the window is full. */
  async take(rule: RateLimit, subject: string): Promise<Allowance> {
    const at = deps.now();
    const counted = await deps.windows.take(
      rule.name,
      subject,
      windowAt(at, rule).start,
      rule.limit,
      counterExpiry(at, rule),
    );
    return counted ? { granted: true } : { granted: false, retryAfterSeconds: secondsLeft(at, rule) };
  },
});

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The suite's one time limit on a test or hook. Nothing is timed against the machine: on a loaded
 * two-core machine (a second suite running beside this one) a correct test may take minutes. This only
 * ends a real hang (a promise that never settles, a process that never prints), far past what the
 * slowest test takes there. vitest.config.ts applies it to every test and hook; a test sets no shorter one.
 */
export const HANG_GUARD_MS = 15 * 60_000;

/**
 * How long a test waits for something that should happen (a webhook delivered, a message dead-lettered,
 * a listing settled) before it reports what it saw instead. Generous for a loaded machine, and below the
 * hang guard, so a real failure shows that report rather than a bare time-out.
 */
export const WAIT_GUARD_MS = 5 * 60_000;

/**
 * The suite's one time limit on a test or hook. Nothing is timed against the machine: on a loaded
 * two-core machine (a second suite running beside this one) a correct test may take minutes. This only
 * ends a real hang (a promise that never settles, a process that never prints), far past what the
 * slowest test takes there. vitest.config.ts applies it to every test and hook; a test sets no shorter one.
 */
export const HANG_GUARD_MS = 15 * 60_000;

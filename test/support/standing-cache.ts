import { GATEWAY_STANDING_CACHE_SECONDS } from "../setup/stack-process.js";

/**
 * Waits until no gateway of the test stacks can still remember a standing read before now: what a test
 * does after revoking tokens or blocking an account, before it asserts that a token seen earlier is
 * refused (in AWS, within TOKEN_STATUS_CACHE_SECONDS). Not a measure of the machine: it waits out the
 * gateways' set period (and 50 ms for timer rounding), whatever the machine's speed.
 */
export const afterStandingCache = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, GATEWAY_STANDING_CACHE_SECONDS * 1000 + 50));

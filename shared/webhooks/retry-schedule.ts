/**
 * Growing delays between webhook attempts, in seconds: 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h,
 * 6 h, 12 h, 12 h — about 38 hours in all, past the 24 hours promised, before the dead-letter queue.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS = [60, 300, 900, 1800, 3600, 7200, 14400, 21600, 43200, 43200];

/** The delays in force: WEBHOOK_RETRY_DELAYS_SECONDS (comma-separated) or the default. */
export const webhookRetryDelays = (configured?: string): number[] => {
  if (configured === undefined || configured.trim() === "") return DEFAULT_WEBHOOK_RETRY_DELAYS;
  const parts = configured.split(",").map((part) => part.trim());
  const delays = parts.map(Number);
  if (parts.some((part) => !/^\d{1,5}$/.test(part)) || delays.some((d) => d > 43200)) {
    throw new Error(
      `WEBHOOK_RETRY_DELAYS_SECONDS must be whole seconds from 0 to 43200, got "${configured}"`,
    );
  }
  return delays;
};

/** Receives before a webhook job goes to the dead-letter queue: the first try plus one per delay. */
export const webhookMaxReceives = (delays: number[]): number => delays.length + 1;

/** How long to wait before the next attempt, after attempt number `receiveCount` failed. */
export const delayAfter = (receiveCount: number, delays: number[]): number =>
  delays[Math.min(Math.max(receiveCount, 1), delays.length) - 1] ?? 0;

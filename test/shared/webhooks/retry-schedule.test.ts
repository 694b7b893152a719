import { describe, expect, it } from "vitest";
import {
  DEFAULT_WEBHOOK_RETRY_DELAYS,
  delayAfter,
  webhookMaxReceives,
  webhookRetryDelays,
} from "../../../shared/webhooks/retry-schedule.js";

describe("webhook retry schedule", () => {
  it("retries for more than 24 hours (86400 s) in all by default", () => {
    const total = DEFAULT_WEBHOOK_RETRY_DELAYS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(136_260);
    expect(total).toBeGreaterThan(86_400);
  });

  it("allows the first try plus one receive per delay: 11 receives by default", () => {
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS).toHaveLength(10);
    expect(webhookMaxReceives(DEFAULT_WEBHOOK_RETRY_DELAYS)).toBe(11);
    expect(webhookMaxReceives([1, 2, 3])).toBe(4);
  });

  it("waits 60 s after attempt 1, 300 s after attempt 2, and the last delay after the last and beyond", () => {
    const delays = DEFAULT_WEBHOOK_RETRY_DELAYS;
    expect(delayAfter(1, delays)).toBe(60);
    expect(delayAfter(2, delays)).toBe(300);
    expect(delayAfter(3, delays)).toBe(900);
    expect(delayAfter(10, delays)).toBe(43_200);
    expect(delayAfter(11, delays)).toBe(43_200);
    expect(delayAfter(1000, delays)).toBe(43_200);
  });

  it("grows: no delay is shorter than the one before", () => {
    const delays = DEFAULT_WEBHOOK_RETRY_DELAYS;
    for (let attempt = 2; attempt <= delays.length; attempt += 1)
      expect(delayAfter(attempt, delays)).toBeGreaterThanOrEqual(delayAfter(attempt - 1, delays));
  });

  it("parses WEBHOOK_RETRY_DELAYS_SECONDS as comma-separated whole seconds", () => {
    expect(webhookRetryDelays("1,2,3")).toEqual([1, 2, 3]);
    expect(webhookRetryDelays(" 5 , 10 ")).toEqual([5, 10]);
    expect(webhookRetryDelays("0,43200")).toEqual([0, 43_200]);
  });

  it.each(["a", "-1", "1.5", "50000", "1,a,3", "43201"])(
    "refuses %j with a message naming the variable",
    (configured) => {
      expect(() => webhookRetryDelays(configured)).toThrow(
        `WEBHOOK_RETRY_DELAYS_SECONDS must be whole seconds from 0 to 43200, got "${configured}"`,
      );
    },
  );

  it.each(["1,,3", "60,", ","])("refuses %j, whose empty entry is not a number of seconds", (configured) => {
    expect(() => webhookRetryDelays(configured)).toThrow(
      `WEBHOOK_RETRY_DELAYS_SECONDS must be whole seconds from 0 to 43200, got "${configured}"`,
    );
  });

  it.each([undefined, "", "   "])("uses the default delays when the variable is %j", (configured) => {
    expect(webhookRetryDelays(configured)).toEqual(DEFAULT_WEBHOOK_RETRY_DELAYS);
  });
});

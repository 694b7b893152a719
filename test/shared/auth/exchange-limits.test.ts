import { describe, expect, it } from "vitest";
import {
  counterExpiry,
  createExchangeLimiter,
  DEFAULT_EXCHANGES_PER_ADDRESS,
  DEFAULT_EXCHANGES_PER_KEY,
  type ExchangeWindowStore,
  exchangeLimit,
  secondsLeft,
  windowAt,
} from "../../../shared/auth/exchange-limits.js";

const minute = { limit: 3, windowSeconds: 60 };

describe("token exchange limits", () => {
  it("default to 20 exchanges per key and 60 per address per minute", () => {
    expect(DEFAULT_EXCHANGES_PER_KEY).toBe(20);
    expect(DEFAULT_EXCHANGES_PER_ADDRESS).toBe(60);
    expect(exchangeLimit("X", undefined, 20)).toEqual({ limit: 20, windowSeconds: 60 });
    expect(exchangeLimit("X", "", 60)).toEqual({ limit: 60, windowSeconds: 60 });
    expect(exchangeLimit("X", "100000", 60)).toEqual({ limit: 100000, windowSeconds: 60 });
  });

  it("refuse a configured limit that is not a whole number from 1, naming the variable", () => {
    for (const bad of ["0", "-5", "1.5", "many", "01"]) {
      expect(() => exchangeLimit("TOKEN_EXCHANGE_LIMIT_PER_KEY", bad, 20)).toThrow(
        `TOKEN_EXCHANGE_LIMIT_PER_KEY must be a whole number of exchanges per minute from 1, got "${bad}"`,
      );
    }
  });

  it("count in fixed windows aligned to the minute, and tell the seconds left to its end (at least 1)", () => {
    const at = new Date("2026-11-24T10:15:42.300Z");
    const start = Date.parse("2026-11-24T10:15:00.000Z") / 1000;
    expect(windowAt(at, minute)).toEqual({ start, end: start + 60 });
    expect(secondsLeft(at, minute)).toBe(18);
    expect(secondsLeft(new Date("2026-11-24T10:15:00.000Z"), minute)).toBe(60);
    expect(secondsLeft(new Date("2026-11-24T10:15:59.999Z"), minute)).toBe(1);
    // The counter outlives its window by a minute before the table's TTL may remove it.
    expect(counterExpiry(at, minute)).toBe(start + 120);
  });

  it("grant while the store counts, refuse with Retry-After seconds once the window is full", async () => {
    const counts = new Map<string, number>();
    const calls: unknown[][] = [];
    const windows: ExchangeWindowStore = {
      take: async (scope, subject, windowStart, limit, expiresAt) => {
        calls.push([scope, subject, windowStart, limit, expiresAt]);
        const key = `${scope}|${subject}|${windowStart}`;
        const count = counts.get(key) ?? 0;
        if (count >= limit) return false;
        counts.set(key, count + 1);
        return true;
      },
    };
    const at = new Date("2026-11-24T10:15:42.300Z");
    const limiter = createExchangeLimiter({
      windows,
      limits: { key: minute, address: { limit: 1, windowSeconds: 60 } },
      now: () => at,
    });
    const start = Date.parse("2026-11-24T10:15:00.000Z") / 1000;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limiter.take("key", "h1"));
    expect(answers).toEqual([
      { granted: true },
      { granted: true },
      { granted: true },
      { granted: false, retryAfterSeconds: 18 },
    ]);
    expect(await limiter.take("key", "h2")).toEqual({ granted: true });
    expect(await limiter.take("address", "203.0.113.7")).toEqual({ granted: true });
    expect(await limiter.take("address", "203.0.113.7")).toEqual({ granted: false, retryAfterSeconds: 18 });
    expect(calls[0]).toEqual(["key", "h1", start, 3, start + 120]);
    expect(calls.at(-1)).toEqual(["address", "203.0.113.7", start, 1, start + 120]);
  });
});

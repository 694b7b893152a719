import { describe, expect, it } from "vitest";
import {
  createExchangeLimiter,
  DEFAULT_EXCHANGES_PER_KEY,
  DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS,
  exchangeLimit,
} from "../../../shared/auth/exchange-limits.js";
import type { RateLimit, RateLimiter } from "../../../shared/limits/rate-limiter.js";

describe("token exchange limits", () => {
  it("default to 20 exchanges per key and 60 refused exchanges per address per minute", () => {
    expect(DEFAULT_EXCHANGES_PER_KEY).toBe(20);
    expect(DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS).toBe(60);
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

  it("count each scope under its own limit name (the partitions IAM lets the auth functions update)", async () => {
    const taken: [RateLimit, string][] = [];
    const limiter: RateLimiter = {
      take: async (rule, subject) => {
        taken.push([rule, subject]);
        return { granted: true };
      },
    };
    const exchange = createExchangeLimiter({
      limiter,
      limits: { key: { limit: 3, windowSeconds: 60 }, address: { limit: 1, windowSeconds: 60 } },
    });
    await exchange.take("key", "h1");
    await exchange.take("address", "203.0.113.7");
    expect(taken).toEqual([
      [{ name: "EXCHANGE#key", limit: 3, windowSeconds: 60 }, "h1"],
      [{ name: "EXCHANGE#address", limit: 1, windowSeconds: 60 }, "203.0.113.7"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { createRateLimiter, type RateWindowStore } from "../../../shared/limits/rate-limiter.js";

/** A window store in memory that records what it was asked. */
const memoryWindows = () => {
  const counts = new Map<string, number>();
  const calls: unknown[][] = [];
  const windows: RateWindowStore = {
    take: async (name, subject, windowStart, limit, expiresAt) => {
      calls.push([name, subject, windowStart, limit, expiresAt]);
      const key = `${name}|${subject}|${windowStart}`;
      const count = counts.get(key) ?? 0;
      if (count >= limit) return false;
      counts.set(key, count + 1);
      return true;
    },
  };
  return { windows, calls };
};

describe("rate limiter", () => {
  it("grants while the store counts, refuses with Retry-After seconds once the window is full, per subject and per limit", async () => {
    const { windows, calls } = memoryWindows();
    const at = new Date("2026-11-24T10:15:42.300Z");
    const limiter = createRateLimiter({ windows, now: () => at });
    const chat = { name: "CHAT#sender", limit: 2, windowSeconds: 60 };
    const other = { name: "WEBHOOK_TEST#seller", limit: 1, windowSeconds: 60 };
    const start = Date.parse("2026-11-24T10:15:00.000Z") / 1000;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await limiter.take(chat, "7"));
    expect(answers).toEqual([
      { granted: true },
      { granted: true },
      { granted: false, retryAfterSeconds: 18 },
    ]);
    expect(await limiter.take(chat, "8")).toEqual({ granted: true });
    expect(await limiter.take(other, "7")).toEqual({ granted: true });
    expect(await limiter.take(other, "7")).toEqual({ granted: false, retryAfterSeconds: 18 });
    expect(calls[0]).toEqual(["CHAT#sender", "7", start, 2, start + 120]);
    expect(calls.at(-1)).toEqual(["WEBHOOK_TEST#seller", "7", start, 1, start + 120]);
  });
});

import { describe, expect, it } from "vitest";
import { counterExpiry, limitFromEnv, secondsLeft, windowAt } from "../../../shared/limits/window-limit.js";

const minute = { limit: 3, windowSeconds: 60 };

describe("fixed-window limits", () => {
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

  it("align hour windows to the hour", () => {
    const hour = { limit: 1, windowSeconds: 3600 };
    const at = new Date("2026-11-24T10:15:42.000Z");
    const start = Date.parse("2026-11-24T10:00:00.000Z") / 1000;
    expect(windowAt(at, hour)).toEqual({ start, end: start + 3600 });
    expect(secondsLeft(at, hour)).toBe(3600 - 15 * 60 - 42);
  });

  it("read a configured count, default when unset or empty, and name the variable when it is not a whole number from 1", () => {
    expect(limitFromEnv("X", undefined, 20, "things per minute", 60)).toEqual({
      limit: 20,
      windowSeconds: 60,
    });
    expect(limitFromEnv("X", "", 20, "things per minute", 60)).toEqual({ limit: 20, windowSeconds: 60 });
    expect(limitFromEnv("X", "7", 20, "things per minute", 60)).toEqual({ limit: 7, windowSeconds: 60 });
    for (const bad of ["0", "-5", "1.5", "many", "01"]) {
      expect(() => limitFromEnv("CHAT_LIMIT", bad, 20, "messages per minute", 60)).toThrow(
        `CHAT_LIMIT must be a whole number of messages per minute from 1, got "${bad}"`,
      );
    }
  });
});

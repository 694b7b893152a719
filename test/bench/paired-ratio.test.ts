import { describe, expect, it } from "vitest";
import { needsMorePairs, nextToPair, type PairedRatio, pairedRatio } from "./paired-ratio.js";

describe("a ratio from paired samples", () => {
  it("takes the median of the per-pair ratios, so a pair spoiled by a burst of other work does not move it", () => {
    // Pair ratios 1.1, 1.2, 1.15, 1.3 and 3.0 (the function's import met a burst): median 1.2. The
    // ratio of the two medians (120 / 100) would be the same here, but not the interval: with 5 pairs
    // it spans every pair, (3.0 − 1.1) / 2 = 0.95.
    const estimate = pairedRatio([110, 120, 115, 130, 300], [100, 100, 100, 100, 100]);
    expect(estimate.ratio).toBe(1.2);
    expect(estimate.halfWidth).toBeCloseTo(0.95, 10);
    expect(estimate.pairs).toBe(5);
  });

  it("pairs each import with the baseline beside it, whatever the machine did between pairs", () => {
    // The second pair ran on a machine twice as busy: both sides doubled, the ratio did not.
    expect(pairedRatio([120, 240, 120, 240], [100, 200, 100, 200]).ratio).toBe(1.2);
  });

  it("narrows its interval to the middle order statistics as pairs accumulate", () => {
    // 20 pairs with ratios 1.00, 1.01, …, 1.19: the interval runs from the 5th to the 16th (1.04 to 1.15).
    const own = Array.from({ length: 20 }, (_, i) => 100 + i);
    const estimate = pairedRatio(own, Array(20).fill(100));
    expect(estimate.ratio).toBeCloseTo(1.095, 10);
    expect(estimate.halfWidth).toBeCloseTo(0.055, 10);
  });
});

describe("which function gets more pairs", () => {
  const plan = { min: 20, max: 60, precision: 0.02 };
  const at = (pairs: number, halfWidth: number): PairedRatio => ({ ratio: 1.1, halfWidth, pairs });

  it("needs its minimum, then pairs until its interval is within the precision, at most the maximum", () => {
    expect(needsMorePairs(at(19, 0.001), plan)).toBe(true);
    expect(needsMorePairs(at(20, 0.021), plan)).toBe(true);
    expect(needsMorePairs(at(20, 0.02), plan)).toBe(false);
    expect(needsMorePairs(at(60, 0.2), plan)).toBe(false);
  });

  it("samples first what has not its minimum, then the widest interval, and stops when all are precise", () => {
    const estimates = new Map([
      ["v1-orders", at(24, 0.03)],
      ["v2-orders", at(28, 0.05)],
      ["outbox", at(20, 0.01)],
    ]);
    expect(nextToPair(estimates, plan)).toBe("v2-orders");
    expect(nextToPair(new Map([...estimates, ["mailer", at(4, 0)]]), plan)).toBe("mailer");
    expect(nextToPair(new Map([["outbox", at(20, 0.01)]]), plan)).toBeUndefined();
  });
});

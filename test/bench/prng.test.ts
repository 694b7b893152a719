import { describe, expect, it } from "vitest";
import { createPrng, shuffled } from "./prng.js";

describe("a shuffled order", () => {
  it("is the same for the same seed and keeps every element once", () => {
    const sizes = [100, 1000, 10000, 100000];
    // Seed 7 draws j = 0, 0, 1 for i = 3, 2, 1: swap 3↔0, then 2↔0, then 1↔1.
    expect(shuffled(createPrng(7), sizes)).toEqual([10000, 1000, 100000, 100]);
    expect(shuffled(createPrng(7), sizes)).toEqual([10000, 1000, 100000, 100]);
    // Seed 8 draws j = 0, 1, 0: swap 3↔0, 2↔1, 1↔0.
    expect(shuffled(createPrng(8), sizes)).toEqual([10000, 100000, 1000, 100]);
    expect(sizes).toEqual([100, 1000, 10000, 100000]);
  });

  it("puts each size first about equally often over many seeds", () => {
    const first = new Map<number, number>();
    for (let seed = 1; seed <= 4000; seed++) {
      const [head] = shuffled(createPrng(seed), [100, 1000, 10000, 100000]);
      first.set(head ?? 0, (first.get(head ?? 0) ?? 0) + 1);
    }
    // 1,000 expected each; 4 standard deviations (4 × 27) either side.
    for (const size of [100, 1000, 10000, 100000]) {
      expect(first.get(size)).toBeGreaterThan(890);
      expect(first.get(size)).toBeLessThan(1110);
    }
  });
});

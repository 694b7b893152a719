import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shownRating, shownRatingOf } from "../../../shared/ratings/shown-rating.js";

describe("shownRating", () => {
  it("is 0 without an approved review", () => {
    expect(shownRating(0, 0)).toBe(0);
    expect(shownRatingOf({})).toBe(0);
  });

  it("is the mean rounded half up: 4.5 shows 5, 3.5 shows 4, 4.49 shows 4", () => {
    expect(shownRating(9, 2)).toBe(5);
    expect(shownRating(7, 2)).toBe(4);
    expect(shownRating(449, 100)).toBe(4);
    expect(shownRating(5, 1)).toBe(5);
    expect(shownRating(1, 1)).toBe(1);
    expect(shownRating(10, 4)).toBe(3); // 2.5 → 3
    expect(shownRating(11, 3)).toBe(4); // 3.67 → 4
    expect(shownRatingOf({ rating_sum: 13, rating_count: 3 })).toBe(4); // 4.33 → 4
  });

  it("is the whole number within half a star of the mean, a tie going up, for any tally of ratings 1-5", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10_000 }),
        (ratings) => {
          const sum = ratings.reduce((a, b) => a + b, 0);
          const shown = shownRating(sum, ratings.length);
          // Half up, by integers: the shown value is within half a star of the mean, and a tie goes up.
          expect(2 * sum).toBeGreaterThanOrEqual((2 * shown - 1) * ratings.length);
          expect(2 * sum).toBeLessThan((2 * shown + 1) * ratings.length);
          expect(shown).toBeGreaterThanOrEqual(1);
          expect(shown).toBeLessThanOrEqual(5);
        },
      ),
    );
  });
});

import { describe, expect, it } from "vitest";
import { flatnessFailures, type ListSizeMeasure } from "./list-flatness.js";

const size = (size: number, overRaw: number, itemsRead: number): ListSizeMeasure => ({
  size,
  overRaw,
  itemsRead,
});

describe("the lists' flatness criterion", () => {
  it("compares sizes by their time over their own raw baseline, not by their time alone", () => {
    // The smallest size was measured colder: 12 ms against 5.6 at 100,000, but its raw calls were as
    // slow (8 ms against 4), so the sizes are 1.5× and 1.4× their baselines: flat.
    expect(
      flatnessFailures("GET /api/v1/products?limit=20", [size(100, 1.5, 21), size(100_000, 1.4, 21)]),
    ).toEqual([]);
  });

  it("fails a list whose time over its baseline grows with the size, whichever size was measured first", () => {
    // 1.2× the baseline at 100 items, 2.0× at 10,000: 1.67 apart. A colder 100 would once have hidden it.
    const sizes = [size(10_000, 2, 100), size(100, 1.2, 100), size(1000, 1.44, 100)];
    expect(flatnessFailures("GET /api/v1/orders?limit=100", sizes)).toEqual([
      "GET /api/v1/orders?limit=100: 2.00× its raw baseline at 10000 items, 1.20× at 100: 1.67× apart (budget 1.5×)",
    ]);
  });

  it("fails a list that reads more as it grows, and says by how much", () => {
    const sizes = [size(100, 1.25, 101), size(1000, 1.25, 1001)];
    expect(flatnessFailures("GET /api/v1/payout/history?limit=100", sizes)).toEqual([
      "GET /api/v1/payout/history?limit=100: items read 1001 at 1000 items, 101 at 100: 9.91× apart (budget 1.5×)",
    ]);
  });

  it("holds at exactly the budget and has nothing to compare with one size", () => {
    expect(flatnessFailures("list", [size(100, 1.5, 20), size(1000, 1, 30)])).toEqual([]);
    expect(flatnessFailures("list", [size(100, 15, 20)])).toEqual([]);
  });
});

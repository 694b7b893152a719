import { describe, expect, it } from "vitest";
import { feeScheduleOf, listedRates, NO_FEE, percentOf, rateFor } from "../../../shared/fees/fee-schedule.js";
import { basisPointsOfPercent } from "../../../shared/fees/fee-service.js";

const schedule = feeScheduleOf({
  PK: "FEES",
  SK: "SCHEDULE",
  rate_count: 4,
  default_bp: 500,
  category_101: 300,
  category_102: 0,
  seller_7: 1250,
});

describe("the fee rate of a sale", () => {
  it("is the seller's when it has one, whatever its category", () => {
    expect(rateFor(schedule, { sellerId: 7, categoryId: 101 })).toEqual({
      basisPoints: 1250,
      source: "seller",
    });
  });

  it("is the category's when the seller has none, even a rate of 0", () => {
    expect(rateFor(schedule, { sellerId: 8, categoryId: 101 })).toEqual({
      basisPoints: 300,
      source: "category",
    });
    expect(rateFor(schedule, { sellerId: 8, categoryId: 102 })).toEqual({
      basisPoints: 0,
      source: "category",
    });
  });

  it("is the default for any other sale, and for an order that kept no category", () => {
    expect(rateFor(schedule, { sellerId: 8, categoryId: 103 })).toEqual({
      basisPoints: 500,
      source: "default",
    });
    expect(rateFor(schedule, { sellerId: 8, categoryId: undefined })).toEqual({
      basisPoints: 500,
      source: "default",
    });
  });

  it("is 0 when no rate is set at all", () => {
    expect(rateFor(feeScheduleOf(undefined), { sellerId: 7, categoryId: 101 })).toEqual(NO_FEE);
    expect(NO_FEE).toEqual({ basisPoints: 0, source: "none" });
  });
});

describe("the stored schedule", () => {
  it("takes only rate attributes holding a whole number of basis points from 0 to 50%", () => {
    const read = feeScheduleOf({
      default_bp: 5001,
      category_1: 2.5,
      category_2: "300",
      seller_3: -1,
      seller_4: 5000,
      sellerx_5: 100,
      entity: "fees",
    });
    expect([...read.rates.entries()]).toEqual([["seller_4", 5000]]);
  });

  it("lists the default first, then categories and sellers by id, with their percentages", () => {
    expect(listedRates(schedule)).toEqual([
      { scope: "default", id: null, basis_points: 500, percent: "5.00" },
      { scope: "category", id: 101, basis_points: 300, percent: "3.00" },
      { scope: "category", id: 102, basis_points: 0, percent: "0.00" },
      { scope: "seller", id: 7, basis_points: 1250, percent: "12.50" },
    ]);
  });
});

describe("a rate as the operator types it", () => {
  it("is read in basis points with up to two decimals: 7.5 is 750, 0.25 is 25, 50 is 5000", () => {
    expect(basisPointsOfPercent("7.5")).toBe(750);
    expect(basisPointsOfPercent("0.25")).toBe(25);
    expect(basisPointsOfPercent("50")).toBe(5000);
    expect(basisPointsOfPercent("0")).toBe(0);
    expect(percentOf(750)).toBe("7.50");
    expect(percentOf(5)).toBe("0.05");
  });

  it("is refused above 50%, with a third decimal, or when it is not a number", () => {
    for (const typed of ["50.01", "7.505", "-1", "abc", "", "1e1", "7,5", "100"]) {
      expect(() => basisPointsOfPercent(typed), typed).toThrow(
        "the fee must be from 0% to 50% in steps of 0.01% (--percent 7.5 or --bp 750)",
      );
    }
  });
});

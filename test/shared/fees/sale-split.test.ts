import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_FEE_BASIS_POINTS, splitSale } from "../../../shared/fees/sale-split.js";
import { unitPrice } from "../../../shared/products/product-price.js";

describe("a sale split between the fee and the seller", () => {
  it("rounds the fee down and gives the seller the rest: 2,400 at 7.5% is 180 and 2,220; 999 at 3.33% is 33 and 966", () => {
    expect(splitSale(2400, 750)).toEqual({ fee: 180, seller: 2220 });
    expect(splitSale(999, 333)).toEqual({ fee: 33, seller: 966 });
    expect(splitSale(1, 5000)).toEqual({ fee: 0, seller: 1 });
  });

  it("takes nothing at 0 and half at the highest rate, 50%", () => {
    expect(MAX_FEE_BASIS_POINTS).toBe(5000);
    expect(splitSale(5800, 0)).toEqual({ fee: 0, seller: 5800 });
    expect(splitSale(5801, MAX_FEE_BASIS_POINTS)).toEqual({ fee: 2900, seller: 2901 });
  });

  it("creates or loses no rouble for any price, discount, quantity and rate: fee + seller = amount, the fee within one rouble below the exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: MAX_FEE_BASIS_POINTS }),
        (price, discount, quantity, basisPoints) => {
          const amount = unitPrice(price, discount) * quantity;
          const { fee, seller } = splitSale(amount, basisPoints);
          expect(fee + seller).toBe(amount);
          // The seller always gets something, so every sale is a credit (a balance movement is never 0).
          expect(Number.isInteger(fee) && fee >= 0 && seller >= 1).toBe(true);
          // fee ≤ exact share < fee + 1, checked in whole numbers.
          const exact = BigInt(amount) * BigInt(basisPoints);
          expect(BigInt(fee) * 10_000n <= exact && exact < (BigInt(fee) + 1n) * 10_000n).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not an amount or a rate, rather than splitting it", () => {
    expect(() => splitSale(-1, 100)).toThrow("Not a sale amount: -1");
    expect(() => splitSale(1.5, 100)).toThrow("Not a sale amount: 1.5");
    expect(() => splitSale(100, 5_001)).toThrow("Not a fee rate in basis points: 5001");
    expect(() => splitSale(100, 2.5)).toThrow("Not a fee rate in basis points: 2.5");
  });
});

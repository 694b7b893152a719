import { describe, expect, it } from "vitest";
import type { RevenueEntry } from "../../../shared/fees/revenue-entry.js";
import { revenueReport } from "../../../shared/fees/revenue-report.js";
import { REVENUE_SHARDS, revenueShardOf } from "../../../shared/fees/revenue-shard.js";

const entry = (at: string, category: number | undefined, sale: number, fee: number): RevenueEntry => ({
  entry_id: `${at}-${sale}`,
  shard: 0,
  order_id: `${at}-${sale}`,
  seller_id: 1,
  ...(category === undefined ? {} : { category_id: category }),
  sale_amount: sale,
  fee,
  basis_points: 750,
  created_at: at,
});

describe("the revenue report", () => {
  it("sums fees by UTC day and category, days in order, categories by id and orders without one last", () => {
    const report = revenueReport({ from: "2026-11-26", to: "2026-11-27" }, [
      entry("2026-11-27T10:00:00.000Z", 102, 1000, 75),
      entry("2026-11-26T23:59:59.999Z", 101, 2400, 180),
      entry("2026-11-27T00:00:00.000Z", 101, 2400, 180),
      entry("2026-11-27T12:00:00.000Z", undefined, 100, 7),
      entry("2026-11-27T11:00:00.000Z", 101, 999, 74),
    ]);
    expect(report).toEqual({
      from: "2026-11-26",
      to: "2026-11-27",
      lines: [
        { day: "2026-11-26", category_id: 101, sales: 1, sale_amount: 2400, fee: 180 },
        { day: "2026-11-27", category_id: 101, sales: 2, sale_amount: 3399, fee: 254 },
        { day: "2026-11-27", category_id: 102, sales: 1, sale_amount: 1000, fee: 75 },
        { day: "2026-11-27", category_id: null, sales: 1, sale_amount: 100, fee: 7 },
      ],
      total: { sales: 5, sale_amount: 6899, fee: 516 },
    });
  });

  it("is empty with totals of 0 when nothing was earned", () => {
    expect(revenueReport({ from: "2026-11-27", to: "2026-11-27" }, [])).toEqual({
      from: "2026-11-27",
      to: "2026-11-27",
      lines: [],
      total: { sales: 0, sale_amount: 0, fee: 0 },
    });
  });
});

describe("the revenue shard of an order", () => {
  it("is the same for the same order and spreads 1,600 orders over all 16 shards, none holding more than twice its share", () => {
    expect(revenueShardOf("01M8EYRGBAYXJGR87WJB5ZF3V1")).toBe(revenueShardOf("01M8EYRGBAYXJGR87WJB5ZF3V1"));
    const counts = new Array<number>(REVENUE_SHARDS).fill(0);
    for (let i = 0; i < 1600; i++) {
      const shard = revenueShardOf(`01M8EYRGBAYXJGR87WJB${String(i).padStart(6, "0")}`);
      expect(Number.isInteger(shard) && shard >= 0 && shard < REVENUE_SHARDS).toBe(true);
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);
  });
});

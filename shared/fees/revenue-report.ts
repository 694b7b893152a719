import type { RevenueEntry } from "./revenue-entry.js";

/** One line of the revenue report: a UTC day and a category (null: orders that did not keep one). */
export interface RevenueLine {
  readonly day: string;
  readonly category_id: number | null;
  /** Sales that paid a fee. */
  readonly sales: number;
  /** What those sales came to, in roubles. */
  readonly sale_amount: number;
  /** The marketplace's fees on them, in roubles. */
  readonly fee: number;
}

/** The marketplace's revenue over a span of days: a line per day and category, and the totals. */
export interface RevenueReport {
  readonly from: string;
  readonly to: string;
  readonly lines: RevenueLine[];
  readonly total: { readonly sales: number; readonly sale_amount: number; readonly fee: number };
}

/** Sums fee entries by UTC day and category, days in order and categories by id (none last). */
export const revenueReport = (
  span: { from: string; to: string },
  entries: readonly RevenueEntry[],
): RevenueReport => {
  const lines = new Map<
    string,
    { day: string; category_id: number | null; sales: number; sale_amount: number; fee: number }
  >();
  for (const entry of entries) {
    const day = entry.created_at.slice(0, 10);
    const category = entry.category_id ?? null;
    const key = `${day}#${category}`;
    const line = lines.get(key) ?? { day, category_id: category, sales: 0, sale_amount: 0, fee: 0 };
    line.sales += 1;
    line.sale_amount += entry.sale_amount;
    line.fee += entry.fee;
    lines.set(key, line);
  }
  const sorted = [...lines.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      (a.category_id ?? Number.MAX_SAFE_INTEGER) - (b.category_id ?? Number.MAX_SAFE_INTEGER),
  );
  return {
    ...span,
    lines: sorted,
    total: {
      sales: sorted.reduce((sum, line) => sum + line.sales, 0),
      sale_amount: sorted.reduce((sum, line) => sum + line.sale_amount, 0),
      fee: sorted.reduce((sum, line) => sum + line.fee, 0),
    },
  };
};

import type { AccountStore } from "../accounts/account-repository.js";
import type { CategoryStore } from "../categories/category-repository.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { Clock } from "../time/clock.js";
import { isoDate } from "../time/formats.js";
import type { FeeStore } from "./fee-repository.js";
import { type FeeScope, listedRates, MAX_FEE_RATES, percentOf } from "./fee-schedule.js";
import { revenueReport } from "./revenue-report.js";
import { MAX_FEE_BASIS_POINTS } from "./sale-split.js";

/** The longest revenue report: a year, leap day included. */
const MAX_REPORT_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day the report may start or end on: YYYY-MM-DD, and a real one (2026-02-30 is not). */
const isDay = (day: string) => DAY.test(day) && isoDate(new Date(`${day}T00:00:00Z`)) === day;

/**
 * A percentage as the operator types it, in basis points: "7.5" → 750, "0.25" → 25. Two decimals at most;
 * anything else (and anything above the cap) is refused rather than rounded.
 */
export const basisPointsOfPercent = (percent: string): number => {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match) throw refuse(refusals.feeRateOutOfRange);
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  if (basisPoints > MAX_FEE_BASIS_POINTS) throw refuse(refusals.feeRateOutOfRange);
  return basisPoints;
};

/** How a scope reads in the operator's answers. */
const scopeView = (scope: FeeScope) => ({
  scope: scope.kind,
  id: scope.kind === "default" ? null : scope.id,
});

/**
 * The operator's side of the marketplace's fee (#25): the rates (a default, per category, per seller; the
 * most specific applies) and the revenue they bring.
 */
export const createFeeService = (deps: {
  fees: FeeStore;
  categories: Pick<CategoryStore, "get">;
  accounts: Pick<AccountStore, "findById">;
  now: Clock;
}) => ({
  /** Every rate set, the default first. */
  async schedule() {
    return { rates: listedRates(await deps.fees.schedule()) };
  },

  /** Sets a scope's rate; its category or seller must exist. Orders already paid keep the fee they were charged. */
  async setRate(scope: FeeScope, basisPoints: number) {
    if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > MAX_FEE_BASIS_POINTS)
      throw refuse(refusals.feeRateOutOfRange);
    if (scope.kind === "category" && !(await deps.categories.get(scope.id)))
      throw refuse(worded(refusals.categoryIdNotFound, { categoryId: scope.id }));
    if (scope.kind === "seller" && !(await deps.accounts.findById(scope.id)))
      throw refuse(worded(refusals.sellerIdNotFound, { sellerId: scope.id }));
    if (!(await deps.fees.setRate(scope, basisPoints)))
      throw refuse(worded(refusals.tooManyFeeRates, { max: MAX_FEE_RATES }));
    return { ...scopeView(scope), basis_points: basisPoints, percent: percentOf(basisPoints) };
  },

  /** Removes a scope's rate, so the next less specific one applies to its sales from now on. */
  async clearRate(scope: FeeScope) {
    await deps.fees.clearRate(scope);
    return { ...scopeView(scope), cleared: true };
  },

  /**
   * The marketplace's revenue by UTC day and category from `from` to `to` (both included; today when
   * absent), and its balance: every fee ever credited.
   */
  async revenue(span: { from?: string | undefined; to?: string | undefined }) {
    const to = span.to ?? isoDate(deps.now());
    const from = span.from ?? to;
    if (!isDay(from) || !isDay(to) || from > to) throw refuse(refusals.revenueSpan);
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (days > MAX_REPORT_DAYS) throw refuse(refusals.revenueSpan);
    const [entries, balance] = await Promise.all([
      deps.fees.revenueEntries(from, to),
      deps.fees.revenueBalance(),
    ]);
    return { ...revenueReport({ from, to }, entries), balance };
  },
});

export type FeeService = ReturnType<typeof createFeeService>;

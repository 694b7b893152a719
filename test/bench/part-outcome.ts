/**
 * What a bench part reports: `failures` are checks that did not hold (wrong answers, totals or
 * invariants: the bench exits 1); `missed` are budgets not met, each with its measured cause (printed
 * and recorded, the bench still exits 0).
 */
export interface PartOutcome {
  readonly failures: string[];
  readonly missed: string[];
}

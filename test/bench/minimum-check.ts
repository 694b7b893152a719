import type { EndpointMinimum } from "./endpoint-minimums.js";

/**
 * The capacity part's check of rounds: an endpoint that needs more sequential rounds than the minimum
 * written for it (endpoint-minimums.ts, argued in docs/benchmarks.md) fails the part, and so does an
 * endpoint with no minimum written, so a new endpoint cannot pass unexamined.
 */

/** What one endpoint's recorded request needed: its sequential rounds and their operations. */
export interface MeasuredRounds {
  readonly endpoint: string;
  readonly rounds: number;
  /** Operations per round, e.g. `["GetItem+GetItem", "TransactWriteItems"]`. */
  readonly plan: readonly string[];
}

/** An endpoint above its minimum, or with none written (`minimum` undefined). */
export interface AboveMinimum extends MeasuredRounds {
  readonly minimum: number | undefined;
}

/** The endpoints above their written minimum or without one, in the order measured. */
export const aboveMinimum = (
  measured: readonly MeasuredRounds[],
  minimums: Readonly<Record<string, EndpointMinimum>>,
): AboveMinimum[] =>
  measured.flatMap((entry) => {
    const minimum = minimums[entry.endpoint]?.rounds;
    return minimum !== undefined && entry.rounds <= minimum ? [] : [{ ...entry, minimum }];
  });

/** The failure line of one endpoint: rounds, minimum, excess and plan. */
export const aboveMinimumLine = ({ endpoint, rounds, minimum, plan }: AboveMinimum): string => {
  const steps = plan.join(" → ");
  if (minimum === undefined)
    return `${endpoint}: ${rounds} round${rounds === 1 ? "" : "s"} and no minimum written (plan: ${steps})`;
  return `${endpoint}: ${rounds} rounds, minimum ${minimum} (+${rounds - minimum}); plan: ${steps}`;
};

/**
 * A measurement relative to its baseline, from samples taken in pairs (ours, then the baseline's right
 * beside it): the median of the per-pair ratios, and how precisely the pairs so far pin it down.
 * Pairing cancels what the machine did meanwhile; the median ignores the pairs a burst of other work
 * spoiled. The cold-start part pairs a function's import with its baseline's (and decides which
 * function gets more pairs); the lists part pairs each request with its raw DynamoDB calls.
 */

/** The median pair ratio, the half-width of its 95 % interval, and the pairs it comes from. */
export interface PairedRatio {
  readonly ratio: number;
  readonly halfWidth: number;
  readonly pairs: number;
}

const median = (sorted: readonly number[]): number => {
  const middle = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/**
 * The ratio of paired samples (`own[i]` beside `base[i]`), with the distribution-free 95 % interval of a
 * median: the order statistics ⌊(n − 1.96√n) / 2⌋ and ⌈1 + (n + 1.96√n) / 2⌉ (1-based, clamped to the
 * samples), so no assumption about how the samples spread.
 */
export const pairedRatio = (own: readonly number[], base: readonly number[]): PairedRatio => {
  const n = Math.min(own.length, base.length);
  const ratios = own
    .slice(0, n)
    .map((ms, i) => ms / (base[i] ?? Number.NaN))
    .sort((a, b) => a - b);
  const spread = 1.96 * Math.sqrt(n);
  const low = Math.max(1, Math.floor((n - spread) / 2));
  const high = Math.min(n, Math.ceil(1 + (n + spread) / 2));
  return {
    ratio: median(ratios),
    halfWidth: ((ratios[high - 1] ?? Number.NaN) - (ratios[low - 1] ?? Number.NaN)) / 2,
    pairs: n,
  };
};

/** How many pairs a function gets: at least `min`, then more while its interval is wider than `precision`, up to `max`. */
export interface PairingPlan {
  readonly min: number;
  readonly max: number;
  readonly precision: number;
}

/** Whether a function's ratio needs more pairs under `plan`. */
export const needsMorePairs = (estimate: PairedRatio, plan: PairingPlan): boolean =>
  estimate.pairs < plan.min || (estimate.pairs < plan.max && !(estimate.halfWidth <= plan.precision));

/** The function to sample next: the widest interval among those that need more pairs, or none. */
export const nextToPair = <K>(estimates: ReadonlyMap<K, PairedRatio>, plan: PairingPlan): K | undefined => {
  let chosen: K | undefined;
  let widest = Number.NEGATIVE_INFINITY;
  for (const [key, estimate] of estimates) {
    if (!needsMorePairs(estimate, plan)) continue;
    const width = estimate.pairs < plan.min ? Number.POSITIVE_INFINITY : estimate.halfWidth;
    if (width > widest) {
      chosen = key;
      widest = width;
    }
  }
  return chosen;
};

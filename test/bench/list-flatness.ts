/**
 * The lists part's criterion: a list is flat when what it reads and how its time compares with its own
 * raw baseline do not change with the number of items behind it. Each size is judged by its ratio to
 * the raw baseline measured beside it in the same run (the same DynamoDB calls sent raw), so a size
 * measured while the machine or DynamoDB Local was colder or busier cannot pass or fail it by accident.
 */

/** One list at one size: its time over its raw baseline's (the median of paired runs), and the items it read. */
export interface ListSizeMeasure {
  readonly size: number;
  readonly overRaw: number;
  readonly itemsRead: number;
}

/** How far apart two sizes of one list may be, in items read and in p50 over the raw baseline. */
export const FLATNESS_BUDGET = 1.5;

const extremes = (sizes: readonly ListSizeMeasure[], value: (m: ListSizeMeasure) => number) => {
  const sorted = [...sizes].sort((a, b) => value(a) - value(b));
  return { low: sorted[0], high: sorted[sorted.length - 1] };
};

/**
 * Why a list is not flat (empty when it is): the highest and the lowest size compared, in items read
 * and in time over the raw baseline, each within `budget` of the other whichever size came first.
 */
export const flatnessFailures = (
  list: string,
  sizes: readonly ListSizeMeasure[],
  budget: number = FLATNESS_BUDGET,
): string[] => {
  if (sizes.length < 2) return [];
  const failures: string[] = [];
  const reads = extremes(sizes, (m) => m.itemsRead);
  if (reads.low && reads.high) {
    const spread = reads.high.itemsRead / Math.max(1, reads.low.itemsRead);
    if (spread > budget)
      failures.push(
        `${list}: items read ${reads.high.itemsRead} at ${reads.high.size} items, ${reads.low.itemsRead} at ${reads.low.size}: ${spread.toFixed(2)}× apart (budget ${budget}×)`,
      );
  }
  const times = extremes(sizes, (m) => m.overRaw);
  if (times.low && times.high) {
    const spread = times.high.overRaw / times.low.overRaw;
    if (spread > budget)
      failures.push(
        `${list}: ${times.high.overRaw.toFixed(2)}× its raw baseline at ${times.high.size} items, ${times.low.overRaw.toFixed(2)}× at ${times.low.size}: ${spread.toFixed(2)}× apart (budget ${budget}×)`,
      );
  }
  return failures;
};

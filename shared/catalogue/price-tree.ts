/**
 * A Fenwick (binary indexed) tree over prices 1…MAX_PRICE, so that how many products of a facet cost
 * between two prices is the difference of two prefix sums, each read from at most 24 counter items,
 * whatever the size of the catalogue. Pure index arithmetic; the counters live in the table.
 */

/** The highest price a product may have (the v1 price limit). */
export const MAX_PRICE = 9_999_999;

const lowestBit = (i: number): number => i & -i;

/** The tree nodes a product at `price` adds to (or is removed from): at most 24. */
export const nodesCovering = (price: number): number[] => {
  const nodes: number[] = [];
  for (let i = price; i <= MAX_PRICE; i += lowestBit(i)) nodes.push(i);
  return nodes;
};

/** The tree nodes whose sum counts the products priced 1…price: at most 24; none for price < 1. */
export const prefixNodes = (price: number): number[] => {
  const nodes: number[] = [];
  for (let i = Math.min(price, MAX_PRICE); i > 0; i -= lowestBit(i)) nodes.push(i);
  return nodes;
};

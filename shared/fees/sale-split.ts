/** Basis points in the whole sale: 10,000 = 100%. */
const WHOLE = 10_000;

/**
 * The largest rate an operator may set: half the sale (5,000 basis points = 50%). Below 100%, every sale of
 * at least 1 rouble leaves the seller at least 1 (the fee is rounded down and at most half), so a sale
 * always credits its seller, and a rate above half is no marketplace's fee but a mistake.
 */
export const MAX_FEE_BASIS_POINTS = 5_000;

/** A sale's amount split between the marketplace's fee and the seller's credit, in whole roubles. */
export interface SaleSplit {
  readonly fee: number;
  readonly seller: number;
}

/**
 * Splits a sale of `amount` roubles at `basisPoints` (1 = 0.01%): the fee is rounded down, the seller
 * gets the rest, so the two always add up to the amount and no rouble is created or lost (docs/decisions.md,
 * "The marketplace's fee and reviews (#25)").
 */
export const splitSale = (amount: number, basisPoints: number): SaleSplit => {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not a sale amount: ${amount}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > MAX_FEE_BASIS_POINTS)
    throw new RangeError(`Not a fee rate in basis points: ${basisPoints}`);
  // An order can reach about 10^13 roubles (the highest price times the largest quantity), and that
  // times 10,000 passes 2^53: the product is taken exactly, in BigInt.
  const fee = Number((BigInt(amount) * BigInt(basisPoints)) / BigInt(WHOLE));
  return { fee, seller: amount - fee };
};

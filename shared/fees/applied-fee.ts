import type { FeeRate } from "./fee-schedule.js";
import { splitSale } from "./sale-split.js";

/**
 * The fee a paid order was charged, decided once when it became paid and kept on the order and its
 * delivery token, so a later change of a rate never changes a past sale.
 */
export interface AppliedFee {
  /** The rate, in basis points (above 0: a sale at no rate carries no fee at all). */
  readonly basisPoints: number;
  /** The fee in whole roubles (`splitSale`: rounded down; may be 0 on a small sale). */
  readonly fee: number;
  /** The order's category, for the revenue report; absent on an order that did not keep it. */
  readonly categoryId: number | undefined;
}

/** The fee of a sale of `amount` at `rate`; none at a rate of 0, so such a sale is written as before fees existed. */
export const feeOnSale = (
  amount: number,
  rate: FeeRate,
  categoryId: number | undefined,
): AppliedFee | undefined =>
  rate.basisPoints === 0
    ? undefined
    : { basisPoints: rate.basisPoints, fee: splitSale(amount, rate.basisPoints).fee, categoryId };

/** What a sale credits its seller: the amount less its fee, if any. */
export const sellerShare = (amount: number, fee: AppliedFee | undefined): number => amount - (fee?.fee ?? 0);

/** A fee as an order keeps it (none: no attributes, as before fees existed); `feeOfOrder` reads it back. */
export const feeOnOrder = (fee: AppliedFee | undefined): { fee_bp?: number; fee_amount?: number } =>
  fee === undefined ? {} : { fee_bp: fee.basisPoints, fee_amount: fee.fee };

/** The fee an order keeps (`fee_bp`, `fee_amount`, `category_id`), read back; none without one. */
export const feeOfOrder = (order: {
  readonly fee_bp?: number | undefined;
  readonly fee_amount?: number | undefined;
  readonly category_id?: number | undefined;
}): AppliedFee | undefined =>
  order.fee_bp === undefined || order.fee_amount === undefined
    ? undefined
    : { basisPoints: order.fee_bp, fee: order.fee_amount, categoryId: order.category_id };

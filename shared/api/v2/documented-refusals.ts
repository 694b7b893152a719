import type { Refusal } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";

/** The Idempotency-Key extension's refusals (Stripe's semantics). */
const idempotencyRefusals: readonly Refusal[] = [
  refusals.requestInProgress,
  refusals.idempotencyKeyFormat,
  refusals.idempotencyMismatch,
];

/** The refusals of a purchase, in the order the checks run, with the route's own `extra` among them. */
export const purchaseRefusals = (...extra: Refusal[]): Refusal[] => [
  refusals.productNotFound,
  refusals.accountNotFound,
  refusals.blockedCategory,
  refusals.selfPurchase,
  ...extra,
  refusals.insufficientStock,
  refusals.insufficientBalance,
  refusals.priceChangedBuying,
  ...idempotencyRefusals,
];

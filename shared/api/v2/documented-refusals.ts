import { type Refusal, worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { MAX_CODES_PER_ORDER } from "../../key-stock/key-code-item.js";

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
  // A key product (#21): more codes than one order may take, or codes others keep taking first.
  worded(refusals.keyOrderTooLarge, { max: MAX_CODES_PER_ORDER }),
  refusals.keyStockBusy,
  ...idempotencyRefusals,
];

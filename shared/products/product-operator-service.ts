import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { Clock } from "../time/clock.js";
import { productFieldsOf } from "./product.js";
import type { ProductDecisions } from "./product-decision-repository.js";
import { type ProductFlags, productFlagFields, productFlagsSchema } from "./product-flags.js";

/** The operator's product rules (ops CLI): moderation decisions and the flags reseller rules read. */
export const createProductOperatorService = (deps: { store: ProductDecisions; now: Clock }) => {
  const { now } = deps;

  /** Records the operator's decision on a pending product, or refuses it by name. */
  async function decide(
    productId: string,
    decision: { status: "approved" } | { status: "rejected"; reason: string },
  ) {
    if (!isId(productId)) throw refuse(worded(refusals.productIdNotFound, { productId }));
    const outcome = await deps.store.decide(productId, decision, now().toISOString());
    if (outcome === "stale") throw refuse(worded(refusals.productChangedMeanwhile, { productId }));
    if (outcome === "missing") throw refuse(worded(refusals.productIdNotFound, { productId }));
    if (outcome === "not_pending") throw refuse(worded(refusals.productNotPending, { productId }));
    if (outcome === "no_image") throw refuse(worded(refusals.productWithoutImage, { productId }));
    return { id: productId, status_moderation: decision.status };
  }

  return {
    /** Operator: approves a pending product, making it public. */
    async approve(productId: string) {
      return decide(productId, { status: "approved" });
    },

    /** Operator: rejects a pending product with a reason the seller can read in products/info. */
    async reject(productId: string, reason: string) {
      const trimmed = reason.trim();
      if (trimmed === "" || trimmed.length > 1000) throw refuse(refusals.rejectionReason);
      return decide(productId, { status: "rejected", reason: trimmed });
    },

    /** Operator: sets the flags reseller rules read (gift, required comment, comment pattern). */
    async setFlags(productId: string, flags: ProductFlags) {
      const parsed = productFlagsSchema.parse(flags);
      if (!isId(productId)) throw refuse(worded(refusals.productIdNotFound, { productId }));
      if (Object.values(parsed).every((v) => v === undefined)) throw refuse(refusals.noFlagToSet);
      const product = await deps.store.setFlags(productId, parsed, now().toISOString());
      if (!product) throw refuse(worded(refusals.productIdNotFound, { productId }));
      return { id: product.id, ...productFieldsOf(product, productFlagFields) };
    },
  };
};

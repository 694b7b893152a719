import { defineTableItem } from "../data/table-item.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import { type PayoutRecord, payoutRecordSchema } from "./payout.js";

/** A payout: in its seller's history and in the operator's queue of its status. */
export const payoutTableItem = defineTableItem({
  entity: "payout",
  key: keys.payout,
  projections: {
    /** What the seller's payout lists read of each payout, from the index: the record, nothing more. */
    history: Object.keys(payoutRecordSchema.shape),
  },
});

/** A payout as a table item, in its seller's history and the operator's queue of its status. */
export const payoutItem = (payout: PayoutRecord) =>
  payoutTableItem.item([payout.id], {
    ...payout,
    ...indexMembership(indexedCollections.payoutsByStatus, [payout.status], [payout.created_at, payout.id]),
    ...indexMembership(indexedCollections.sellerPayouts, [payout.seller_id], [payout.created_at, payout.id]),
  });

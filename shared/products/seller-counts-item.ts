import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";

/**
 * The seller's count item: how many products they have, in all and per list (`countAttributes`). On its
 * own, because account creation writes the first one: the account bundles need none of the product.
 */
export const sellerCountsTableItem = defineTableItem({ entity: "seller_counts", key: keys.sellerCounts });

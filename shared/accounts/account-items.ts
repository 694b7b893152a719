import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import type { AccountRecord } from "./account.js";
import type { AccountStanding } from "./account-standing.js";

/**
 * The table items an account is stored as, each declared once with its key, entity and projections: the
 * account itself and the lookup from its API key. (The seller's count item, which account creation
 * starts, is the products' `sellerCountsTableItem`, `shared/products/seller-counts-item.ts`.)
 */

/** An account: a seller in v1 and a reseller in v2. */
export const accountTableItem = defineTableItem({
  entity: "account",
  key: keys.account,
  projections: {
    /** What a standing check reads (`account-standing-repository.ts`), and nothing of the rest. */
    standing: ["token_generation", "status_moderation"],
  } as const satisfies Readonly<Record<string, readonly (keyof AccountRecord)[]>>,
});

/** The lookup from an API key's SHA-256 to its account, with a copy of the account's standing. */
export const apiKeyTableItem = defineTableItem({ entity: "api_key", key: keys.apiKey });

/** The standing attributes the key lookup item carries beside the account id, so an exchange reads one item. */
export const lookupStanding = (standing: AccountStanding) => ({
  token_generation: standing.generation,
  status_moderation: standing.statusModeration,
});

import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { AccountStore } from "./account-repository.js";

/** GET /api/v2/balance on its own, so the purchase group carries no account-creation code. */
export const createBalanceView = (store: Pick<AccountStore, "findById">) => ({
  /** The account's one balance, in roubles. */
  async balance(accountId: number) {
    const account = await store.findById(accountId);
    if (!account) throw refuse(refusals.accountNotFound);
    return { balance: account.balance, currency: "RUB" as const };
  },
});

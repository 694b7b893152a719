import { createFeeService } from "../fees/fee-service.js";
import { accountStore } from "./account-store.js";
import { categoryStore } from "./category-store.js";
import { feeStore } from "./fee-store.js";
import { clockAndRandomness } from "./table.js";

/** The operator's fee rates and revenue report (#25). */
export const feeService = () =>
  createFeeService({
    fees: feeStore(),
    categories: categoryStore(),
    accounts: accountStore(),
    now: clockAndRandomness.now,
  });

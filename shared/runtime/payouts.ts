import { powertoolsMetricsSink } from "../observability/powertools-metrics.js";
import { createPayoutRepository } from "../payouts/payout-repository.js";
import { createPayoutService } from "../payouts/payout-service.js";
import { accountStore } from "./account-store.js";
import { pageCursors } from "./page-cursors.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** Payouts: one-time codes, the lock, the debit and the operator's decisions. */
export const payoutService = () =>
  createPayoutService({
    metrics: powertoolsMetricsSink,
    accounts: accountStore(),
    payouts: createPayoutRepository(tableClient(), tableName()),
    dataKey,
    cursors: pageCursors,
    ...clockAndRandomness,
  });

import { createBalanceView } from "../accounts/balance-view.js";
import { createIdempotencyRepository } from "../idempotency/idempotency-repository.js";
import { createIdempotentRequests } from "../idempotency/idempotent-request.js";
import { powertoolsMetricsSink } from "../observability/powertools-metrics.js";
import { createPurchaseRepository } from "../purchases/purchase-repository.js";
import { createPurchaseService } from "../purchases/purchase-service.js";
import { accountStore } from "./account-store.js";
import { categoryStore } from "./category-store.js";
import { feeStore } from "./fee-store.js";
import { keyCodeSource } from "./key-stock.js";
import { productStore } from "./product-store.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** Idempotency-Key handling for requests that charge. */
const idempotentRequests = () =>
  createIdempotentRequests({
    store: createIdempotencyRepository(tableClient(), tableName()),
    ...clockAndRandomness,
  });

/** Reseller purchases from balance: POST /buy and POST /gift. */
export const purchaseService = () =>
  createPurchaseService({
    metrics: powertoolsMetricsSink,
    purchases: createPurchaseRepository(tableClient(), tableName()),
    fees: feeStore(),
    products: productStore(),
    categories: categoryStore(),
    accounts: accountStore(),
    idempotency: idempotentRequests(),
    keyCodes: keyCodeSource(),
    dataKey,
    ...clockAndRandomness,
  });

/** A reseller's balance (GET /api/v2/balance). */
export const balanceView = () => createBalanceView(accountStore());

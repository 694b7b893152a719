import type { ApiContracts } from "./route-contract.js";
import { v1AuthContracts } from "./v1/auth-contracts.js";
import { keyStockContracts } from "./v1/key-stock-contracts.js";
import { v1OrdersContracts } from "./v1/orders-contracts.js";
import { v1PayoutsContracts } from "./v1/payouts-contracts.js";
import { v1ProductsContracts } from "./v1/products-contracts.js";
import { v1SellerContracts } from "./v1/seller-contracts.js";

/*
 * Response schemas are strict objects, each checked at compile time against the type its service
 * answers with where the service shapes the answer (`answering`): a field a handler starts returning
 * without its contract saying so fails `tsc`, and the response check of the end-to-end suite
 * (test/support/http.ts), as a missing one does.
 */

/**
 * Seller API v1: what each route answers, for the OpenAPI document and the response checks in tests.
 * One group's contracts per module (shared/api/v1/); a route of the table without a contract, or a
 * contract for a route not in it, fails `tsc`.
 */
export const v1Contracts = {
  ...v1AuthContracts,
  ...v1ProductsContracts,
  ...v1OrdersContracts,
  ...v1SellerContracts,
  ...v1PayoutsContracts,
  ...keyStockContracts,
} satisfies ApiContracts<"v1">;

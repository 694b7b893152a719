import type { ApiContracts } from "./route-contract.js";
import { v2AuthContracts } from "./v2/auth-contracts.js";
import { v2CatalogContracts } from "./v2/catalog-contracts.js";
import { v2FavoritesContracts } from "./v2/favorites-contracts.js";
import { v2OrdersContracts } from "./v2/orders-contracts.js";
import { v2PurchasesContracts } from "./v2/purchases-contracts.js";

/**
 * Reseller API v2: what each route answers, for the OpenAPI document and the response checks in tests.
 * One group's contracts per module (shared/api/v2/); a route of the table without a contract, or a
 * contract for a route not in it, fails `tsc`.
 */
export const v2Contracts = {
  ...v2AuthContracts,
  ...v2CatalogContracts,
  ...v2PurchasesContracts,
  ...v2OrdersContracts,
  ...v2FavoritesContracts,
} satisfies ApiContracts<"v2">;

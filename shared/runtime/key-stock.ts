import { createKeyStockRepository } from "../key-stock/key-stock-repository.js";
import { createKeyStockService } from "../key-stock/key-stock-service.js";
import { readProduct } from "../products/product-read-repository.js";
import { systemClock } from "../time/clock.js";
import { pageCursors } from "./page-cursors.js";
import { keyStockKeys } from "./service-keys.js";
import { tableClient, tableName } from "./table.js";

/** v1's key stock routes: upload, inventory and withdrawal of a seller's codes. */
export const keyStockService = () =>
  createKeyStockService({
    product: (productId) => readProduct(tableClient(), tableName(), productId, true),
    store: createKeyStockRepository(tableClient(), tableName()),
    keys: keyStockKeys,
    cursors: pageCursors,
    now: systemClock,
  });

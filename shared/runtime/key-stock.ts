import { createKeyStockRepository, keyCodeSourceOf } from "../key-stock/key-stock-repository.js";
import { createKeyStockService } from "../key-stock/key-stock-service.js";
import { createOrderCodes } from "../key-stock/order-codes.js";
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

/** Where a key product's sales find their codes. */
export const keyCodeSource = () => keyCodeSourceOf(createKeyStockRepository(tableClient(), tableName()));

/** The codes of paid key orders, opened for their buyer's and seller's reads and the buyer's e-mail. */
export const orderCodes = () =>
  createOrderCodes({
    store: createKeyStockRepository(tableClient(), tableName()),
    sealingKey: async () => (await keyStockKeys()).sealing,
  });

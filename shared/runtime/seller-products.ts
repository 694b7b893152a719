import { createSellerProductRepository } from "../products/product-repository.js";
import { createSellerProductService } from "../products/seller-product-service.js";
import { systemClock } from "../time/clock.js";
import { images } from "./image-storage.js";
import { tableClient, tableName } from "./table.js";

/** v1's product routes: the seller's rules and store, without the operator's decisions (imports S3 for images). */
export const sellerProductService = () =>
  createSellerProductService({
    store: createSellerProductRepository(tableClient(), tableName()),
    images,
    now: systemClock,
  });

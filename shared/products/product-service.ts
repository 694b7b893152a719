import type { ImageStorage } from "../images/image-storage.js";
import type { Clock } from "../time/clock.js";
import { createProductOperatorService } from "./product-operator-service.js";
import type { ProductStore } from "./product-repository.js";
import { createSellerProductService } from "./seller-product-service.js";

export type { ProductListQuery } from "./seller-product-service.js";

/** Product rules of Seller API v1 and the operator's moderation decisions, for the ops CLI and tests. */
export const createProductService = (deps: {
  store: ProductStore;
  images: () => ImageStorage;
  now: Clock;
  log?: (message: string, details: Record<string, unknown>) => void;
}) => ({ ...createSellerProductService(deps), ...createProductOperatorService(deps) });

export type ProductService = ReturnType<typeof createProductService>;

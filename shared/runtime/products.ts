import { createProductService } from "../products/product-service.js";
import { systemClock } from "../time/clock.js";
import { images } from "./image-storage.js";
import { productStore } from "./product-store.js";

/** Products: seller rules and the operator's moderation (imports S3 for product images). */
export const productService = () => createProductService({ store: productStore(), images, now: systemClock });

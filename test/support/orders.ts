import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { createOrderRepository } from "../../shared/orders/order-repository.js";
import { createOrderService } from "../../shared/orders/order-service.js";
import { createProductRepository } from "../../shared/products/product-repository.js";
import { productService } from "../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "./accounts.js";
import {
  createProduct,
  createTestCategory,
  tinyPng,
  uploadProductImage,
  validProductBody,
} from "./products.js";

/** Repositories on the stack's table, for reading state the APIs do not show. */
export const stores = () => {
  const client = createDocumentClient();
  const table = requireEnv("TABLE_NAME");
  return { orders: createOrderRepository(client, table), products: createProductRepository(client, table) };
};

/** An order service whose clock is shifted, e.g. into the past so its orders are already expired. */
export const orderServiceAt = (offsetMs: number) =>
  createOrderService({ ...stores(), now: () => new Date(Date.now() + offsetMs) });

/** A seller with an approved product on sale, ready for orders. */
export const sellerWithProduct = async (overrides: Record<string, unknown> = {}) => {
  const account = await createTestAccount();
  const token = await tokenFor(account.api_key, "v1");
  const productId = await createProduct(token, validProductBody(await createTestCategory(), overrides));
  const upload = await uploadProductImage(token, {
    id_product: productId,
    img: { bytes: tinyPng, type: "image/png" },
  });
  if (upload.status !== 200) throw new Error(`image upload failed: ${upload.text}`);
  await productService().approve(productId);
  return { account, token, productId };
};

/** The product's stock as stored. */
export const stockOf = async (productId: string): Promise<number> => {
  const product = await stores().products.get(productId);
  if (!product) throw new Error(`product ${productId} not found`);
  return product.count;
};

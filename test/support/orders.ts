import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { cryptoRandomness } from "../../shared/ids/randomness.js";
import { createKeyStockRepository, keyCodeSourceOf } from "../../shared/key-stock/key-stock-repository.js";
import { createOrderCodes } from "../../shared/key-stock/order-codes.js";
import { createOrderRepository } from "../../shared/orders/order-repository.js";
import { createOrderService } from "../../shared/orders/order-service.js";
import type { OutboxEvent } from "../../shared/outbox/outbox-event.js";
import { createOutboxRepository } from "../../shared/outbox/outbox-repository.js";
import { createProductRepository } from "../../shared/products/product-repository.js";
import { productService } from "../../shared/runtime/dependencies.js";
import { pageCursors } from "../../shared/runtime/page-cursors.js";
import { keyStockKeys } from "../../shared/runtime/service-keys.js";
import { createTestAccount, tokenFor } from "./accounts.js";
import { watchBuyerEmail } from "./leak-scan.js";
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
  return {
    orders: createOrderRepository(client, table),
    products: createProductRepository(client, table),
    keyCodes: keyCodeSourceOf(createKeyStockRepository(client, table)),
    orderCodes: createOrderCodes({
      store: createKeyStockRepository(client, table),
      sealingKey: async () => (await keyStockKeys()).sealing,
    }),
  };
};

/** An order service whose clock is shifted, e.g. into the past so its orders are already expired. */
export const orderServiceAt = (offsetMs: number) =>
  createOrderService({
    ...stores(),
    now: () => new Date(Date.now() + offsetMs),
    random: cryptoRandomness,
    cursors: pageCursors,
  });

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

/** Outbox items written for an order (test-only scan of DynamoDB Local; the service never scans). */
export const outboxEventsFor = async (orderId: string): Promise<Record<string, unknown>[]> => {
  const { ScanCommand } = await import("@aws-sdk/lib-dynamodb");
  const client = createDocumentClient();
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: requireEnv("TABLE_NAME"),
        FilterExpression: "entity = :outbox AND order_id = :order",
        ExpressionAttributeValues: { ":outbox": "outbox", ":order": orderId },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

/**
 * A paid order's payment_confirmed event, read by the key its order names (`webhook_event_id`), as the
 * delivery URL and the re-drive read it: a Scan for it read the whole table, some 30,000 items late in
 * a run, for each of the ~170 orders a run asks about.
 */
export const paymentEventOf = async (
  orderId: string,
): Promise<Extract<OutboxEvent, { type: "payment_confirmed" }>> => {
  const eventId = (await stores().orders.get(orderId))?.webhook_event_id;
  if (eventId === undefined) throw new Error(`no payment event for ${orderId}`);
  const event = await createOutboxRepository(createDocumentClient(), requireEnv("TABLE_NAME")).get(eventId);
  if (event?.type !== "payment_confirmed") throw new Error(`no payment event for ${orderId}`);
  return event;
};

/** The delivery token of a paid order, opened from its webhook event the way the sender will. */
export const deliveryTokenFor = async (orderId: string): Promise<string> => {
  const { deriveKeys } = await import("../../shared/secrets/derived-keys.js");
  const { masterSecret } = await import("../../shared/runtime/master-secret.js");
  const { open } = await import("../../shared/secrets/sealed-box.js");
  const event = await paymentEventOf(orderId);
  return open(deriveKeys(await masterSecret()).dataEncryption, event.token_sealed);
};

/** A seller with a product and one paid order, plus the order's delivery token. */
export const paidOrder = async (overrides: Record<string, unknown> = {}) => {
  const { orderService, paymentService } = await import("../../shared/runtime/dependencies.js");
  const seller = await sellerWithProduct(overrides);
  const order = await orderService().createGuestOrder({
    product_id: seller.productId,
    quantity: 1,
    email: `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
  });
  watchBuyerEmail((await stores().orders.get(order.id_order))?.buyer_email);
  await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
  return { ...seller, order, deliveryToken: await deliveryTokenFor(order.id_order) };
};

import { chatSenderLimit } from "../chat/chat-limits.js";
import { createChatRepository } from "../chat/chat-repository.js";
import { createChatService } from "../chat/chat-service.js";
import { optionalEnv, requireEnv } from "../config/environment.js";
import { createDeliveryRepository } from "../delivery/delivery-repository.js";
import { createDeliveryService } from "../delivery/delivery-service.js";
import { createDeliveryUrlService } from "../delivery/delivery-url-service.js";
import { powertoolsMetricsSink } from "../observability/powertools-metrics.js";
import { createBuyerOrderRepository } from "../orders/buyer-order-repository.js";
import { createBuyerOrderService } from "../orders/buyer-order-service.js";
import { createOrderService, DEFAULT_UNPAID_ORDER_MINUTES } from "../orders/order-service.js";
import { createOutboxRepository } from "../outbox/outbox-repository.js";
import { keyCodeSource, orderCodes } from "./key-stock.js";
import { orderStore } from "./order-store.js";
import { pageCursors } from "./page-cursors.js";
import { productStore } from "./product-store.js";
import { rateLimiter } from "./rate-limiter.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** Minutes an unpaid order holds its stock (UNPAID_ORDER_MINUTES, default 30). */
const unpaidOrderMinutes = (): number => {
  const raw = optionalEnv("UNPAID_ORDER_MINUTES");
  if (raw === undefined) return DEFAULT_UNPAID_ORDER_MINUTES;
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new Error(`UNPAID_ORDER_MINUTES must be a positive number, got "${raw}"`);
  return minutes;
};

/** Orders: storefront orders, the seller's order views and expiry. */
export const orderService = () =>
  createOrderService({
    orders: orderStore(),
    products: productStore(),
    keyCodes: keyCodeSource(),
    orderCodes: orderCodes(),
    unpaidOrderMinutes: unpaidOrderMinutes(),
    cursors: pageCursors,
    ...clockAndRandomness,
  });

/** Delivery by the seller through the one-time token. */
export const deliveryService = () =>
  createDeliveryService({
    metrics: powertoolsMetricsSink,
    deliveries: createDeliveryRepository(tableClient(), tableName()),
    orders: orderStore(),
    ...clockAndRandomness,
  });

/** The delivery URL of a paid, undelivered order, for its seller (an extension of v1). */
export const deliveryUrlService = () =>
  createDeliveryUrlService({
    orders: orderStore(),
    deliveries: createDeliveryRepository(tableClient(), tableName()),
    outboxEvent: (eventId) => createOutboxRepository(tableClient(), tableName()).get(eventId),
    dataKey,
    publicBaseUrl: requireEnv("PUBLIC_BASE_URL"),
  });

/** Order chats: the buyer's side (v2) and the seller's (the v1 extension), with each sender's rate. */
export const chatService = () =>
  createChatService({
    chats: createChatRepository(tableClient(), tableName()),
    orders: orderStore(),
    limiter: rateLimiter(),
    senderLimit: chatSenderLimit(optionalEnv("CHAT_MESSAGES_PER_MINUTE")),
    now: clockAndRandomness.now,
  });

/** A reseller's own orders: history, one order, disputes. */
export const buyerOrderService = () =>
  createBuyerOrderService({
    orders: orderStore(),
    buyerOrders: createBuyerOrderRepository(tableClient(), tableName()),
    chats: createChatRepository(tableClient(), tableName()),
    orderCodes: orderCodes(),
    now: clockAndRandomness.now,
  });

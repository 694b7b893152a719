import { removeDeadLetters } from "../aws/sqs-dead-letter.js";
import { createChatRepository } from "../chat/chat-repository.js";
import { optionalEnv, requireEnv } from "../config/environment.js";
import { powertoolsMetricsSink } from "../observability/powertools-metrics.js";
import { createOutboxRepository } from "../outbox/outbox-repository.js";
import { countedPost } from "../webhooks/counted-post.js";
import { createEventRedrive } from "../webhooks/event-redrive.js";
import { createSellerEventService } from "../webhooks/seller-event-service.js";
import { postWebhook } from "../webhooks/webhook-client.js";
import { createWebhookRedrive } from "../webhooks/webhook-redrive.js";
import { createWebhookRepository } from "../webhooks/webhook-repository.js";
import { createWebhookService } from "../webhooks/webhook-service.js";
import { accountStore } from "./account-store.js";
import { eventAttempts } from "./event-attempts.js";
import { orderStore } from "./order-store.js";
import { productStore } from "./product-store.js";
import { jobSender } from "./queues.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** Payment webhooks to sellers; loopback targets are allowed only in the local stack. */
export const webhookService = () =>
  createWebhookService({
    orders: orderStore(),
    products: productStore(),
    accounts: accountStore(),
    attempts: createWebhookRepository(tableClient(), tableName()),
    dataKey,
    post: countedPost(
      (url, body, headers) =>
        postWebhook(url, body, headers, { allowLoopback: optionalEnv("LOCAL_MODE") === "true" }),
      powertoolsMetricsSink,
    ),
    publicBaseUrl: requireEnv("PUBLIC_BASE_URL"),
    ...clockAndRandomness,
  });

/** The events sellers opted into (#23), sent like the payment webhooks. */
export const sellerEventService = () =>
  createSellerEventService({
    orders: orderStore(),
    products: productStore(),
    chats: createChatRepository(tableClient(), tableName()),
    accounts: accountStore(),
    attempts: eventAttempts(),
    dataKey,
    post: countedPost(
      (url, body, headers) =>
        postWebhook(url, body, headers, { allowLoopback: optionalEnv("LOCAL_MODE") === "true" }),
      powertoolsMetricsSink,
    ),
    ...clockAndRandomness,
  });

/** The operator's webhook re-drive (needs WEBHOOK_QUEUE_URL and WEBHOOK_DLQ_URL). */
export const webhookRedrive = () =>
  createWebhookRedrive({
    orders: orderStore(),
    outboxEvent: (eventId) => createOutboxRepository(tableClient(), tableName()).get(eventId),
    removeFromDeadLetter: (orderId) =>
      removeDeadLetters(requireEnv("WEBHOOK_DLQ_URL"), (body) => body.includes(`"order_id":"${orderId}"`)),
    enqueue: (job) => jobSender()("webhooks", job),
  });

/** The operator's re-drive of an event a seller opted into (needs WEBHOOK_QUEUE_URL and WEBHOOK_DLQ_URL). */
export const eventRedrive = () =>
  createEventRedrive({
    attempts: eventAttempts(),
    removeFromDeadLetter: (eventId) =>
      removeDeadLetters(requireEnv("WEBHOOK_DLQ_URL"), (body) => body.includes(`"event_id":"${eventId}"`)),
    enqueue: (job) => jobSender()("webhooks", job),
  });

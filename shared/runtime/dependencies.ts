import { createAccountRepository } from "../accounts/account-repository.js";
import { createAccountService } from "../accounts/account-service.js";
import { createAccessTokens } from "../auth/access-tokens.js";
import { createTokenExchange } from "../auth/token-exchange.js";
import { createDocumentClient } from "../aws/dynamodb-client.js";
import { createProductStreamConsumer } from "../aws/product-stream-consumer.js";
import { createS3ImageStorage } from "../aws/s3-image-storage.js";
import { createSesMailer } from "../aws/ses-mailer.js";
import { removeDeadLetters } from "../aws/sqs-dead-letter.js";
import { createCatalogueIndexer } from "../catalogue/catalogue-indexer.js";
import { createCatalogueRepository } from "../catalogue/catalogue-repository.js";
import { createCatalogueService } from "../catalogue/catalogue-service.js";
import { createCategoryRepository } from "../categories/category-repository.js";
import { createCategoryService } from "../categories/category-service.js";
import { createChatRepository } from "../chat/chat-repository.js";
import { createChatService } from "../chat/chat-service.js";
import { createCommentRepository } from "../comments/comment-repository.js";
import { createCommentService } from "../comments/comment-service.js";
import { optionalEnv, requireEnv } from "../config/environment.js";
import { createDeliveryRepository } from "../delivery/delivery-repository.js";
import { createDeliveryService } from "../delivery/delivery-service.js";
import { createFavoriteRepository } from "../favorites/favorite-repository.js";
import { createFavoriteService } from "../favorites/favorite-service.js";
import { createIdempotencyRepository } from "../idempotency/idempotency-repository.js";
import { createIdempotentRequests } from "../idempotency/idempotent-request.js";
import { cryptoRandomness } from "../ids/randomness.js";
import type { ImageStorage } from "../images/image-storage.js";
import { createLedgerRepository } from "../ledger/ledger-repository.js";
import { createFileOutboxMailer } from "../mail/file-outbox-mailer.js";
import type { Mailer } from "../mail/mail-message.js";
import { createMailService } from "../mail/mail-service.js";
import { createBuyerOrderRepository } from "../orders/buyer-order-repository.js";
import { createBuyerOrderService } from "../orders/buyer-order-service.js";
import { createOrderRepository } from "../orders/order-repository.js";
import { createOrderService, DEFAULT_UNPAID_ORDER_MINUTES } from "../orders/order-service.js";
import { createOutboxRepository } from "../outbox/outbox-repository.js";
import { createPaymentRepository } from "../payments/payment-repository.js";
import { createPaymentService } from "../payments/payment-service.js";
import { createPayoutRepository } from "../payouts/payout-repository.js";
import { createPayoutService } from "../payouts/payout-service.js";
import { createProductRepository } from "../products/product-repository.js";
import { createProductService } from "../products/product-service.js";
import { createPurchaseRepository } from "../purchases/purchase-repository.js";
import { createPurchaseService } from "../purchases/purchase-service.js";
import { deriveKeys } from "../secrets/derived-keys.js";
import { systemClock } from "../time/clock.js";
import { postWebhook } from "../webhooks/webhook-client.js";
import { createWebhookRedrive } from "../webhooks/webhook-redrive.js";
import { createWebhookRepository } from "../webhooks/webhook-repository.js";
import { createWebhookService } from "../webhooks/webhook-service.js";
import { configuredSecret } from "./configured-secret.js";
import { masterSecret } from "./master-secret.js";
import { jobSender } from "./queues.js";

/**
 * The composition root shared by every Lambda, the local gateway and the ops CLI: one document
 * client per process, services wired to repositories. Configuration is read on first use, and a
 * missing variable fails with its name.
 */
let derived: Promise<ReturnType<typeof deriveKeys>> | undefined;
/** The purpose keys, derived once per process from the master secret. */
const keys = () => {
  derived ??= masterSecret().then(deriveKeys);
  derived.catch(() => {
    derived = undefined;
  });
  return derived;
};
const dataKey = async () => (await keys()).dataEncryption;

let documentClient: ReturnType<typeof createDocumentClient> | undefined;
const client = () => {
  documentClient ??= createDocumentClient();
  return documentClient;
};
const tableName = () => requireEnv("TABLE_NAME");
/** Every service reads the machine's clock and Node's secure random generator; tests pass their own. */
const clockAndRandomness = { now: systemClock, random: cryptoRandomness };
const orderStore = () => createOrderRepository(client(), tableName());
const productStore = () => createProductRepository(client(), tableName());

let tokensPromise: ReturnType<typeof buildTokens> | undefined;
const buildTokens = async () => createAccessTokens((await keys()).tokenSigning);

/** Access-token issuing and verification, keyed once per process. */
export const accessTokens = () => {
  tokensPromise ??= buildTokens();
  return tokensPromise;
};

/** Account persistence. */
export const accountStore = () => createAccountRepository(client(), tableName());

/** Reading an account's ledger. */
export const ledgerStore = () => createLedgerRepository(client(), tableName());

/** Account creation. */
export const accountService = () =>
  createAccountService({ store: accountStore(), dataKey: dataKey, images, ...clockAndRandomness });

/** API key → access token. */
export const tokenExchange = () => createTokenExchange({ store: accountStore(), tokens: accessTokens });

/** Categories' persistence. */
const categoryStore = () => createCategoryRepository(client(), tableName());

/** The public catalogue's persistence: facet entries, counts and price trees. */
const catalogueStore = () => createCatalogueRepository(client(), tableName());

/** Keeps the catalogue in step with products (fed by the table's stream). */
export const catalogueIndexer = () =>
  createCatalogueIndexer({
    products: productStore(),
    categories: categoryStore(),
    accounts: accountStore(),
    catalogue: catalogueStore(),
  });

let catalogueConsumer: ReturnType<typeof createProductStreamConsumer> | undefined;
/** The table's stream → the catalogue indexer, once per changed product. */
export const catalogueStreamConsumer = () => {
  catalogueConsumer ??= createProductStreamConsumer((productId) => catalogueIndexer().sync(productId));
  return catalogueConsumer;
};

/** The read side of Reseller API v2: search, a seller's catalogue, one public product. */
export const catalogueService = () =>
  createCatalogueService({
    catalogue: catalogueStore(),
    products: productStore(),
    accounts: accountStore(),
    categories: categoryStore(),
  });

/** Product comments. */
export const commentService = () =>
  createCommentService({
    comments: createCommentRepository(client(), tableName()),
    catalogue: catalogueService(),
    ...clockAndRandomness,
  });

/** Order chats: the buyer's side (v2) and the seller's (the v1 extension). */
export const chatService = () =>
  createChatService({
    chats: createChatRepository(client(), tableName()),
    orders: orderStore(),
    ...clockAndRandomness,
  });

/** A reseller's favorites. */
export const favoriteService = () =>
  createFavoriteService({
    favorites: createFavoriteRepository(client(), tableName()),
    catalogue: catalogueService(),
    products: productStore(),
    categories: categoryStore(),
    now: systemClock,
  });

/** Categories. */
export const categoryService = () => createCategoryService(categoryStore());

let imageStorage: ImageStorage | undefined;
/** Image storage, configured on first use (only groups that upload images have a bucket). */
function images(): ImageStorage {
  imageStorage ??= createS3ImageStorage({
    bucket: requireEnv("IMAGE_BUCKET"),
    publicBaseUrl: requireEnv("PUBLIC_IMAGE_BASE_URL"),
    forcePathStyle: optionalEnv("S3_FORCE_PATH_STYLE") === "true",
  });
  return imageStorage;
}

/** Products: seller rules and the operator's moderation. */
export const productService = () => createProductService({ store: productStore(), images, now: systemClock });

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
    unpaidOrderMinutes: unpaidOrderMinutes(),
    ...clockAndRandomness,
  });

/** Payment confirmation: paid order, delivery token and the seller's webhook in one write. */
export const paymentService = () =>
  createPaymentService({
    orders: orderStore(),
    payments: createPaymentRepository(client(), tableName()),
    dataKey: dataKey,
    ...clockAndRandomness,
  });

/** Delivery by the seller through the one-time token. */
export const deliveryService = () =>
  createDeliveryService({
    deliveries: createDeliveryRepository(client(), tableName()),
    orders: orderStore(),
    ...clockAndRandomness,
  });

/** Payment webhooks to sellers; loopback targets are allowed only in the local stack. */
export const webhookService = () =>
  createWebhookService({
    orders: orderStore(),
    products: productStore(),
    accounts: accountStore(),
    attempts: createWebhookRepository(client(), tableName()),
    dataKey: dataKey,
    post: (url, body, headers) =>
      postWebhook(url, body, headers, { allowLoopback: optionalEnv("LOCAL_MODE") === "true" }),
    publicBaseUrl: requireEnv("PUBLIC_BASE_URL"),
    ...clockAndRandomness,
  });

let mailer: Mailer | undefined;
/** SES in AWS (SENDER_ADDRESS); the local outbox file when MAIL_OUTBOX_FILE is set. */
const configuredMailer = (): Mailer => {
  const outbox = optionalEnv("MAIL_OUTBOX_FILE");
  mailer ??= outbox ? createFileOutboxMailer(outbox) : createSesMailer(requireEnv("SENDER_ADDRESS"));
  return mailer;
};

/** Idempotency-Key handling for requests that charge. */
const idempotentRequests = () =>
  createIdempotentRequests({
    store: createIdempotencyRepository(client(), tableName()),
    ...clockAndRandomness,
  });

/** Reseller purchases from balance: POST /buy and POST /gift. */
export const purchaseService = () =>
  createPurchaseService({
    purchases: createPurchaseRepository(client(), tableName()),
    products: productStore(),
    categories: categoryStore(),
    accounts: accountStore(),
    idempotency: idempotentRequests(),
    dataKey,
    ...clockAndRandomness,
  });

/** A reseller's own orders: history, one order, disputes. */
export const buyerOrderService = () =>
  createBuyerOrderService({
    orders: orderStore(),
    buyerOrders: createBuyerOrderRepository(client(), tableName()),
    ...clockAndRandomness,
  });

/** Buyer e-mail. */
export const mailService = () => {
  const orders = orderStore();
  return createMailService({
    orders,
    products: productStore(),
    mailer: configuredMailer(),
    markSent: (orderId, at, template) => orders.markEmailSent(orderId, at, template),
    claim: (orderId, at, staleBefore, template) => orders.claimEmail(orderId, at, staleBefore, template),
    now: systemClock,
  });
};

/** The operator's webhook re-drive (needs WEBHOOK_QUEUE_URL and WEBHOOK_DLQ_URL). */
export const webhookRedrive = () =>
  createWebhookRedrive({
    orders: orderStore(),
    outboxEvent: (eventId) => createOutboxRepository(client(), tableName()).get(eventId),
    removeFromDeadLetter: (orderId) =>
      removeDeadLetters(requireEnv("WEBHOOK_DLQ_URL"), (body) => body.includes(`"order_id":"${orderId}"`)),
    enqueue: (job) => jobSender()("webhooks", job),
  });

/** The secret the payment provider signs its callbacks with (PAYMENT_CALLBACK_SECRET, or its _ARN in AWS). */
export const paymentCallbackSecret = configuredSecret("PAYMENT_CALLBACK_SECRET");

/** Payouts: one-time codes, the lock, the debit and the operator's decisions. */
export const payoutService = () =>
  createPayoutService({
    accounts: accountStore(),
    payouts: createPayoutRepository(client(), tableName()),
    dataKey: dataKey,
    ...clockAndRandomness,
  });

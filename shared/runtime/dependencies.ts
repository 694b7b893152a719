/**
 * Every composition root in one import, for the ops CLI, the benches and tests. Lambda handlers import
 * the root of their concern instead (a dependency-cruiser rule holds them to it): a bundle carries the
 * AWS clients its roots import, so this barrel would put all five in every function.
 */

export { accountStore } from "./account-store.js";
export { accountAccess, accountService } from "./accounts.js";
export { tokenExchange } from "./auth.js";
export {
  catalogueIndexer,
  catalogueService,
  catalogueStreamConsumer,
  commentService,
  favoriteService,
} from "./catalogue.js";
export { categoryService } from "./categories.js";
export { feeStore } from "./fee-store.js";
export { feeService } from "./fees.js";
export { ledgerStore } from "./ledger-store.js";
export { mailService } from "./mail.js";
export {
  buyerOrderService,
  chatService,
  deliveryService,
  deliveryUrlService,
  orderService,
} from "./orders.js";
export { paymentService, refundService } from "./payments.js";
export { payoutService } from "./payouts.js";
export { productService } from "./products.js";
export { balanceView, purchaseService } from "./purchases.js";
export { reviewModerationService, reviewService, sellerReviewService } from "./reviews.js";
export { orderWebhookAttempts } from "./seller-webhooks.js";
export { accessTokens, paymentCallbackSecret } from "./service-keys.js";
export { testWebhook } from "./test-webhooks.js";
export { eventRedrive, sellerEventService, webhookRedrive, webhookService } from "./webhooks.js";

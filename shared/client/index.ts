/**
 * The entry of the `@marketplace/client` package (shared/client/package.json): the typed client of both
 * APIs and a receiver's checks of the webhooks. What it exports is the package's public surface, so its
 * version follows semver over exactly these names (shared/client/README.md).
 */
export { MarketplaceClientError } from "./client-error.js";
export {
  createMarketplaceClient,
  type MarketplaceClient,
  type MarketplaceClientOptions,
  type VersionClient,
} from "./marketplace-client.js";
export type {
  ClientVersion,
  ErrorEnvelope,
  OperationArgs,
  OperationData,
  OperationFailure,
  OperationInput,
  OperationKey,
  OperationMeta,
  OperationResult,
  OperationSuccess,
  PathParams,
} from "./operation-types.js";
export { type SignedPaymentWebhook, verifyPaymentSignature } from "./payment-signature.js";
export {
  STANDARD_WEBHOOK_TOLERANCE_SECONDS,
  type StandardWebhookOptions,
  type StandardWebhookRefusal,
  type StandardWebhookVerdict,
  verifyStandardWebhook,
  type WebhookHeaders,
} from "./standard-webhook.js";

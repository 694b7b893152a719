import { createSellerProfileService } from "../accounts/seller-profile-service.js";
import { createWebhookSecretRotation } from "../accounts/webhook-secret-rotation.js";
import { createWebhookSubscriptionService } from "../accounts/webhook-subscription-service.js";
import { accountStore } from "./account-store.js";
import { images } from "./image-storage.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness } from "./table.js";

/** The seller's record, profile and avatar (v1 /seller): no account creation, so no authenticator library. */
export const sellerProfileService = () =>
  createSellerProfileService({ store: accountStore(), dataKey, images });

/** The rotation of the seller's webhook signing secret (v1 POST /seller/webhook-secret and the ops command). */
export const webhookSecretRotation = () =>
  createWebhookSecretRotation({ store: accountStore(), dataKey, now: clockAndRandomness.now });

/** The webhook events a seller opted into (v1 /seller/webhook-events). */
export const webhookSubscriptions = () => createWebhookSubscriptionService({ store: accountStore() });

import { profileUpdateSchema } from "../../shared/accounts/seller-profile.js";
import { webhookSubscriptionBodySchema } from "../../shared/accounts/webhook-subscription.js";
import { header } from "../../shared/http/api-request.js";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../shared/http/body-limits.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { parseMultipart } from "../../shared/http/multipart.js";
import { callerId } from "../../shared/http/principal.js";
import { MAX_IMAGE_BYTES } from "../../shared/images/image-format.js";
import { eventAttempts } from "../../shared/runtime/event-attempts.js";
import {
  sellerProfileService,
  webhookSecretRotation,
  webhookSubscriptions,
} from "../../shared/runtime/seller-profiles.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { testWebhook } from "../../shared/runtime/test-webhooks.js";
import * as z from "../../shared/validation/zod-mini.js";
import { eventDeliveries } from "../../shared/webhooks/seller-event-deliveries.js";

/**
 * Seller API v1: the seller's account, profile and store image; and, as extensions, a signed test webhook,
 * the webhook signing secret's rotation, and the events the seller opts into with their deliveries.
 */
export const handler = createGroupHandler(
  "v1-seller",
  {
    "GET /seller": defineAction({
      handle: async (request) => ({ data: await sellerProfileService().view(callerId(request)) }),
    }),
    "POST /seller/profile": defineAction({
      // No body is the same as an empty one; anything but a JSON object is not a profile.
      body: z.pipe(
        z.transform((body) => body ?? {}),
        profileUpdateSchema,
      ),
      handle: async (request) => ({
        data: await sellerProfileService().updateProfile(callerId(request), request.body),
      }),
    }),
    "POST /seller/img": defineAction({
      maxBodyBytes: UPLOAD_BODY_LIMIT_BYTES,
      handle: async (request) => {
        const form = await parseMultipart(header(request.event, "content-type"), request.rawBody, {
          fileSize: MAX_IMAGE_BYTES,
        });
        const url = await sellerProfileService().uploadImage(callerId(request), form.files.img);
        return { data: { message: "Image uploaded", url } };
      },
    }),
    "POST /seller/webhook-test": defineAction({
      handle: async (request) => ({ data: await testWebhook().send(callerId(request)) }),
    }),
    "POST /seller/webhook-secret": defineAction({
      handle: async (request) => {
        const { webhook_secret, previous_signs_until } = await webhookSecretRotation().rotate(
          callerId(request),
        );
        return { data: { webhook_secret, previous_signs_until } };
      },
    }),
    "GET /seller/webhook-events": defineAction({
      handle: async (request) => ({ data: await webhookSubscriptions().view(callerId(request)) }),
    }),
    "POST /seller/webhook-events": defineAction({
      body: webhookSubscriptionBodySchema,
      handle: async (request) => ({
        data: await webhookSubscriptions().update(callerId(request), request.body),
      }),
    }),
    "GET /seller/webhook-events/deliveries": defineAction({
      handle: async (request) => ({ data: await eventDeliveries(eventAttempts(), callerId(request)) }),
    }),
  },
  tokenVerifier,
);

import { profileUpdateSchema } from "../../shared/accounts/seller-profile.js";
import { header } from "../../shared/http/api-request.js";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../shared/http/body-limits.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { parseMultipart } from "../../shared/http/multipart.js";
import { callerId } from "../../shared/http/principal.js";
import { MAX_IMAGE_BYTES } from "../../shared/images/image-format.js";
import { sellerProfileService } from "../../shared/runtime/seller-profiles.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { testWebhook } from "../../shared/runtime/test-webhooks.js";
import * as z from "../../shared/validation/zod-mini.js";

/** Seller API v1: the seller's account, profile and store image, and (an extension) a signed test webhook. */
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
  },
  tokenVerifier,
);

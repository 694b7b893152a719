import { DomainError } from "../../shared/errors/domain-error.js";
import { header } from "../../shared/http/api-request.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import {
  CALLBACK_SIGNATURE_HEADER,
  isValidCallbackSignature,
} from "../../shared/payments/callback-signature.js";
import { paymentCallbackSchema } from "../../shared/payments/payment-callback.js";
import { paymentService } from "../../shared/runtime/payments.js";
import { accessTokens, dataKey, paymentCallbackSecret } from "../../shared/runtime/service-keys.js";
import { validate } from "../../shared/validation/validate.js";

const invalidSignature = () => new DomainError("unauthenticated", "invalid_signature", "Invalid signature");

/**
 * The payment provider's signed callback (POST /api/payments/callback). The signature covers the raw
 * bytes, so it is checked before the body is validated: an unsigned body learns nothing of the schema.
 */
export const handler = createGroupHandler(
  "payments",
  {
    "POST /callback": defineAction({
      handle: async (request) => {
        const signature = header(request.event, CALLBACK_SIGNATURE_HEADER);
        // Both secrets load together on a cold start (each once per process): confirming the payment
        // needs the master secret's key right after the signature check.
        const [callbackSecret] = await Promise.all([paymentCallbackSecret(), dataKey()]);
        if (!request.rawBody || !isValidCallbackSignature(callbackSecret, request.rawBody, signature)) {
          throw invalidSignature();
        }
        return { data: await paymentService().applyCallback(validate(paymentCallbackSchema, request.body)) };
      },
    }),
  },
  accessTokens,
);

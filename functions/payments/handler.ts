import { refuse } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";
import { header } from "../../shared/http/api-request.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import {
  CALLBACK_SIGNATURE_HEADER,
  isValidCallbackSignature,
} from "../../shared/payments/callback-signature.js";
import { paymentCallbackSchema } from "../../shared/payments/payment-callback.js";
import { paymentService } from "../../shared/runtime/payments.js";
import { dataKey, paymentCallbackSecret, tokenVerifier } from "../../shared/runtime/service-keys.js";
import { validate } from "../../shared/validation/validate.js";

const invalidSignature = () => refuse(refusals.invalidSignature);

/**
 * The payment provider's signed callback (POST /api/payments/callback). The signature covers the raw
 * bytes, so it is checked before the body is parsed: an unsigned body costs no parsing and learns nothing
 * of the schema. The signed bytes are parsed as JSON whatever content type the request declares.
 */
export const handler = createGroupHandler(
  "payments",
  {
    "POST /callback": defineAction({
      jsonWhateverTheType: true,
      beforeParse: async (rawBody, event) => {
        const signature = header(event, CALLBACK_SIGNATURE_HEADER);
        // Both secrets load together on a cold start (each once per process): confirming the payment
        // needs the master secret's key right after the signature check.
        const [callbackSecret] = await Promise.all([paymentCallbackSecret(), dataKey()]);
        if (!rawBody || !isValidCallbackSignature(callbackSecret, rawBody, signature)) {
          throw invalidSignature();
        }
      },
      handle: async (request) => ({
        data: await paymentService().applyCallback(validate(paymentCallbackSchema, request.body)),
      }),
    }),
  },
  tokenVerifier,
);

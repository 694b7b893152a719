import { header } from "../../shared/http/api-request.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { CALLBACK_SIGNATURE_HEADER } from "../../shared/payments/callback-signature.js";
import { accessTokens, paymentCallback } from "../../shared/runtime/dependencies.js";

/** The payment provider's signed callback (POST /api/payments/callback). */
export const handler = createGroupHandler(
  "payments",
  {
    "POST /callback": defineAction({
      handle: async (request) => ({
        data: await paymentCallback().handle(
          request.rawBody,
          header(request.event, CALLBACK_SIGNATURE_HEADER),
          request.body,
        ),
      }),
    }),
  },
  accessTokens,
);

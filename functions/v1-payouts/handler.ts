import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId } from "../../shared/http/principal.js";
import { payoutRequestSchema } from "../../shared/payouts/payout.js";
import { accessTokens, payoutService } from "../../shared/runtime/dependencies.js";

/** Seller API v1: payouts confirmed with an authenticator code, and their history. */
export const handler = createGroupHandler(
  "v1-payouts",
  {
    "POST /payout": defineAction({
      body: payoutRequestSchema,
      handle: async (request) => ({ data: await payoutService().request(callerId(request), request.body) }),
    }),
    "GET /payout/history": defineAction({
      handle: async (request) => ({ data: await payoutService().history(callerId(request)) }),
    }),
  },
  accessTokens,
);

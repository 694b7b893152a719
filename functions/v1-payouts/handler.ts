import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId } from "../../shared/http/principal.js";
import { payoutRequestSchema } from "../../shared/payouts/payout.js";
import { payoutService } from "../../shared/runtime/payouts.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { cursorPageSchema, nextPageHeaders } from "../../shared/validation/cursor-page.js";

/** Seller API v1: payouts confirmed with an authenticator code, and their history. */
export const handler = createGroupHandler(
  "v1-payouts",
  {
    "POST /payout": defineAction({
      body: payoutRequestSchema,
      handle: async (request) => ({ data: await payoutService().request(callerId(request), request.body) }),
    }),
    "GET /payout/history": defineAction({
      query: cursorPageSchema,
      handle: async (request) => {
        const { items, next } = await payoutService().history(callerId(request), request.query);
        return { data: items, headers: nextPageHeaders(next) };
      },
    }),
  },
  tokenVerifier,
);

import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId } from "../../shared/http/principal.js";
import { accessTokens, accountService } from "../../shared/runtime/dependencies.js";

/** Reseller API v2: the balance; buying and gifts are still to ship (501). */
export const handler = createGroupHandler(
  "v2-purchases",
  {
    "GET /balance": defineAction({
      handle: async (request) => ({ data: await accountService().balance(callerId(request)) }),
    }),
  },
  accessTokens,
);

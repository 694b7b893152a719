import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import { accessTokens, orderService } from "../../shared/runtime/dependencies.js";

/** Seller API v1: the seller's orders and delivery. */
export const handler = createGroupHandler(
  "v1-orders",
  {
    "GET /orders": defineAction({
      handle: async (request) => ({ data: await orderService().listForSeller(callerId(request)) }),
    }),
    "GET /orders/info/{id}": defineAction({
      handle: async (request) => ({
        data: await orderService().infoForSeller(callerId(request), pathParameter(request, "id")),
      }),
    }),
  },
  accessTokens,
);

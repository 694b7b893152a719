import { deliveryBodySchema } from "../../shared/delivery/delivery-service.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import { accessTokens, deliveryService, orderService } from "../../shared/runtime/dependencies.js";

/** Seller API v1: the seller's orders and delivery. */
export const handler = createGroupHandler(
  "v1-orders",
  {
    "GET /orders": defineAction({
      handle: async (request) => ({ data: await orderService().listForSeller(callerId(request)) }),
    }),
    "POST /orders/delivery/{token}": defineAction({
      body: deliveryBodySchema,
      handle: async (request) => ({
        data: await deliveryService().deliver(
          callerId(request),
          pathParameter(request, "token"),
          request.body,
        ),
      }),
    }),
    "GET /orders/info/{id}": defineAction({
      handle: async (request) => ({
        data: await orderService().infoForSeller(callerId(request), pathParameter(request, "id")),
      }),
    }),
  },
  accessTokens,
);

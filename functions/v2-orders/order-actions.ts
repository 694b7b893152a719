import { type ActionsFor, defineAction } from "../../shared/http/group-handler.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import type { GroupRouteKey } from "../../shared/http/routes.js";
import { disputeBodySchema, historyQuerySchema } from "../../shared/orders/buyer-order-input.js";
import { buyerOrderService } from "../../shared/runtime/orders.js";

/** GET /history, GET /order/{order_id}, POST /dispute: a reseller's own orders. */
export const orderActions = {
  "GET /history": defineAction({
    query: historyQuerySchema,
    handle: async (request) => {
      const { items, meta } = await buyerOrderService().history(callerId(request), request.query);
      return { data: items, meta };
    },
  }),
  "GET /order/{order_id}": defineAction({
    handle: async (request) => ({
      data: await buyerOrderService().order(callerId(request), pathParameter(request, "order_id")),
    }),
  }),
  "POST /dispute": defineAction({
    body: disputeBodySchema,
    handle: async (request) => ({ data: await buyerOrderService().dispute(callerId(request), request.body) }),
  }),
} satisfies Partial<ActionsFor<GroupRouteKey<"v2-orders">>>;

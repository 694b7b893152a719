import { pageQuerySchema } from "../../shared/catalogue/search-query.js";
import { chatBodySchema } from "../../shared/chat/chat-body.js";
import { type ActionsFor, defineAction } from "../../shared/http/group-handler.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import type { GroupRouteKey } from "../../shared/http/routes.js";
import { chatService } from "../../shared/runtime/orders.js";

/** GET and POST /chat/{chat_id}: the buyer's side of an order's chat (the chat id is the order id). */
export const chatActions = {
  "GET /chat/{chat_id}": defineAction({
    query: pageQuerySchema,
    handle: async (request) => {
      const { items, meta } = await chatService().listForBuyer(
        callerId(request),
        pathParameter(request, "chat_id"),
        request.query,
      );
      return { data: items, meta };
    },
  }),
  "POST /chat/{chat_id}": defineAction({
    body: chatBodySchema,
    handle: async (request) => ({
      data: await chatService().postAsBuyer(
        callerId(request),
        pathParameter(request, "chat_id"),
        request.body.message,
      ),
    }),
  }),
} satisfies Partial<ActionsFor<GroupRouteKey<"v2-orders">>>;

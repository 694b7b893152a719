import type { GroupActions } from "../../shared/http/group-handler.js";

/** GET and POST /chat/{chat_id}: the buyer's side of an order's chat. */
export const chatActions: GroupActions = {};

import { createGroupHandler } from "../../shared/http/group-handler.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { chatActions } from "./chat-actions.js";
import { orderActions } from "./order-actions.js";

/** Reseller API v2: the buyer's orders, their chats and disputes. */
export const handler = createGroupHandler("v2-orders", { ...orderActions, ...chatActions }, tokenVerifier);

import { createGroupHandler } from "../../shared/http/group-handler.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { chatActions } from "./chat-actions.js";
import { orderActions } from "./order-actions.js";
import { reviewActions } from "./review-actions.js";

/** Reseller API v2: the buyer's orders, their chats and disputes, and (an extension) reviews of what it bought. */
export const handler = createGroupHandler(
  "v2-orders",
  { ...orderActions, ...chatActions, ...reviewActions },
  tokenVerifier,
);

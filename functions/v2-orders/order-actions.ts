import type { GroupActions } from "../../shared/http/group-handler.js";

/** GET /history, GET /order/{order_id}, POST /dispute: a reseller's own orders. */
export const orderActions: GroupActions = {};

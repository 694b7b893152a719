import { createOrderExpiry } from "../orders/order-expiry.js";
import { orderStore } from "./order-store.js";
import { clockAndRandomness } from "./table.js";

/** The maintenance function's expiry of unpaid orders: the order store and the clock, no secret. */
export const orderExpiry = () => createOrderExpiry({ orders: orderStore(), now: clockAndRandomness.now });

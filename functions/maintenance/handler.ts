import { logger } from "../../shared/observability/logger.js";
import { observedHandler } from "../../shared/observability/observed.js";
import { orderExpiry } from "../../shared/runtime/order-expiry.js";

/** Scheduled housekeeping: cancels unpaid orders past their expiry and returns their stock. */
// biome-ignore lint/suspicious/noConfusingVoidType: the schedule's event is never read; void lets the local timer call it with none.
export const handler = observedHandler(async (_schedule: void): Promise<{ expired_orders: number }> => {
  const expired = await orderExpiry().expireUnpaid();
  if (expired > 0) logger().info("Expired unpaid orders", { count: expired });
  return { expired_orders: expired };
});

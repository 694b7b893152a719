import { orderService } from "../../shared/runtime/orders.js";

/** Scheduled housekeeping: cancels unpaid orders past their expiry and returns their stock. */
export const handler = async (): Promise<{ expired_orders: number }> => {
  const expired = await orderService().expireUnpaid();
  if (expired > 0)
    console.log(JSON.stringify({ level: "info", message: "Expired unpaid orders", count: expired }));
  return { expired_orders: expired };
};

import { orderExpiry } from "../../shared/runtime/order-expiry.js";

/** Scheduled housekeeping: cancels unpaid orders past their expiry and returns their stock. */
export const handler = async (): Promise<{ expired_orders: number }> => {
  const expired = await orderExpiry().expireUnpaid();
  if (expired > 0)
    console.log(JSON.stringify({ level: "info", message: "Expired unpaid orders", count: expired }));
  return { expired_orders: expired };
};

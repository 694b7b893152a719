import type { Clock } from "../time/clock.js";
import type { OrderStore } from "./order-repository.js";

/**
 * The expiry of unpaid storefront orders: what the scheduled maintenance function runs. A module of its
 * own so that function's bundle carries the order store and nothing of the seller's views (their page
 * cursors need the master secret, and so Secrets Manager).
 */
export const createOrderExpiry = (deps: {
  orders: Pick<OrderStore, "expiredBefore" | "cancelAndRelease">;
  now: Clock;
}) => ({
  /** Cancels unpaid orders past their expiry and returns their stock; returns how many it canceled. */
  async expireUnpaid(batch = 100): Promise<number> {
    const at = deps.now().toISOString();
    let canceled = 0;
    for (;;) {
      const due = await deps.orders.expiredBefore(at, batch);
      let canceledNow = 0;
      for (const order of due) if (await deps.orders.cancelAndRelease(order, at)) canceledNow++;
      canceled += canceledNow;
      // The index is eventually consistent: a full page of orders already handled means stop, not spin.
      if (due.length < batch || canceledNow === 0) return canceled;
    }
  },
});

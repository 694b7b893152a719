import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderService } from "../../shared/runtime/orders.js";
import { createPublicCategory } from "../support/catalogue.js";
import { orderServiceAt } from "../support/orders.js";
import { startReceiver } from "../support/receiver.js";
import type { RunLog } from "./command-runner.js";
import { marketViolations } from "./invariant-checks.js";
import { listedKeyStockViolations, readMarket } from "./market-state.js";
import { createWorld } from "./market-world.js";

/** The 30-minute hold, less this: the orders' holds end a few seconds after they are made. */
const HOLD_ENDS_IN_MS = 3000;

describe("the invariant checks' read of the market", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver(() => 200);
  });
  afterAll(() => receiver.close());

  it("sees orders, their products' stock and the key product's codes as of one moment: an expiry committed while it reads shows whole or not at all", async () => {
    const world = await createWorld(
      { stock: [5, 5], codes: 5, funds: [0, 0], sellerFunds: 0 },
      await createPublicCategory(),
      receiver,
    );
    // Fifteen orders, one unit each, whose holds end together: expiring them is fifteen transactions, each
    // cancelling an order and returning its unit (P3's: its code), as the stack's maintenance timer does
    // at any moment.
    const soonExpired = orderServiceAt(-30 * 60_000 + HOLD_ENDS_IN_MS);
    const orders = await Promise.all(
      world.products.flatMap((product) =>
        Array.from({ length: 5 }, (_, i) =>
          soonExpired.createGuestOrder({
            product_id: product.id,
            quantity: 1,
            email: `snapshot-${i}@example.com`,
          }),
        ),
      ),
    );
    const log: RunLog = {
      orders: orders.map((o) => o.id_order),
      payouts: [],
      credits: [],
      codes: { uploaded: 0, withdrawn: 0 },
      done: [],
      lines: [],
    };
    // Every hold ended at most HOLD_ENDS_IN_MS after its order was made.
    await new Promise((r) => setTimeout(r, HOLD_ENDS_IN_MS + 100));
    // Read again and again while the expiries commit one by one; the listed read too, which reads again
    // whenever an expiry committed under it.
    const violations = async () => [
      ...marketViolations(world, log, await readMarket(world, log.orders)),
      ...(await listedKeyStockViolations(world)),
    ];
    let expiring = true;
    const expired = orderService()
      .expireUnpaid()
      .finally(() => {
        expiring = false;
      });
    const seen: string[][] = [];
    while (expiring) seen.push(await violations());
    await expired;
    seen.push(await violations());
    expect(seen.filter((violations) => violations.length > 0)).toEqual([]);
    const after = await readMarket(world, log.orders);
    expect(after.orders.map((o) => o.status)).toEqual(orders.map(() => "canceled"));
    expect([...after.stock.values()]).toEqual([5, 5, 5]);
    expect(after.keyStock.get(world.products[2].id)?.codes.map((code) => code.state)).toEqual(
      Array.from({ length: 5 }, () => "available"),
    );
  });
});

import { describe, expect, it } from "vitest";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { orderServiceAt, outboxEventsFor, sellerWithProduct, stockOf, stores } from "../../support/orders.js";
import {
  canceledOrder,
  deliveryTokensOf,
  paidCallback,
  takeStock,
  unappliedPayments,
} from "../../support/payments.js";

/** A born-expired storefront order of the product: waiting, past its hold, its unit reserved. */
const expiredOrder = async (productId: string) => {
  const created = await orderServiceAt(-31 * 60_000).createGuestOrder({
    product_id: productId,
    quantity: 1,
    email: "race@example.com",
  });
  const order = await stores().orders.get(created.id_order);
  if (!order) throw new Error(`order ${created.id_order} not stored`);
  return order;
};

describe("late payments under races: the conditional writes settle every interleaving with exact stock (#18 item 1)", () => {
  it("20 parallel repeats of one late payment for a canceled order take its stock exactly once: all answered paid, one token, one webhook event", async () => {
    const { productId, order } = await canceledOrder({ count: 3 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => paidCallback(order.id_order, order.amount, "race-same")),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) {
      expect(answer.body).toEqual({
        ok: true,
        data: { order_id: order.id_order, applied: true, status_order: "paid" },
        meta: {},
      });
    }
    expect(await stockOf(productId)).toBe(2);
    expect(await deliveryTokensOf(order.id_order)).toHaveLength(1);
    expect(await outboxEventsFor(order.id_order)).toHaveLength(1);
    expect(await unappliedPayments().ofOrder(order.id_order)).toEqual([]);
  });

  it("10 different late payments in parallel for one canceled order: exactly one pays it, the 9 others are 409 already_paid and recorded for refund once each", async () => {
    const { productId, order } = await canceledOrder({ count: 3 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => paidCallback(order.id_order, order.amount, `race-${i}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect((answer.body as { code: string }).code).toBe("already_paid");
    const paid = await stores().orders.getLatest(order.id_order);
    expect(paid?.status).toBe("paid");
    const recorded = await unappliedPayments().ofOrder(order.id_order);
    expect(recorded.map((p) => p.payment_id).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `race-${i}`)
        .filter((id) => id !== paid?.payment_id)
        .sort(),
    );
    expect(recorded.every((p) => p.reason === "already_paid" && p.refund_status === "due")).toBe(true);
    expect(await stockOf(productId)).toBe(2);
    expect(await deliveryTokensOf(order.id_order)).toHaveLength(1);
  });

  it("late payments of 8 canceled orders fighting for the last unit: exactly one is paid, the stock ends at 0 and never below, the 7 others are recorded as due for refund", async () => {
    const { productId } = await sellerWithProduct({ count: 8 });
    const orders = await Promise.all(Array.from({ length: 8 }, () => expiredOrder(productId)));
    for (const order of orders) await stores().orders.cancelAndRelease(order, new Date().toISOString());
    expect(await stockOf(productId)).toBe(8);
    await takeStock(productId, 7);
    expect(await stockOf(productId)).toBe(1);
    const answers = await Promise.all(
      orders.map((order, i) => paidCallback(order.id_order, order.amount, `last-unit-${i}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const applied = answers.filter((a) => (a.body as { data: { applied: boolean } }).data.applied);
    expect(applied).toHaveLength(1);
    expect(await stockOf(productId)).toBe(0);
    const states = await Promise.all(
      orders.map(async (order) => ({
        status: (await stores().orders.getLatest(order.id_order))?.status,
        refunds: (await unappliedPayments().ofOrder(order.id_order)).map((p) => [p.reason, p.refund_status]),
        tokens: (await deliveryTokensOf(order.id_order)).length,
      })),
    );
    expect(states.filter((s) => s.status === "paid")).toEqual([{ status: "paid", refunds: [], tokens: 1 }]);
    expect(states.filter((s) => s.status === "canceled")).toEqual(
      Array(7).fill({ status: "canceled", refunds: [["insufficient_stock", "due"]], tokens: 0 }),
    );
  });

  it("the maintenance's cancel racing each payment of 6 expired orders: whichever commits first, every order ends paid once and the stock is exact", async () => {
    const { productId } = await sellerWithProduct({ count: 6 });
    // The stack's own maintenance may already be canceling these born-expired orders: it is one more
    // racer, so nothing is asserted of the stock until every racer is done.
    const orders = await Promise.all(Array.from({ length: 6 }, () => expiredOrder(productId)));
    const at = new Date().toISOString();
    const [answers] = await Promise.all([
      Promise.all(orders.map((order, i) => paidCallback(order.id_order, order.amount, `cancel-race-${i}`))),
      Promise.all(orders.map((order) => stores().orders.cancelAndRelease(order, at))),
      orderService().expireUnpaid(),
    ]);
    expect(answers.map((a) => [a.status, (a.body as { data: { applied: boolean } }).data.applied])).toEqual(
      Array(6).fill([200, true]),
    );
    expect(await stockOf(productId)).toBe(0);
    for (const [i, order] of orders.entries()) {
      const stored = await stores().orders.getLatest(order.id_order);
      expect([stored?.status, stored?.payment_id]).toEqual(["paid", `cancel-race-${i}`]);
      expect(await deliveryTokensOf(order.id_order)).toHaveLength(1);
      expect(await unappliedPayments().ofOrder(order.id_order)).toEqual([]);
    }
  });
});

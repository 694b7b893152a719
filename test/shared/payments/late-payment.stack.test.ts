import { describe, expect, it } from "vitest";
import type { DomainError } from "../../../shared/errors/domain-error.js";
import { accountAccess } from "../../../shared/runtime/dependencies.js";
import { request } from "../../support/http.js";
import { deliveryTokenFor, outboxEventsFor, stockOf, stores } from "../../support/orders.js";
import {
  canceledOrder,
  deliveryTokensOf,
  recordingPaymentService,
  takeStock,
  unappliedPayments,
} from "../../support/payments.js";
import { jsonHeaders } from "../../support/products.js";

const RUB = (amount: number) => ({ amount, currency: "RUB" });

describe("a payment that arrives after the order's hold ran out (#18 item 1)", () => {
  it("pays the canceled order as usual when its stock is still there: the stock is taken again, one token, one webhook event, delivery and its e-mail follow", async () => {
    const { token, productId, order } = await canceledOrder({ count: 2 });
    expect(await stockOf(productId)).toBe(2);
    const { service, reported } = recordingPaymentService();
    const answer = await service.confirm({
      orderId: order.id_order,
      paymentSystem: "card",
      paymentId: "late-1",
      taken: RUB(order.amount),
    });
    expect(answer).toEqual({ id_order: order.id_order, status_order: "paid" });
    expect(await stockOf(productId)).toBe(1);
    expect(await stores().orders.getLatest(order.id_order)).toMatchObject({
      status: "paid",
      payment_id: "late-1",
      payment_system: "card",
      canceled_at: order.canceled_at,
      delivered: false,
    });
    expect((await outboxEventsFor(order.id_order)).map((e) => e.type)).toEqual(["payment_confirmed"]);
    expect(await deliveryTokensOf(order.id_order)).toHaveLength(1);
    expect(await unappliedPayments().ofOrder(order.id_order)).toEqual([]);
    expect(reported).toEqual([]);
    // From here on it is an ordinary paid order: the seller delivers, the buyer's e-mail is promised.
    const delivered = await request(
      "POST",
      `/api/v1/orders/delivery/${await deliveryTokenFor(order.id_order)}`,
      {
        headers: jsonHeaders(token),
        body: JSON.stringify({ text: "KEY-LATE" }),
      },
    );
    expect(delivered.status).toBe(200);
    expect((await outboxEventsFor(order.id_order)).map((e) => e.type).sort()).toEqual([
      "order_delivered",
      "payment_confirmed",
    ]);
  });

  it("pays it at the amount the buyer paid even when the seller changed the price since", async () => {
    const { token, productId, order } = await canceledOrder({ count: 1, price: 100 });
    const update = await request("POST", `/api/v1/products/update/${productId}`, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ price: 250 }),
    });
    expect(update.status).toBe(200);
    const { service } = recordingPaymentService();
    expect(
      await service.confirm({
        orderId: order.id_order,
        paymentSystem: "card",
        paymentId: "late-price",
        taken: RUB(100),
      }),
    ).toEqual({ id_order: order.id_order, status_order: "paid" });
    expect(await stockOf(productId)).toBe(0);
  });

  it("records a late payment whose stock is gone beside the order as due for refund, reports it once, and changes nothing else; its repeats answer the same and record nothing more", async () => {
    const { productId, order } = await canceledOrder({ count: 1 });
    const other = await takeStock(productId);
    expect(await stockOf(productId)).toBe(0);
    const { service, reported } = recordingPaymentService();
    const pay = () =>
      service.confirm({
        orderId: order.id_order,
        paymentSystem: "card",
        paymentId: "late-2",
        taken: RUB(order.amount),
      });
    const due = { id_order: order.id_order, status_order: "canceled", refund_status: "due" };
    expect(await pay()).toEqual(due);
    const recorded = await unappliedPayments().ofOrder(order.id_order);
    expect(recorded).toEqual([
      {
        order_id: order.id_order,
        payment_id: "late-2",
        payment_system: "card",
        amount: order.amount,
        currency: "RUB",
        received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: "insufficient_stock",
        refund_status: "due",
      },
    ]);
    expect(reported).toEqual(recorded);
    expect(await stockOf(productId)).toBe(0);
    const stored = await stores().orders.getLatest(order.id_order);
    expect(stored?.status).toBe("canceled");
    expect(stored?.payment_id).toBeUndefined();
    expect(await outboxEventsFor(order.id_order)).toEqual([]);
    expect(await deliveryTokensOf(order.id_order)).toEqual([]);
    // Repeated, and repeated after stock came back: the payment stays one to refund, never both.
    expect(await pay()).toEqual(due);
    const otherOrder = await stores().orders.getLatest(other.id_order);
    if (!otherOrder) throw new Error("the other order is not stored");
    expect(await stores().orders.cancelAndRelease(otherOrder, new Date().toISOString())).toBe(true);
    expect(await stockOf(productId)).toBe(1);
    expect(await pay()).toEqual(due);
    expect(await stockOf(productId)).toBe(1);
    expect(await unappliedPayments().ofOrder(order.id_order)).toEqual(recorded);
    expect(reported).toHaveLength(1);
    expect(await deliveryTokensOf(order.id_order)).toEqual([]);
  });

  it.each([
    [
      "its seller is blocked",
      async (seller: { account: { seller_id: number } }) => {
        await accountAccess().block(seller.account.seller_id);
      },
    ],
    [
      "its product was deleted",
      async (seller: { token: string; productId: string }) => {
        const deleted = await request("DELETE", `/api/v1/products/${seller.productId}`, {
          headers: jsonHeaders(seller.token),
        });
        expect(deleted.status).toBe(200);
      },
    ],
  ])(
    "records a late payment for refund as product_unavailable when %s, taking no stock",
    async (_case, makeUnsellable) => {
      const canceled = await canceledOrder({ count: 3 });
      await makeUnsellable(canceled);
      const { service, reported } = recordingPaymentService();
      expect(
        await service.confirm({
          orderId: canceled.order.id_order,
          paymentSystem: "card",
          paymentId: "late-3",
          taken: RUB(canceled.order.amount),
        }),
      ).toEqual({ id_order: canceled.order.id_order, status_order: "canceled", refund_status: "due" });
      expect(reported.map((p) => [p.payment_id, p.reason, p.refund_status])).toEqual([
        ["late-3", "product_unavailable", "due"],
      ]);
      const product = await stores().products.get(canceled.productId);
      expect(product?.count ?? "deleted").toBe(product ? 3 : "deleted");
      expect(await deliveryTokensOf(canceled.order.id_order)).toEqual([]);
    },
  );

  it("a second payment for a paid order is 409 already_paid and recorded for refund once; the paying payment's repeat changes nothing and records nothing", async () => {
    const { productId, order } = await canceledOrder({ count: 1 });
    const { service, reported } = recordingPaymentService();
    const pay = (paymentId: string) =>
      service.confirm({
        orderId: order.id_order,
        paymentSystem: "card",
        paymentId,
        taken: RUB(order.amount),
      });
    expect(await pay("first")).toEqual({ id_order: order.id_order, status_order: "paid" });
    expect(await pay("first")).toEqual({ id_order: order.id_order, status_order: "paid" });
    for (let i = 0; i < 2; i++) {
      const second = (await pay("second").catch((e) => e)) as DomainError;
      expect([second.kind, second.code, second.message]).toEqual([
        "conflict",
        "already_paid",
        `Order ${order.id_order} is already paid by another payment`,
      ]);
    }
    expect(
      (await unappliedPayments().ofOrder(order.id_order)).map((p) => [
        p.payment_id,
        p.reason,
        p.refund_status,
      ]),
    ).toEqual([["second", "already_paid", "due"]]);
    expect(reported).toHaveLength(1);
    expect(await stockOf(productId)).toBe(0);
    expect(await deliveryTokensOf(order.id_order)).toHaveLength(1);
  });

  it("the operator's confirmation (no payment id) pays a canceled order late too, and records a refund when it cannot", async () => {
    const { service, reported } = recordingPaymentService();
    const payable = await canceledOrder({ count: 1 });
    expect(await service.confirm({ orderId: payable.order.id_order, paymentSystem: "manual" })).toEqual({
      id_order: payable.order.id_order,
      status_order: "paid",
    });
    const unpayable = await canceledOrder({ count: 1 });
    await takeStock(unpayable.productId);
    expect(await service.confirm({ orderId: unpayable.order.id_order, paymentSystem: "manual" })).toEqual({
      id_order: unpayable.order.id_order,
      status_order: "canceled",
      refund_status: "due",
    });
    expect(reported).toEqual([
      expect.objectContaining({
        order_id: unpayable.order.id_order,
        payment_id: expect.stringMatching(/^manual-/),
        payment_system: "manual",
        amount: unpayable.order.amount,
        currency: "RUB",
        reason: "insufficient_stock",
      }),
    ]);
  });
});

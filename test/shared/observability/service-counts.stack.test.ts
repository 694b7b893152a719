import { describe, expect, it } from "vitest";
import { createDeliveryRepository } from "../../../shared/delivery/delivery-repository.js";
import { createDeliveryService } from "../../../shared/delivery/delivery-service.js";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { clockAndRandomness, tableClient, tableName } from "../../../shared/runtime/table.js";
import { createWebhookRepository } from "../../../shared/webhooks/webhook-repository.js";
import { paidOrder, sellerWithProduct, stores } from "../../support/orders.js";
import { canceledOrder, recordingPaymentService, takeStock } from "../../support/payments.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";

// What the services count for the operator's dashboard and alarms (shared/observability/metric-names.ts):
// each event once, however often its request is repeated.

const recordingDeliveryService = () => {
  const metrics = recordedMetrics();
  const service = createDeliveryService({
    metrics: metrics.sink,
    deliveries: createDeliveryRepository(tableClient(), tableName()),
    orders: stores().orders,
    ...clockAndRandomness,
  });
  return { service, counted: metrics.counted };
};

describe("what a payment counts", () => {
  it("an order paid in time is one OrdersPaid, and a repeat of its payment counts nothing more", async () => {
    const { productId } = await sellerWithProduct({ count: 2 });
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "count@example.com",
    });
    const { service, counted } = recordingPaymentService();
    const payment = { orderId: order.id_order, paymentSystem: "card", paymentId: `pay-${order.id_order}` };
    await service.confirm(payment);
    await service.confirm(payment);
    expect(counted).toEqual(["ordersPaid"]);
  });

  it("a canceled order paid late is OrdersPaid and LatePayments; one whose stock is gone is only LatePayments, once", async () => {
    const { service, counted } = recordingPaymentService();
    const paidLate = await canceledOrder({ count: 1 });
    await service.confirm({ orderId: paidLate.order.id_order, paymentSystem: "card", paymentId: "late-1" });
    expect(counted).toEqual(["ordersPaid", "latePayments"]);

    const refunded = await canceledOrder({ count: 1 });
    await takeStock(refunded.productId);
    const late = { orderId: refunded.order.id_order, paymentSystem: "card", paymentId: "late-2" };
    await service.confirm(late);
    await service.confirm(late);
    expect(counted).toEqual(["ordersPaid", "latePayments", "latePayments"]);
  });
});

describe("what a delivery counts", () => {
  it("a delivery without the webhook taken is by hand; after the seller's receiver took it, by webhook", async () => {
    const { service, counted } = recordingDeliveryService();
    const manual = await paidOrder();
    await service.deliver(manual.account.seller_id, manual.deliveryToken, { text: "KEY-1" });
    expect(counted).toEqual(["deliveries:manual"]);

    const hooked = await paidOrder();
    const stored = await stores().orders.get(hooked.order.id_order);
    if (!stored?.paid_at) throw new Error("the order is not paid");
    const at = new Date().toISOString();
    await createWebhookRepository(tableClient(), tableName()).markDelivered(
      { orderId: stored.id_order, sellerId: stored.seller_id, paidAt: stored.paid_at },
      "event-1",
      at,
    );
    await service.deliver(hooked.account.seller_id, hooked.deliveryToken, { text: "KEY-2" });
    await service
      .deliver(hooked.account.seller_id, hooked.deliveryToken, { text: "KEY-2" })
      .catch(() => undefined);
    expect(counted).toEqual(["deliveries:manual", "deliveries:webhook"]);
  });
});

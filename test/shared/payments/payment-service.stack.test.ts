import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { createDeliveryRepository } from "../../../shared/delivery/delivery-repository.js";
import { hashDeliveryToken } from "../../../shared/delivery/delivery-token.js";
import type { DomainError } from "../../../shared/errors/domain-error.js";
import { orderService, paymentService } from "../../../shared/runtime/dependencies.js";
import { dataKey } from "../../../shared/runtime/service-keys.js";
import { open } from "../../../shared/secrets/sealed-box.js";
import {
  deliveryTokenFor,
  orderServiceAt,
  outboxEventsFor,
  sellerWithProduct,
  stockOf,
  stores,
} from "../../support/orders.js";

const deliveries = () => createDeliveryRepository(createDocumentClient(), requireEnv("TABLE_NAME"));

describe("payment confirmation", () => {
  it("makes a waiting order paid, stores only its token's hash and promises the webhook in the same write", async () => {
    const { account, productId } = await sellerWithProduct({ count: 2 });
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    expect(await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" })).toEqual({
      id_order: order.id_order,
      status_order: "paid",
    });
    const stored = await stores().orders.get(order.id_order);
    expect(stored).toMatchObject({ status: "paid", payment_system: "card", delivered: false });
    const events = await outboxEventsFor(order.id_order);
    expect(events.map((e) => e.type)).toEqual(["payment_confirmed"]);
    expect(JSON.stringify(events)).not.toMatch(/"token":/);
    const token = await deliveryTokenFor(order.id_order);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await deliveries().findToken(hashDeliveryToken(token))).toEqual({
      orderId: order.id_order,
      sellerId: account.seller_id,
      // The amount delivery will credit rides on the token, so delivery needs no read of the order.
      amount: order.amount,
    });
  });

  it("keeps the delivery token sealed on the order in the same write, opening to the webhook's token, for its seller's delivery URL", async () => {
    const { productId } = await sellerWithProduct();
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    expect(await deliveries().sealedToken(order.id_order)).toBeUndefined();
    await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
    const sealed = await deliveries().sealedToken(order.id_order);
    const token = await deliveryTokenFor(order.id_order);
    expect(sealed).toMatch(/^s1\./);
    expect(sealed).not.toContain(token);
    expect(open(await dataKey(), sealed ?? "")).toBe(token);
    // The order as services read it never carries the sealed copy.
    expect(JSON.stringify(await stores().orders.get(order.id_order))).not.toContain(sealed);
    // A repeated confirmation keeps the one token.
    await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
    expect(await deliveries().sealedToken(order.id_order)).toBe(sealed);
  });

  it("a second and parallel confirmations change nothing: one token, one webhook event", async () => {
    const { productId } = await sellerWithProduct();
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" }),
      ),
    );
    expect(results.every((r) => r.status_order === "paid")).toBe(true);
    const again = await paymentService().confirm({ orderId: order.id_order, paymentSystem: "usdt" });
    expect(again.status_order).toBe("paid");
    expect((await stores().orders.get(order.id_order))?.payment_system).toBe("card");
    expect((await outboxEventsFor(order.id_order)).length).toBe(1);
  });

  it("a paid order no longer expires: its stock stays sold", async () => {
    const { productId } = await sellerWithProduct({ count: 3 });
    // Its hold ends a second after it is made: paid before that, then expiry runs once it has passed.
    // (An order born expired could be canceled by the stack's own timer before the payment reached it.)
    const order = await orderServiceAt(-30 * 60_000 + 1000).createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await orderService().expireUnpaid();
    expect((await stores().orders.get(order.id_order))?.status).toBe("paid");
    expect(await stockOf(productId)).toBe(2);
  });

  it("refuses an unknown order with 404 (a canceled one is paid late or recorded for refund: late-payment.stack.test.ts)", async () => {
    const unknown = await paymentService()
      .confirm({ orderId: "01ARZ3NDEKTSV4RRFFQ69G5FAV", paymentSystem: "card" })
      .catch((e) => e);
    expect([(unknown as DomainError).kind, (unknown as DomainError).message]).toEqual([
      "not_found",
      "Order 01ARZ3NDEKTSV4RRFFQ69G5FAV not found",
    ]);
  });
});

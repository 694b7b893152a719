import { afterEach, describe, expect, it } from "vitest";
import { orderService, paymentService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { paidOrder, sellerWithProduct, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { eventually, startReceiver } from "../../support/receiver.js";

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

type Attempt = Record<string, unknown>;
const attemptsOf = (token: string, orderId: string) =>
  request("GET", `/api/v1/orders/webhooks/${orderId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
const attemptList = async (token: string, orderId: string): Promise<Attempt[]> => {
  const response = await attemptsOf(token, orderId);
  expect(response.status).toBe(200);
  return (response.body as { data: Attempt[] }).data;
};

describe("GET /api/v1/orders/webhooks/{id}", () => {
  it("lists the recorded attempts of the caller's order oldest first: time, number, origin only, outcome, status or error, duration", async () => {
    const seller = await sellerWithProduct({ price: 500, count: 3 });
    const receiver = await startReceiver((_call, index) => (index === 0 ? 500 : 200));
    receivers.push(receiver);
    // The path and query of an api_url may carry the seller's own secret: only the origin is shown.
    const update = await request("POST", `/api/v1/products/update/${seller.productId}`, {
      headers: jsonHeaders(seller.token),
      body: JSON.stringify({ api_url: `${receiver.url}?secret=s3cr3t-hook` }),
    });
    expect(update.status).toBe(200);
    const order = await orderService().createGuestOrder({
      product_id: seller.productId,
      quantity: 1,
      email: "hooked-buyer@example.com",
    });
    await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });

    const attempts = await eventually(
      () => attemptList(seller.token, order.id_order),
      (a) => a.some((x) => x.outcome === "delivered"),
    );
    const origin = new URL(receiver.url).origin;
    expect(attempts.map((a) => [a.attempt, a.target, a.outcome, a.http_status, a.error])).toEqual([
      [1, origin, "failed", 500, null],
      [2, origin, "delivered", 200, null],
    ]);
    for (const attempt of attempts) {
      expect(Object.keys(attempt).sort()).toEqual(
        ["attempt", "at", "target", "outcome", "http_status", "error", "duration_ms"].sort(),
      );
      expect(attempt.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(Number.isInteger(attempt.duration_ms) && Number(attempt.duration_ms) >= 0).toBe(true);
    }
    const text = (await attemptsOf(seller.token, order.id_order)).text;
    expect(text).not.toContain("s3cr3t-hook");
    expect(text).not.toContain("/hook");
    expect(text).not.toContain("hooked-buyer@example.com");
  });

  it("shows a seller without api_url why its webhook goes nowhere: refused attempts with no target and the reason", async () => {
    const { token, order } = await paidOrder();
    const attempts = await eventually(
      () => attemptList(token, order.id_order),
      (a) => a.length > 0,
    );
    expect(attempts[0]).toMatchObject({
      attempt: 1,
      target: "",
      outcome: "refused",
      http_status: null,
      error: "No api_url is set on the product or the seller",
      duration_ms: 0,
    });
  });

  it("answers an order without attempts (still waiting for payment) with an empty list", async () => {
    const { token, productId } = await sellerWithProduct();
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "w@example.com",
    });
    expect((await attemptsOf(token, order.id_order)).body).toEqual({ status: "success", data: [] });
  });

  it("refuses another seller's, an unknown and a malformed order with 404 'Order not found or access denied', and no token with 401", async () => {
    const { order } = await paidOrder();
    expect((await stores().orders.get(order.id_order))?.status).toBe("paid");
    const other = await tokenFor((await createTestAccount()).api_key, "v1");
    for (const id of [order.id_order, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-an-id"]) {
      const response = await attemptsOf(other, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: "error", message: "Order not found or access denied" });
    }
    const anonymous = await request("GET", `/api/v1/orders/webhooks/${order.id_order}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "error", message: "Unauthorized" });
  });
});

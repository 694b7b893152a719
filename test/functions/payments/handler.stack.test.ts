import { describe, expect, it } from "vitest";
import { callbackSignature } from "../../../shared/payments/callback-signature.js";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { request } from "../../support/http.js";
import { outboxEventsFor, sellerWithProduct, stores } from "../../support/orders.js";

const secret = () => Buffer.from(process.env.PAYMENT_CALLBACK_SECRET ?? "", "utf8");

const callback = (body: string, signature?: string) =>
  request("POST", "/api/payments/callback", {
    headers: {
      "Content-Type": "application/json",
      ...(signature ? { "X-Payment-Signature": signature } : {}),
    },
    body,
  });

const signed = (payload: Record<string, unknown>) => {
  const body = JSON.stringify(payload);
  return callback(body, callbackSignature(secret(), Buffer.from(body)));
};

const waitingOrder = async () => {
  const { productId } = await sellerWithProduct();
  return orderService().createGuestOrder({ product_id: productId, quantity: 1, email: "b@example.com" });
};

describe("POST /api/payments/callback", () => {
  it("confirms the order on a correctly signed 'succeeded' callback, once per provider payment id", async () => {
    const order = await waitingOrder();
    const payload = {
      payment_id: "pay_123",
      order_id: order.id_order,
      status: "succeeded",
      payment_system: "card",
    };
    for (let i = 0; i < 2; i++) {
      const response = await signed(payload);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ok: true,
        data: { order_id: order.id_order, applied: true, status_order: "paid" },
        meta: {},
      });
    }
    expect(await stores().orders.get(order.id_order)).toMatchObject({
      status: "paid",
      payment_id: "pay_123",
      payment_system: "card",
    });
    expect((await outboxEventsFor(order.id_order)).length).toBe(1);
    const other = await signed({ ...payload, payment_id: "pay_999" });
    expect(other.status).toBe(409);
    expect((other.body as { code: string }).code).toBe("already_paid");
  });

  it("refuses a missing, wrong or other-body signature with 401 and changes nothing", async () => {
    const order = await waitingOrder();
    const body = JSON.stringify({
      payment_id: "p1",
      order_id: order.id_order,
      status: "succeeded",
      payment_system: "card",
    });
    const sig = callbackSignature(secret(), Buffer.from(body));
    const cases = [
      callback(body),
      callback(body, "sha256=00"),
      callback(body, sig.toUpperCase()),
      callback(`${body} `, sig),
      callback(body, callbackSignature(Buffer.from("another-secret-another-secret-xx"), Buffer.from(body))),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        ok: false,
        code: "invalid_signature",
        message: "Invalid signature",
        http_status: 401,
        error: { code: "invalid_signature" },
      });
    }
    expect((await stores().orders.get(order.id_order))?.status).toBe("wait");
  });

  it("an unsigned body is refused before it is parsed: malformed or deeply nested JSON answers 401, not 400", async () => {
    for (const body of ["{not json", `${"[".repeat(100_000)}${"]".repeat(100_000)}`]) {
      const response = await callback(body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        ok: false,
        code: "invalid_signature",
        message: "Invalid signature",
        http_status: 401,
        error: { code: "invalid_signature" },
      });
    }
  });

  it("acknowledges a signed non-success status without confirming anything", async () => {
    const order = await waitingOrder();
    const response = await signed({
      payment_id: "p2",
      order_id: order.id_order,
      status: "failed",
      payment_system: "card",
    });
    expect(response.status).toBe(200);
    expect((response.body as { data: unknown }).data).toEqual({ order_id: order.id_order, applied: false });
    expect((await stores().orders.get(order.id_order))?.status).toBe("wait");
  });

  it("answers a signed callback for an unknown order with 404 and a malformed one with 422", async () => {
    const unknown = await signed({
      payment_id: "p3",
      order_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
      status: "succeeded",
      payment_system: "card",
    });
    expect(unknown.status).toBe(404);
    const malformed = await signed({ payment_id: "p4", status: "succeeded", payment_system: "card" });
    expect(malformed.status).toBe(422);
    expect((malformed.body as { message: string }).message).toBe("Field 'order_id' is required");
  });
});

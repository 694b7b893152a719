import { describe, expect, it } from "vitest";
import { callbackSignature } from "../../../shared/payments/callback-signature.js";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { request } from "../../support/http.js";
import { outboxEventsFor, sellerWithProduct, stockOf, stores } from "../../support/orders.js";
import {
  canceledOrder,
  paidCallback,
  sendSignedCallback,
  takeStock,
  unappliedPayments,
} from "../../support/payments.js";

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
      amount: order.amount,
      currency: "RUB",
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
      amount: order.amount,
      currency: "RUB",
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
      amount: order.amount,
      currency: "RUB",
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
      amount: 100,
      currency: "RUB",
    });
    expect(unknown.status).toBe(404);
    const malformed = await signed({ payment_id: "p4", status: "succeeded", payment_system: "card" });
    expect(malformed.status).toBe(422);
    expect((malformed.body as { message: string }).message).toBe("Field 'order_id' is required");
  });
});

const errorBody = (status: number, code: string, message: string) => ({
  ok: false,
  code,
  message,
  http_status: status,
  error: { code },
});

describe("POST /api/payments/callback: the amount and currency the provider took (#18 item 6)", () => {
  it.each(["amount", "currency"])(
    "refuses a signed 'succeeded' body without %s with 422 naming it, and applies nothing",
    async (field) => {
      const order = await waitingOrder();
      const payload: Record<string, unknown> = {
        payment_id: `no-${field}`,
        order_id: order.id_order,
        status: "succeeded",
        payment_system: "card",
        amount: order.amount,
        currency: "RUB",
      };
      delete payload[field];
      const response = await signed(payload);
      expect(response.status).toBe(422);
      expect((response.body as { message: string }).message).toBe(`Field '${field}' is required`);
      expect((await stores().orders.get(order.id_order))?.status).toBe("wait");
      expect(await unappliedPayments().ofOrder(order.id_order)).toEqual([]);
    },
  );

  it("refuses an amount or currency other than the order's with 409 amount_mismatch, records the payment for refund, and leaves the order waiting; a repeat answers the same and records nothing more", async () => {
    const order = await waitingOrder();
    const mismatches = [
      { payment_id: "under", amount: 1, currency: "RUB" },
      { payment_id: "usd", amount: order.amount, currency: "USD" },
      { payment_id: "both", amount: 1, currency: "USD" },
    ];
    for (const mismatch of mismatches) {
      for (let i = 0; i < 2; i++) {
        const response = await signed({
          order_id: order.id_order,
          status: "succeeded",
          payment_system: "card",
          ...mismatch,
        });
        expect(response.status).toBe(409);
        expect(response.body).toEqual(
          errorBody(
            409,
            "amount_mismatch",
            `Payment of ${mismatch.amount} ${mismatch.currency} does not match the amount of order ${order.id_order} (${order.amount} RUB)`,
          ),
        );
      }
    }
    expect((await stores().orders.get(order.id_order))?.status).toBe("wait");
    expect(await outboxEventsFor(order.id_order)).toEqual([]);
    expect(
      (await unappliedPayments().ofOrder(order.id_order))
        .map((p) => [p.payment_id, p.amount, p.currency, p.reason, p.refund_status])
        .sort(),
    ).toEqual([
      ["both", 1, "USD", "amount_mismatch", "due"],
      ["under", 1, "RUB", "amount_mismatch", "due"],
      ["usd", order.amount, "USD", "amount_mismatch", "due"],
    ]);
    // A payment recorded for refund never pays the order, even sent again with the right amount.
    const again = await signed({
      payment_id: "under",
      order_id: order.id_order,
      status: "succeeded",
      payment_system: "card",
      amount: order.amount,
      currency: "RUB",
    });
    expect(again.status).toBe(409);
    expect((again.body as { code: string }).code).toBe("amount_mismatch");
    // The order still takes its right payment.
    const right = await signed({
      payment_id: "right",
      order_id: order.id_order,
      status: "succeeded",
      payment_system: "card",
      amount: order.amount,
      currency: "RUB",
    });
    expect(right.status).toBe(200);
    expect((await stores().orders.get(order.id_order))?.payment_id).toBe("right");
  });
});

describe("POST /api/payments/callback: content types (#18 item 6)", () => {
  it.each([
    ["application/octet-stream", "application/octet-stream"],
    ["text/plain", "text/plain"],
    ["multipart/form-data", "multipart/form-data; boundary=x"],
    ["image/png", "image/png"],
    ["no Content-Type at all", undefined],
  ])(
    "parses the signed bytes as JSON whatever the declared content type (%s) and applies the payment",
    async (_label, contentType) => {
      const order = await waitingOrder();
      const body = JSON.stringify({
        payment_id: "typed",
        order_id: order.id_order,
        status: "succeeded",
        payment_system: "card",
        amount: order.amount,
        currency: "RUB",
      });
      // Bytes rather than a string, so that without a type of ours fetch sends no Content-Type at all.
      const response = await sendSignedCallback(
        Buffer.from(body),
        contentType === undefined ? {} : { "Content-Type": contentType },
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ok: true,
        data: { order_id: order.id_order, applied: true, status_order: "paid" },
        meta: {},
      });
    },
  );

  it.each([["application/json"], ["application/octet-stream"]])(
    "answers signed bytes that are not JSON with 400 Invalid JSON (%s)",
    async (contentType) => {
      const response = await sendSignedCallback("payment_id=p&order_id=o", { "Content-Type": contentType });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorBody(400, "invalid_request", "Invalid JSON"));
    },
  );
});

describe("POST /api/payments/callback for a canceled order (#18 item 1)", () => {
  it("answers a late payment it cannot apply with 200, applied false and refund_status due, so the provider stops repeating it; the repeat answers the same", async () => {
    const { productId, order } = await canceledOrder({ count: 1 });
    await takeStock(productId);
    for (let i = 0; i < 2; i++) {
      const response = await paidCallback(order.id_order, order.amount, "late-http");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ok: true,
        data: { order_id: order.id_order, applied: false, status_order: "canceled", refund_status: "due" },
        meta: {},
      });
    }
    expect(
      (await unappliedPayments().ofOrder(order.id_order)).map((p) => [
        p.payment_id,
        p.reason,
        p.refund_status,
      ]),
    ).toEqual([["late-http", "insufficient_stock", "due"]]);
  });

  it("applies a late payment whose stock is still there: 200 applied, the order paid", async () => {
    const { productId, order } = await canceledOrder({ count: 1 });
    const response = await paidCallback(order.id_order, order.amount, "late-ok");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      data: { order_id: order.id_order, applied: true, status_order: "paid" },
      meta: {},
    });
    expect(await stockOf(productId)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { outboxEventsFor, paidOrder, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";

const deliver = (bearer: string, deliveryToken: string, body: unknown, headers = jsonHeaders(bearer)) =>
  request("POST", `/api/v1/orders/delivery/${deliveryToken}`, { headers, body: JSON.stringify(body) });

describe("POST /api/v1/orders/delivery/{token}", () => {
  it("delivers a paid order, credits the seller's balance with a ledger entry and queues the buyer's e-mail", async () => {
    const { account, token, order, deliveryToken } = await paidOrder({ price: 700, count: 2 });
    const response = await deliver(token, deliveryToken, {
      text: "KEY-1234-ABCD",
      download: "https://files.example/key.txt",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product delivered", id_order: order.id_order, delivered: true },
    });
    expect(await balanceOf(account.seller_id)).toBe(700);
    const ledger = await ledgerOf(account.seller_id);
    expect(ledger.map((e) => [e.kind, e.amount, e.order_id])).toEqual([["sale", 700, order.id_order]]);
    expect((await stores().orders.get(order.id_order))?.delivered).toBe(true);
    expect((await outboxEventsFor(order.id_order)).map((e) => e.type).sort()).toEqual([
      "order_delivered",
      "payment_confirmed",
    ]);
  });

  it("delivers exactly once: two parallel deliveries give one 200 and one 409, and one credit", async () => {
    const { account, token, deliveryToken } = await paidOrder({ price: 300 });
    const responses = await Promise.all([
      deliver(token, deliveryToken, { text: "KEY-A" }),
      deliver(token, deliveryToken, { text: "KEY-B" }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.status === 409)?.body).toEqual({
      status: "error",
      message: "Order already delivered",
    });
    expect(await balanceOf(account.seller_id)).toBe(300);
    expect(await ledgerOf(account.seller_id)).toHaveLength(1);
    const again = await deliver(token, deliveryToken, { text: "KEY-C" });
    expect(again.status).toBe(409);
  });

  it("accepts download absent, empty or false as no link", async () => {
    for (const download of [undefined, "", false]) {
      const { token, deliveryToken } = await paidOrder();
      const response = await deliver(token, deliveryToken, { text: "KEY", download });
      expect(response.status).toBe(200);
    }
  });

  it("answers the spec's error table and changes nothing", async () => {
    const { account, token, order, deliveryToken } = await paidOrder();
    const other = await tokenFor((await createTestAccount()).api_key, "v1");
    const cases: [string, () => ReturnType<typeof deliver>, number, string][] = [
      [
        "no bearer token",
        () => deliver(token, deliveryToken, { text: "K" }, { "Content-Type": "application/json" }),
        401,
        "Unauthorized",
      ],
      ["another seller's order", () => deliver(other, deliveryToken, { text: "K" }), 403, "Access denied"],
      ["an unknown token", () => deliver(token, "A".repeat(43), { text: "K" }), 404, "Order not found"],
      [
        "a token of the wrong shape",
        () => deliver(token, "not-a-token", { text: "K" }),
        404,
        "Order not found",
      ],
      [
        "an http download",
        () => deliver(token, deliveryToken, { text: "K", download: "http://files.example/k" }),
        422,
        "Invalid download URL",
      ],
      [
        "a download that is not a URL",
        () => deliver(token, deliveryToken, { text: "K", download: "file.txt" }),
        422,
        "Invalid download URL",
      ],
      [
        "a download with a line break",
        () => deliver(token, deliveryToken, { text: "K", download: "https://a.example/\nx" }),
        422,
        "Invalid download URL",
      ],
      [
        "a numeric download",
        () => deliver(token, deliveryToken, { text: "K", download: 5 }),
        422,
        "Invalid download URL",
      ],
      ["no text", () => deliver(token, deliveryToken, {}), 400, "Field 'text' is required"],
      ["blank text", () => deliver(token, deliveryToken, { text: "  " }), 400, "Field 'text' is required"],
    ];
    for (const [name, send, status, message] of cases) {
      const response = await send();
      expect(response.status, name).toBe(status);
      expect(response.body, name).toEqual({ status: "error", message });
    }
    expect((await stores().orders.get(order.id_order))?.delivered).toBe(false);
    expect(await balanceOf(account.seller_id)).toBe(0);
  });
});

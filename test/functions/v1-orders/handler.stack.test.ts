import { describe, expect, it } from "vitest";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { sellerWithProduct } from "../../support/orders.js";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("GET /api/v1/orders and /orders/info/{id}", () => {
  it("list the seller's own orders newest first, every field a string in the spec's formats, and never the buyer's e-mail", async () => {
    const { token, productId } = await sellerWithProduct({ price: 1200, discount: 10, count: 9 });
    const email = `secret-buyer-${Date.now()}@example.com`;
    const first = await orderService().createGuestOrder({ product_id: productId, quantity: 2, email });
    const second = await orderService().createGuestOrder({ product_id: productId, quantity: 1, email });
    const list = await request("GET", "/api/v1/orders", { headers: bearer(token) });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(email);
    const orders = (list.body as { status: string; data: Record<string, string>[] }).data;
    expect(orders.map((o) => o.id_order)).toEqual([second.id_order, first.id_order]);
    const item = orders[1];
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        "amount",
        "count",
        "data_create",
        "id_order",
        "id_product",
        "status_order",
        "time_create",
        // Extensions: the delivery state and the dispute state.
        "delivered",
        "date_delivery",
        "time_delivery",
        "dispute_status",
      ].sort(),
    );
    expect(item).toMatchObject({
      id_order: first.id_order,
      id_product: productId,
      amount: "2160",
      count: "2",
      status_order: "wait",
      dispute_status: "none",
    });
    expect(item?.data_create).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(item?.time_create).toMatch(/^\d{2}:\d{2}:\d{2}$/);

    const info = await request("GET", `/api/v1/orders/info/${first.id_order}`, { headers: bearer(token) });
    expect(info.status).toBe(200);
    expect(info.text).not.toContain(email);
    const detail = (info.body as { data: Record<string, unknown> }).data;
    expect(Object.keys(detail).sort()).toEqual(
      [
        "amount",
        "buyer_type",
        "count",
        "data_create",
        "guest_id",
        "id",
        "id_order",
        "id_product",
        "id_seller",
        "id_user",
        "payment_system",
        "status_order",
        "time_create",
        // Extensions: the buyer's comment, the order's chat, its dispute state and its delivery state.
        "comment",
        "chat_id",
        "dispute_status",
        "delivered",
        "date_delivery",
        "time_delivery",
      ].sort(),
    );
    for (const value of Object.values(detail)) expect(typeof value).toBe("string");
    // The internal id is the order's own unguessable id: no marketplace-wide sequence to read volume from.
    expect(detail.id).toBe(detail.id_order);
    expect(detail).toMatchObject({
      comment: "",
      dispute_status: "none",
      buyer_type: "guest",
      id_user: "",
      status_order: "wait",
      amount: "2160",
      count: "2",
    });
  });

  it("answer another seller's order and an unknown order with 404 'Order not found or access denied'", async () => {
    const { productId } = await sellerWithProduct();
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    const other = await tokenFor((await createTestAccount()).api_key, "v1");
    for (const id of [order.id_order, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-an-id"]) {
      const response = await request("GET", `/api/v1/orders/info/${id}`, { headers: bearer(other) });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: "error", message: "Order not found or access denied" });
    }
    const list = await request("GET", "/api/v1/orders", { headers: bearer(other) });
    expect(list.body).toEqual({ status: "success", data: [] });
  });

  it("refuse a request without a token", async () => {
    expect((await request("GET", "/api/v1/orders")).status).toBe(401);
  });
});

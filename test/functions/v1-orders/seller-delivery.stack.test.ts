import { DeleteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { watchBuyerEmail } from "../../support/leak-scan.js";
import { balanceOf } from "../../support/ledger.js";
import { runOps } from "../../support/ops-cli.js";
import {
  deliveryTokenFor,
  orderServiceAt,
  outboxEventsFor,
  paidOrder,
  sellerWithProduct,
  stores,
} from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { boughtOrder, buyableProduct, fundedReseller } from "../../support/purchases.js";
import { eventually } from "../../support/receiver.js";

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const deliveryUrlOf = (token: string, orderId: string) =>
  request("GET", `/api/v1/orders/delivery-url/${orderId}`, bearer(token));
const baseUrl = () => requireEnv("PUBLIC_BASE_URL").replace(/\/+$/, "");

/** The order as the table holds it, every attribute (the service never reads it so). */
const rawOrderItem = async (orderId: string): Promise<Record<string, unknown>> => {
  const result = await createDocumentClient().send(
    new GetCommand({ TableName: requireEnv("TABLE_NAME"), Key: keys.order(orderId) }),
  );
  if (!result.Item) throw new Error(`order ${orderId} not found`);
  return result.Item;
};

const listedOrder = async (token: string, orderId: string) => {
  const list = await request("GET", "/api/v1/orders", bearer(token));
  expect(list.status).toBe(200);
  return (list.body as { data: Record<string, string>[] }).data.find((o) => o.id_order === orderId);
};

const orderInfo = async (token: string, orderId: string) => {
  const info = await request("GET", `/api/v1/orders/info/${orderId}`, bearer(token));
  expect(info.status).toBe(200);
  return (info.body as { data: Record<string, string> }).data;
};

describe("a seller without api_url: storefront order from paid to delivered with the documented calls", () => {
  it("ops order create, ops order pay, GET /orders/delivery-url/{id}, POST its delivery_url: delivered, credited, e-mailed, and shown delivered", async () => {
    const { account, token, productId } = await sellerWithProduct({ price: 900, count: 3 });
    const email = `no-hook-${Date.now()}@example.com`;
    watchBuyerEmail(email);

    const created = await runOps([
      "order",
      "create",
      "--product",
      productId,
      "--quantity",
      "1",
      "--email",
      email,
    ]);
    expect(created.code).toBe(0);
    const { id_order } = JSON.parse(created.stdout) as { id_order: string };
    const paid = await runOps(["order", "pay", id_order, "--payment-system", "card"]);
    expect(JSON.parse(paid.stdout)).toEqual({ id_order, status_order: "paid" });
    expect(await listedOrder(token, id_order)).toMatchObject({
      status_order: "paid",
      delivered: "0",
      date_delivery: "",
      time_delivery: "",
    });

    const url = await deliveryUrlOf(token, id_order);
    expect(url.status).toBe(200);
    const data = (url.body as { status: string; data: { delivery_url: string; token: string } }).data;
    expect(url.body).toEqual({
      status: "success",
      data: {
        id_order,
        delivery_url: `${baseUrl()}/api/v1/orders/delivery/${data.token}`,
        token: data.token,
      },
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The delivery_url is the service's own URL: the path is what the seller POSTs to.
    const delivered = await request("POST", new URL(data.delivery_url).pathname, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ text: "KEY-NO-HOOK-1", download: false }),
    });
    expect(delivered.body).toEqual({
      status: "success",
      data: { message: "Product delivered", id_order, delivered: true },
    });
    expect(await balanceOf(account.seller_id)).toBe(900);

    const mail = await eventually(
      async () => JSON.parse((await runOps(["mail", "list", "--to", email])).stdout) as { text: string }[],
      (m) => m.length > 0,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain("KEY-NO-HOOK-1");

    const stored = await stores().orders.get(id_order);
    const at = new Date(stored?.delivered_at ?? "");
    const date = at.toISOString().slice(0, 10);
    const time = at.toISOString().slice(11, 19);
    expect(await listedOrder(token, id_order)).toMatchObject({
      delivered: "1",
      date_delivery: date,
      time_delivery: time,
    });
    expect(await orderInfo(token, id_order)).toMatchObject({
      status_order: "paid",
      delivered: "1",
      date_delivery: date,
      time_delivery: time,
    });
    const again = await deliveryUrlOf(token, id_order);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: "error", message: "Order already delivered" });
  });
});

describe("delivered and date_delivery on GET /orders and /orders/info/{id} (extensions, spec fields unchanged)", () => {
  it("show delivered '0' with empty date and time until delivery, in the spec's string convention, beside every spec field", async () => {
    const { token, productId } = await sellerWithProduct({ price: 1200, discount: 10, count: 9 });
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 2,
      email: "waiting-buyer@example.com",
    });
    const item = await listedOrder(token, order.id_order);
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        "amount",
        "count",
        "data_create",
        "id_order",
        "id_product",
        "status_order",
        "time_create",
        "delivered",
        "date_delivery",
        "time_delivery",
        "dispute_status",
      ].sort(),
    );
    expect(item).toMatchObject({
      id_order: order.id_order,
      amount: "2160",
      count: "2",
      status_order: "wait",
      delivered: "0",
      date_delivery: "",
      time_delivery: "",
      dispute_status: "none",
    });
    const detail = await orderInfo(token, order.id_order);
    expect(detail).toMatchObject({
      status_order: "wait",
      delivered: "0",
      date_delivery: "",
      time_delivery: "",
    });
    for (const value of Object.values(detail)) expect(typeof value).toBe("string");
  });

  it("read the list's delivery state from the index in one request: the delivered order shows '1' and its date", async () => {
    const { token, order, deliveryToken } = await paidOrder({ price: 400 });
    const response = await request("POST", `/api/v1/orders/delivery/${deliveryToken}`, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ text: "KEY" }),
    });
    expect(response.status).toBe(200);
    const deliveredAt = (await stores().orders.get(order.id_order))?.delivered_at ?? "";
    // The index is eventually consistent: the list catches up with the delivery.
    const item = await eventually(
      () => listedOrder(token, order.id_order),
      (o) => o?.delivered === "1",
    );
    expect(item).toMatchObject({
      delivered: "1",
      date_delivery: deliveredAt.slice(0, 10),
      time_delivery: deliveredAt.slice(11, 19),
    });
  });
});

describe("GET /api/v1/orders/delivery-url/{id}", () => {
  it("answers the same token the webhook carries, as the same delivery_url, and never the buyer's e-mail", async () => {
    const { token, order, deliveryToken } = await paidOrder();
    const buyerEmail = (await stores().orders.get(order.id_order))?.buyer_email ?? "";
    const response = await deliveryUrlOf(token, order.id_order);
    expect(response.body).toEqual({
      status: "success",
      data: {
        id_order: order.id_order,
        delivery_url: `${baseUrl()}/api/v1/orders/delivery/${deliveryToken}`,
        token: deliveryToken,
      },
    });
    expect(response.text).not.toContain(buyerEmail);
    // Asking again changes nothing: the token is spent only by delivery.
    expect((await deliveryUrlOf(token, order.id_order)).body).toEqual(response.body);
  });

  it("refuses another seller's, an unknown and a malformed order with 404 'Order not found or access denied', and no token with 401", async () => {
    const { order } = await paidOrder();
    const other = await tokenFor((await createTestAccount()).api_key, "v1");
    for (const id of [order.id_order, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-an-id"]) {
      const response = await deliveryUrlOf(other, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: "error", message: "Order not found or access denied" });
    }
    const anonymous = await request("GET", `/api/v1/orders/delivery-url/${order.id_order}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "error", message: "Unauthorized" });
  });

  it("refuses a waiting and a canceled order with 409 'Order is not paid'", async () => {
    const { token, productId } = await sellerWithProduct({ count: 5 });
    const waiting = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "w@example.com",
    });
    const canceled = await orderServiceAt(-31 * 60_000).createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "c@example.com",
    });
    await orderService().expireUnpaid();
    expect((await stores().orders.get(canceled.id_order))?.status).toBe("canceled");
    for (const id of [waiting.id_order, canceled.id_order]) {
      const response = await deliveryUrlOf(token, id);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ status: "error", message: "Order is not paid" });
    }
  });

  it("keeps the token only sealed on the order, never in clear, never in another answer, and drops it at delivery", async () => {
    const { token, order, deliveryToken } = await paidOrder();
    const item = await rawOrderItem(order.id_order);
    expect(typeof item.delivery_token_sealed).toBe("string");
    expect(JSON.stringify(item)).not.toContain(deliveryToken);
    const sealed = String(item.delivery_token_sealed);
    const answers = [
      await request("GET", "/api/v1/orders", bearer(token)),
      await request("GET", `/api/v1/orders/info/${order.id_order}`, bearer(token)),
      await request("GET", `/api/v1/orders/webhooks/${order.id_order}`, bearer(token)),
      await request("GET", "/api/v1/seller", bearer(token)),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(sealed);
      expect(answer.text).not.toContain(deliveryToken);
    }
    const listed = await runOps(["webhook", "list", order.id_order]);
    expect(listed.stdout).not.toContain(sealed);
    expect(listed.stdout).not.toContain(deliveryToken);
    expect((await deliveryUrlOf(token, order.id_order)).text).not.toContain(sealed);

    const delivered = await request("POST", `/api/v1/orders/delivery/${deliveryToken}`, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ text: "KEY" }),
    });
    expect(delivered.status).toBe(200);
    expect((await rawOrderItem(order.id_order)).delivery_token_sealed).toBeUndefined();
  });

  it("falls back to the webhook's outbox event for an order paid before the order kept its token, and says when neither holds it", async () => {
    const { token, order, deliveryToken } = await paidOrder();
    const table = requireEnv("TABLE_NAME");
    const client = createDocumentClient();
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.order(order.id_order),
        UpdateExpression: "REMOVE delivery_token_sealed",
      }),
    );
    const fromOutbox = await deliveryUrlOf(token, order.id_order);
    expect(fromOutbox.status).toBe(200);
    expect((fromOutbox.body as { data: { token: string } }).data.token).toBe(deliveryToken);

    // Past the outbox's retention (7 days) its event is gone too.
    for (const event of await outboxEventsFor(order.id_order)) {
      await client.send(
        new DeleteCommand({ TableName: table, Key: { PK: String(event.PK), SK: String(event.SK) } }),
      );
    }
    const gone = await deliveryUrlOf(token, order.id_order);
    expect(gone.status).toBe(409);
    expect(gone.body).toEqual({ status: "error", message: "Delivery URL no longer available" });
  });

  it("gives the seller of a reseller's order its delivery URL too, from the webhook's event", async () => {
    const { seller, product } = await buyableProduct({ price: 800 });
    const reseller = await fundedReseller(800);
    const orderId = await boughtOrder(reseller, product.id);
    const response = await deliveryUrlOf(seller.v1, orderId);
    expect(response.status).toBe(200);
    expect((response.body as { data: { token: string } }).data.token).toBe(await deliveryTokenFor(orderId));
  });
});

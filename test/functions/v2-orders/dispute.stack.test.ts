import { describe, expect, it } from "vitest";
import {
  createTestSeller,
  PUBLISHING_TIMEOUT,
  unauthorized,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { balanceOf } from "../../support/ledger.js";
import { paidOrder } from "../../support/orders.js";
import { boughtOrder, buyableProduct, chatOf, fundedReseller, v2Post } from "../../support/purchases.js";

const dispute = (token: string | undefined, body: unknown) => v2Post(token, "/api/v2/dispute", body);
const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const refused = (status: number, code: string, message: string) => ({
  status,
  body: v2Error(status, code, message),
});
const historyIds = async (token: string, status: string) =>
  (
    (await v2Get(token, `/api/v2/history?status=${status}`)).body as { data: { order_id: string }[] }
  ).data.map((o) => o.order_id);

describe("POST /api/v2/dispute", () => {
  it(
    "opens a dispute on a paid order and closes it again; the order, history, chat and seller view follow",
    async () => {
      const { seller, product } = await buyableProduct({ price: 800 });
      const reseller = await fundedReseller(5000);
      const orderId = await boughtOrder(reseller, product.id);

      const opened = await dispute(reseller.v2, {
        order_id: orderId,
        action: "open",
        message: "Key does not work",
      });
      expect(answer(opened)).toEqual({
        status: 200,
        body: { ok: true, data: { order_id: orderId, dispute: true, status: "dispute" }, meta: {} },
      });
      const order = (await v2Get(reseller.v2, `/api/v2/order/${orderId}`)).body as {
        data: Record<string, unknown>;
      };
      expect(order.data).toMatchObject({
        status: "dispute",
        status_order: "dispute",
        dispute: true,
        dispute_closed_at: null,
      });
      expect(order.data.dispute_opened_at).toEqual(expect.any(String));
      expect(await historyIds(reseller.v2, "dispute")).toEqual([orderId]);
      expect(await historyIds(reseller.v2, "paid")).toEqual([]);
      expect(await chatOf(orderId)).toEqual([
        ["system", "Dispute opened by the buyer"],
        ["buyer", "Key does not work"],
      ]);
      // The seller sees the open dispute in the v1 order detail (an extension field); v1 status stays paid.
      const detail = await request("GET", `/api/v1/orders/info/${orderId}`, {
        headers: { Authorization: `Bearer ${seller.v1}` },
      });
      expect((detail.body as { data: Record<string, string> }).data).toMatchObject({
        status_order: "paid",
        dispute_status: "open",
        chat_id: orderId,
      });

      const closed = await dispute(reseller.v2, { order_id: orderId, action: "close" });
      expect(answer(closed)).toEqual({
        status: 200,
        body: { ok: true, data: { order_id: orderId, dispute: false, status: "paid" }, meta: {} },
      });
      expect(await historyIds(reseller.v2, "paid")).toEqual([orderId]);
      expect(await historyIds(reseller.v2, "dispute")).toEqual([]);
      expect((await chatOf(orderId)).at(-1)).toEqual(["system", "Dispute closed by the buyer"]);
      const after = (await v2Get(reseller.v2, `/api/v2/order/${orderId}`)).body as {
        data: Record<string, unknown>;
      };
      expect(after.data).toMatchObject({ status: "paid", dispute: false });
      expect(after.data.dispute_closed_at).toEqual(expect.any(String));
      // No money moves on a dispute.
      expect(await balanceOf(reseller.id)).toBe(4200);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "answers 409 purchase_unavailable for opening twice or closing without an open dispute",
    async () => {
      const { product } = await buyableProduct();
      const reseller = await fundedReseller(5000);
      const orderId = await boughtOrder(reseller, product.id);
      expect(answer(await dispute(reseller.v2, { order_id: orderId, action: "close" }))).toEqual(
        refused(409, "purchase_unavailable", "No dispute is open for this order"),
      );
      expect((await dispute(reseller.v2, { order_id: orderId, action: "open" })).status).toBe(200);
      expect(answer(await dispute(reseller.v2, { order_id: orderId, action: "open" }))).toEqual(
        refused(409, "purchase_unavailable", "A dispute is already open for this order"),
      );
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "opens once when ten opens race: one 200, nine 409, one entry in the dispute history",
    async () => {
      const { product } = await buyableProduct();
      const reseller = await fundedReseller(5000);
      const orderId = await boughtOrder(reseller, product.id);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => dispute(reseller.v2, { order_id: orderId, action: "open" })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([
        200, 409, 409, 409, 409, 409, 409, 409, 409, 409,
      ]);
      expect(await historyIds(reseller.v2, "dispute")).toEqual([orderId]);
      expect(await chatOf(orderId)).toEqual([["system", "Dispute opened by the buyer"]]);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "checks ownership (403), existence (404), the token (401) and the body (422)",
    async () => {
      const { product } = await buyableProduct();
      const reseller = await fundedReseller(5000);
      const orderId = await boughtOrder(reseller, product.id);
      const other = await createTestSeller();
      expect(answer(await dispute(other.v2, { order_id: orderId, action: "open" }))).toEqual(
        refused(403, "forbidden", "Access denied"),
      );
      const storefront = await paidOrder();
      expect(
        answer(await dispute(reseller.v2, { order_id: storefront.order.id_order, action: "open" })),
      ).toEqual(refused(403, "forbidden", "Access denied"));
      expect(
        answer(await dispute(reseller.v2, { order_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV", action: "open" })),
      ).toEqual(refused(404, "not_found", "Order not found"));
      expect(answer(await dispute(undefined, { order_id: orderId, action: "open" }))).toEqual({
        status: 401,
        body: unauthorized,
      });
      const invalid = (field: string, message: string) => ({
        status: 422,
        body: v2Error(422, "invalid_request", message, { issues: [{ field, message }] }),
      });
      expect(answer(await dispute(reseller.v2, { order_id: orderId, action: "escalate" }))).toEqual(
        invalid("action", "action must be open or close"),
      );
      expect(answer(await dispute(reseller.v2, { action: "open" }))).toEqual(
        invalid("order_id", "Field 'order_id' is required"),
      );
      expect(
        answer(await dispute(reseller.v2, { order_id: orderId, action: "open", message: "x".repeat(2001) })),
      ).toEqual(invalid("message", "Field 'message' must be at most 2000 characters"));
      expect(answer(await dispute(reseller.v2, { order_id: orderId, action: "open", refund: true }))).toEqual(
        invalid("refund", "Field 'refund' is not allowed"),
      );
      // None of the refusals changed the order.
      expect(await chatOf(orderId)).toEqual([]);
    },
    PUBLISHING_TIMEOUT,
  );
});

import { beforeAll, describe, expect, it } from "vitest";
import type { TestSeller } from "../../support/catalogue.js";
import {
  createTestSeller,
  PUBLISHING_TIMEOUT,
  queryString,
  tick,
  unauthorized,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
import { paidOrder } from "../../support/orders.js";
import { boughtOrder, buyableProduct, fundedReseller } from "../../support/purchases.js";

interface HistoryItem {
  readonly order_id: string;
  readonly id_product: string;
  readonly id_seller: number;
  readonly status: string;
}

const historyOf = async (token: string, params: Record<string, string> = {}) => {
  const response = await v2Get(token, `/api/v2/history${queryString(params)}`);
  const body = response.body as { data: HistoryItem[]; meta: Record<string, number> };
  return {
    status: response.status,
    ids: body.data?.map((o) => o.order_id),
    meta: body.meta,
    body: response.body,
  };
};

const invalidParameter = (field: string, message: string) =>
  v2Error(422, "invalid_request", message, { issues: [{ field, message }] });

describe("GET /api/v2/history and GET /api/v2/order/{order_id}", () => {
  let reseller: TestSeller;
  let sellerA: TestSeller;
  let productA: string;
  let productB: string;
  // Orders in the order they were made: a1, b1, a2, b2, a3.
  const made: string[] = [];

  beforeAll(async () => {
    reseller = await fundedReseller(100_000);
    const first = await buyableProduct({ price: 1000, count: 20 });
    const second = await buyableProduct({ price: 2000, count: 20 });
    sellerA = first.seller;
    productA = first.product.id;
    productB = second.product.id;
    for (const product of [productA, productB, productA, productB, productA]) {
      made.push(await boughtOrder(reseller, product));
      await tick();
    }
  }, PUBLISHING_TIMEOUT);

  it("lists the caller's orders newest first with the v2 order fields and meta {page, limit}", async () => {
    const history = await historyOf(reseller.v2);
    expect(history.status).toBe(200);
    expect(history.ids).toEqual([...made].reverse());
    expect(history.meta).toEqual({ page: 1, limit: 20 });
    const newest = (history.body as { data: Record<string, unknown>[] }).data[0];
    const today = new Date().toISOString().slice(0, 10);
    expect(newest).toEqual({
      order_id: made[4],
      id_order: made[4],
      id_product: productA,
      id_seller: sellerA.id,
      status: "paid",
      status_order: "paid",
      total: 1000,
      amount: 1000,
      count: 1,
      h2h: 1,
      gift: 0,
      data_create: today,
      time_create: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
    });
  });

  it("filters by product, seller, status and dates, and pages", async () => {
    expect((await historyOf(reseller.v2, { product_id: productB })).ids).toEqual([made[3], made[1]]);
    expect((await historyOf(reseller.v2, { seller_id: String(sellerA.id) })).ids).toEqual([
      made[4],
      made[2],
      made[0],
    ]);
    expect((await historyOf(reseller.v2, { status: "paid", product_id: productA })).ids).toEqual([
      made[4],
      made[2],
      made[0],
    ]);
    expect((await historyOf(reseller.v2, { status: "unpaid" })).ids).toEqual([]);
    expect((await historyOf(reseller.v2, { status: "dispute" })).ids).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await historyOf(reseller.v2, { date_from: today, date_to: today })).ids).toHaveLength(5);
    expect((await historyOf(reseller.v2, { date_to: "2020-01-01" })).ids).toEqual([]);
    expect((await historyOf(reseller.v2, { date_from: "2999-01-01" })).ids).toEqual([]);
    const page2 = await historyOf(reseller.v2, { page: "2", limit: "2" });
    expect(page2.ids).toEqual([made[2], made[1]]);
    expect(page2.meta).toEqual({ page: 2, limit: 2 });
    expect(
      (await historyOf(reseller.v2, { page: "3", limit: "2", seller_id: String(sellerA.id) })).ids,
    ).toEqual([]);
  });

  it("shows nobody else's orders: another reseller's history is empty", async () => {
    const other = await createTestSeller();
    expect((await historyOf(other.v2)).ids).toEqual([]);
  });

  it("refuses bad parameters with 422 naming the parameter", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ status: "shipped" }, "status", "status must be one of paid, unpaid, dispute"],
      [{ seller_id: "abc" }, "seller_id", "seller_id must be a whole number from 1 to 2147483647"],
      [{ date_from: "2026-02-30" }, "date_from", "date_from must be a date in the form YYYY-MM-DD"],
      [{ date_to: "23.11.2026" }, "date_to", "date_to must be a date in the form YYYY-MM-DD"],
      [{ date_from: "2026-11-24", date_to: "2026-11-23" }, "date_to", "date_to must not be before date_from"],
      [{ limit: "101" }, "limit", "limit must be a whole number from 1 to 100"],
      [{ sort: "newest" }, "sort", "Parameter 'sort' is not allowed"],
    ];
    for (const [params, field, message] of cases) {
      const response = await historyOf(reseller.v2, params);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 422,
        body: invalidParameter(field, message),
      });
    }
  });

  it("reads one of the caller's orders with delivery, dispute and chat fields", async () => {
    const response = await v2Get(reseller.v2, `/api/v2/order/${made[1]}`);
    expect(response.status).toBe(200);
    expect((response.body as { data: Record<string, unknown> }).data).toMatchObject({
      order_id: made[1],
      id_product: productB,
      status: "paid",
      total: 2000,
      amount: 2000,
      count: 1,
      h2h: 1,
      delivered: false,
      delivery_text: null,
      download: null,
      dispute: false,
      dispute_opened_at: null,
      dispute_closed_at: null,
      chat_id: made[1],
      gift: 0,
      gift_code: null,
    });
  });

  it("answers 403 for someone else's order (another reseller's, the seller's sale, a storefront order) and 404 for unknown ones", async () => {
    const other = await createTestSeller();
    const forbidden = v2Error(403, "forbidden", "Access denied");
    expect((await v2Get(other.v2, `/api/v2/order/${made[0]}`)).body).toEqual(forbidden);
    expect((await v2Get(sellerA.v2, `/api/v2/order/${made[0]}`)).body).toEqual(forbidden);
    const storefront = await paidOrder();
    expect((await v2Get(reseller.v2, `/api/v2/order/${storefront.order.id_order}`)).body).toEqual(forbidden);
    const notFound = v2Error(404, "not_found", "Order not found");
    expect((await v2Get(reseller.v2, "/api/v2/order/01ARZ3NDEKTSV4RRFFQ69G5FAV")).body).toEqual(notFound);
    expect((await v2Get(reseller.v2, "/api/v2/order/nope")).body).toEqual(notFound);
    expect((await v2Get(undefined, `/api/v2/order/${made[0]}`)).body).toEqual(unauthorized);
    expect((await v2Get(undefined, "/api/v2/history")).body).toEqual(unauthorized);
  });
});

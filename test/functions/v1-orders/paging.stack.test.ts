import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { cryptoRandomness } from "../../../shared/ids/randomness.js";
import { createOrderService } from "../../../shared/orders/order-service.js";
import { createPayoutRepository } from "../../../shared/payouts/payout-repository.js";
import { createPayoutService } from "../../../shared/payouts/payout-service.js";
import { accountStore } from "../../../shared/runtime/dependencies.js";
import { pageCursors } from "../../../shared/runtime/page-cursors.js";
import { dataKey } from "../../../shared/runtime/service-keys.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { sellerWithProduct, stores } from "../../support/orders.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";
import { seedOrders, seedPayouts } from "../../support/seller-history.js";
import { workerStack } from "../../support/worker-stack.js";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** One call of a seller's history list: the ids it answered, newest first, and its next-page header. */
const listPage = async (path: string, token: string, query = "") => {
  const response = await request("GET", `${path}${query}`, { headers: bearer(token) });
  return {
    status: response.status,
    ids: (response.body as { data?: { id_order: string }[] }).data?.map((o) => o.id_order),
    next: response.headers.get("x-next-cursor"),
    body: response.body,
  };
};

/** A GET through node:http (which, unlike fetch, sends no Accept-Encoding unless told): status, headers, raw bytes. */
const rawGet = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const sent = httpRequest(`${workerStack().gatewayUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      sent.on("error", reject);
      sent.end();
    },
  );

const invalidCursor = { status: 400, body: { status: "error", message: "Invalid cursor" } };

describe.each([
  { list: "GET /api/v1/orders", path: "/api/v1/orders" },
  { list: "GET /api/v1/payout/history", path: "/api/v1/payout/history" },
])("$list", ({ path }) => {
  /** A seller whose list holds `n` entries, and their ids newest first. */
  const sellerWith = async (n: number) => {
    const { token, account, productId } = await sellerWithProduct({ count: 5 });
    const sellerId = account.seller_id;
    const ids = path.endsWith("/orders")
      ? await seedOrders(sellerId, productId, n)
      : await seedPayouts(sellerId, n);
    return { token, newest: ids.reverse() };
  };

  it("answers the whole history without parameters, as the spec says: 110 entries, not a first page of 100", async () => {
    const { token, newest } = await sellerWith(110);
    const all = await listPage(path, token);
    expect(all.status).toBe(200);
    expect(all.ids).toEqual(newest);
    expect(all.next).toBeNull();
  });

  it("pages with limit and cursor (extension), newest first, and sends no X-Next-Cursor once nothing follows, even when the last page is exactly full", async () => {
    const { token, newest } = await sellerWith(4);
    const first = await listPage(path, token, "?limit=2");
    expect(first.ids).toEqual(newest.slice(0, 2));
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    const second = await listPage(path, token, `?limit=2&cursor=${first.next}`);
    expect(second.ids).toEqual(newest.slice(2, 4));
    expect(second.next).toBeNull();
    // A cursor alone pages with the default limit (100).
    expect((await listPage(path, token, `?cursor=${first.next}`)).ids).toEqual(newest.slice(2));
    expect((await listPage(path, token, "?limit=4")).next).toBeNull();
    expect((await listPage(path, token, "?limit=5")).next).toBeNull();
  });

  it("gzips a long answer for a client that accepts it and sends it plain to one that does not, the same JSON", async () => {
    const { token, newest } = await sellerWith(60);
    const gzipped = await rawGet(path, { ...bearer(token), "Accept-Encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toBe("accept-encoding");
    const plain = await rawGet(path, bearer(token));
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const fromGzip = JSON.parse(gunzipSync(gzipped.body).toString("utf8"));
    expect(fromGzip).toEqual(JSON.parse(plain.body.toString("utf8")));
    expect(fromGzip.data.map((o: { id_order: string }) => o.id_order)).toEqual(newest);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
  });

  it("refuses a cursor of another seller, of the other list, edited or unsigned with 400 Invalid cursor", async () => {
    const mine = await sellerWith(3);
    const { next } = await listPage(path, mine.token, "?limit=1");
    expect(next).not.toBeNull();
    const other = await tokenFor((await createTestAccount()).api_key, "v1");
    const otherPath = path.endsWith("/orders") ? "/api/v1/payout/history" : "/api/v1/orders";
    const [payload = "", mac = ""] = String(next).split(".");
    const position = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const emptyKey = Buffer.from(JSON.stringify({ ...position, PK: "" })).toString("base64url");
    for (const [token, listPath, cursor] of [
      [other, path, next],
      [mine.token, otherPath, next],
      [mine.token, path, `${emptyKey}.${mac}`],
      [mine.token, path, emptyKey],
      [mine.token, path, payload],
      [mine.token, path, "%7B%7D"],
      [mine.token, path, "x".repeat(2000)],
    ] as const) {
      const refused = await listPage(listPath, token, `?limit=1&cursor=${cursor}`);
      expect({ status: refused.status, body: refused.body }).toEqual(invalidCursor);
    }
    const badLimit = await listPage(path, mine.token, "?limit=1001");
    expect({ status: badLimit.status, body: badLimit.body }).toEqual({
      status: 400,
      body: { status: "error", message: "limit must be a whole number from 1 to 1000" },
    });
  });
});

describe("a whole history past its bound", () => {
  /** What the service answers for the whole history when it may hold at most `wholeMax` entries. */
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "answered",
      (error: unknown) =>
        error instanceof DomainError ? `${error.kind} ${error.code}: ${error.message}` : String(error),
    );

  it("is refused with 422 and the way to page it, never cut short, for orders and payouts alike", async () => {
    const { account, productId } = await sellerWithProduct({ count: 5 });
    const sellerId = account.seller_id;
    await seedOrders(sellerId, productId, 6);
    await seedPayouts(sellerId, 6);
    const common = { now: () => new Date(), random: cryptoRandomness, cursors: pageCursors, wholeMax: 5 };
    const orders = createOrderService({ ...stores(), ...common });
    const payouts = createPayoutService({
      metrics: recordedMetrics().sink,
      accounts: accountStore(),
      payouts: createPayoutRepository(createDocumentClient(), requireEnv("TABLE_NAME")),
      dataKey,
      ...common,
    });
    expect(await refusal(orders.listForSeller(sellerId))).toBe(
      "unprocessable history_too_large: More than 5 orders: read them in pages with limit and cursor",
    );
    expect(await refusal(payouts.history(sellerId))).toBe(
      "unprocessable history_too_large: More than 5 payouts: read them in pages with limit and cursor",
    );
    // At the bound itself the whole history is answered, and pages stay available past it.
    const six = createOrderService({ ...stores(), ...common, wholeMax: 6 });
    expect((await six.listForSeller(sellerId)).items).toHaveLength(6);
    expect((await orders.listForSeller(sellerId, { limit: 6 })).items).toHaveLength(6);
  });
});

import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keyHash, requestHash } from "../../../shared/idempotency/idempotency-record.js";
import { createIdempotencyRepository } from "../../../shared/idempotency/idempotency-repository.js";
import { accountService, buyerOrderService, orderService } from "../../../shared/runtime/dependencies.js";
import { PUBLISHING_TIMEOUT, v2Error } from "../../support/catalogue.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { stockOf } from "../../support/orders.js";
import { buyableProduct, fundedReseller, v2Post } from "../../support/purchases.js";

const buy = (token: string, body: unknown, headers?: Record<string, string>) =>
  v2Post(token, "/api/v2/buy", body, headers);

const orderIdOf = (body: unknown): string => (body as { data: { order_id: string } }).data.order_id;

describe("POST /api/v2/buy under concurrency", () => {
  it(
    "never oversells or overdraws: 200 parallel buys of 1 on stock 50 from a balance for 100 give exactly 50 orders",
    async () => {
      const { product } = await buyableProduct({ price: 100, count: 50 });
      const reseller = await fundedReseller(100 * 100);
      const responses = await Promise.all(
        Array.from({ length: 200 }, () => buy(reseller.v2, { product_id: product.id, quantity: 1 })),
      );
      const created = responses.filter((r) => r.status === 201);
      const refused = responses.filter((r) => r.status !== 201);
      expect(created).toHaveLength(50);
      expect(new Set(created.map((r) => orderIdOf(r.body))).size).toBe(50);
      for (const r of refused)
        expect(r.body).toEqual(v2Error(409, "insufficient_stock", "Insufficient stock"));
      expect(await stockOf(product.id)).toBe(0);
      expect(await balanceOf(reseller.id)).toBe(10_000 - 50 * 100);
      const purchases = (await ledgerOf(reseller.id)).filter((e) => e.kind === "purchase");
      expect(purchases).toHaveLength(50);
      expect(purchases.every((e) => e.amount === -100)).toBe(true);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "never overdraws: 30 parallel buys with money for 10 give exactly 10 orders and a zero balance",
    async () => {
      const { product } = await buyableProduct({ price: 250, count: 100 });
      const reseller = await fundedReseller(2500);
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => buy(reseller.v2, { product_id: product.id, quantity: 1 })),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(10);
      for (const r of responses.filter((x) => x.status !== 201)) {
        expect(r.body).toEqual(v2Error(409, "insufficient_balance", "Insufficient balance"));
      }
      expect(await balanceOf(reseller.id)).toBe(0);
      expect(await stockOf(product.id)).toBe(90);
    },
    PUBLISHING_TIMEOUT,
  );
});

describe("Idempotency-Key on POST /api/v2/buy (extension)", () => {
  it(
    "replays the first answer for the same key and body, with no second charge",
    async () => {
      const { product } = await buyableProduct({ price: 300, count: 10 });
      const reseller = await fundedReseller(3000);
      const key = { "Idempotency-Key": `key-${Date.now()}` };
      const first = await buy(reseller.v2, { product_id: product.id, quantity: 2 }, key);
      expect(first.status).toBe(201);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      // The same body with its keys in another order is the same request.
      const again = await buy(reseller.v2, { quantity: 2, product_id: product.id }, key);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await balanceOf(reseller.id)).toBe(2400);
      expect(await stockOf(product.id)).toBe(8);
      // Another key is another purchase.
      const other = await buy(
        reseller.v2,
        { product_id: product.id, quantity: 2 },
        { "Idempotency-Key": `${key["Idempotency-Key"]}-2` },
      );
      expect(other.status).toBe(201);
      expect(orderIdOf(other.body)).not.toBe(orderIdOf(first.body));
      expect(await balanceOf(reseller.id)).toBe(1800);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "refuses the same key with another body (422 idempotency_mismatch) and a malformed key (422), charging nothing",
    async () => {
      const { product } = await buyableProduct({ price: 300, count: 10 });
      const reseller = await fundedReseller(3000);
      const key = { "Idempotency-Key": `mismatch-${Date.now()}` };
      expect((await buy(reseller.v2, { product_id: product.id, quantity: 1 }, key)).status).toBe(201);
      const other = await buy(reseller.v2, { product_id: product.id, quantity: 2 }, key);
      expect({ status: other.status, body: other.body }).toEqual({
        status: 422,
        body: v2Error(
          422,
          "idempotency_mismatch",
          "This Idempotency-Key was already used with a different request",
        ),
      });
      const message = "Idempotency-Key must be 1-255 visible ASCII characters";
      const malformed = await buy(
        reseller.v2,
        { product_id: product.id, quantity: 1 },
        { "Idempotency-Key": "x".repeat(256) },
      );
      expect({ status: malformed.status, body: malformed.body }).toEqual({
        status: 422,
        body: v2Error(422, "invalid_request", message, { issues: [{ field: "Idempotency-Key", message }] }),
      });
      expect(await balanceOf(reseller.id)).toBe(2700);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "does not remember a refusal: after insufficient balance, the same key succeeds once the balance is topped up",
    async () => {
      const { product } = await buyableProduct({ price: 500, count: 10 });
      const reseller = await fundedReseller(400);
      const key = { "Idempotency-Key": `retry-${Date.now()}` };
      const refused = await buy(reseller.v2, { product_id: product.id, quantity: 1 }, key);
      expect(refused.body).toEqual(v2Error(409, "insufficient_balance", "Insufficient balance"));
      await accountService().credit(reseller.id, 100);
      const retried = await buy(reseller.v2, { product_id: product.id, quantity: 1 }, key);
      expect(retried.status).toBe(201);
      expect(await balanceOf(reseller.id)).toBe(0);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "answers 409 request_in_progress while the same key's first request is still running, and charges nothing",
    async () => {
      const { product } = await buyableProduct({ price: 400, count: 5 });
      const reseller = await fundedReseller(4000);
      const key = `in-flight-${Date.now()}`;
      const body = { product_id: product.id, quantity: 1 };
      // The first request's claim, as its handler holds it while it runs.
      const now = new Date();
      const claimed = await createIdempotencyRepository(
        createDocumentClient(),
        requireEnv("TABLE_NAME"),
      ).claim({
        claim: { accountId: reseller.id, keyHash: keyHash(key), lockId: "first-request" },
        route: "POST /buy",
        requestHash: requestHash(body),
        at: now.toISOString(),
        staleBefore: new Date(now.getTime() - 60_000).toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + 3600,
        nowEpoch: Math.floor(now.getTime() / 1000),
      });
      expect(claimed).toEqual({ kind: "claimed" });
      const second = await buy(reseller.v2, body, { "Idempotency-Key": key });
      expect({ status: second.status, body: second.body }).toEqual({
        status: 409,
        body: v2Error(409, "request_in_progress", "A request with this Idempotency-Key is still in progress"),
      });
      expect(await balanceOf(reseller.id)).toBe(4000);
      expect(await stockOf(product.id)).toBe(5);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "charges once for 20 parallel retries with one key: one order, one debit, the rest replays or 409 request_in_progress",
    async () => {
      const { product } = await buyableProduct({ price: 700, count: 30 });
      const reseller = await fundedReseller(7000);
      const key = { "Idempotency-Key": `parallel-${Date.now()}` };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => buy(reseller.v2, { product_id: product.id, quantity: 1 }, key)),
      );
      const created = responses.filter((r) => r.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((r) => orderIdOf(r.body))).size).toBe(1);
      for (const r of responses.filter((x) => x.status !== 201)) {
        expect({ status: r.status, body: r.body }).toEqual({
          status: 409,
          body: v2Error(
            409,
            "request_in_progress",
            "A request with this Idempotency-Key is still in progress",
          ),
        });
      }
      expect(await balanceOf(reseller.id)).toBe(6300);
      expect((await ledgerOf(reseller.id)).filter((e) => e.kind === "purchase")).toHaveLength(1);
      expect(await stockOf(product.id)).toBe(29);
      // Once settled, a retry replays the one order.
      const later = await buy(reseller.v2, { product_id: product.id, quantity: 1 }, key);
      expect(later.status).toBe(201);
      expect(orderIdOf(later.body)).toBe(orderIdOf(created[0]?.body));
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "40 parallel buys with one key, its claim sent beside the reads: one order and one debit; every other answer replays it or is 409 request_in_progress, and each of those replays it once retried",
    async () => {
      const { seller, product } = await buyableProduct({ price: 900, count: 50 });
      const reseller = await fundedReseller(9000);
      const key = { "Idempotency-Key": `many-${Date.now()}` };
      const body = { product_id: product.id, quantity: 1 };
      const responses = await Promise.all(Array.from({ length: 40 }, () => buy(reseller.v2, body, key)));
      const answers = responses.map((r) => ({
        status: r.status,
        body: r.body,
        replayed: r.headers.get("idempotent-replayed"),
      }));
      const charged = answers.filter((a) => a.status === 201 && a.replayed === null);
      expect(charged).toHaveLength(1);
      const original = charged[0]?.body;
      const inProgress = v2Error(
        409,
        "request_in_progress",
        "A request with this Idempotency-Key is still in progress",
      );
      for (const answer of answers.filter((a) => a !== charged[0]))
        expect(answer).toEqual(
          answer.status === 201
            ? { status: 201, body: original, replayed: "true" }
            : { status: 409, body: inProgress, replayed: null },
        );
      // Once settled, each request told "in progress" replays the one order when retried.
      const retried = await Promise.all(
        answers.filter((a) => a.status === 409).map(() => buy(reseller.v2, body, key)),
      );
      for (const r of retried)
        expect({ status: r.status, body: r.body, replayed: r.headers.get("idempotent-replayed") }).toEqual({
          status: 201,
          body: original,
          replayed: "true",
        });
      const orderId = orderIdOf(original);
      expect(await balanceOf(reseller.id)).toBe(8100);
      expect(await stockOf(product.id)).toBe(49);
      expect(
        (await ledgerOf(reseller.id)).filter((e) => e.kind === "purchase").map((e) => [e.amount, e.order_id]),
      ).toEqual([[-900, orderId]]);
      expect(
        (await buyerOrderService().history(reseller.id, { page: 1, limit: 100 })).items.map(
          (o) => o.order_id,
        ),
      ).toEqual([orderId]);
      expect(
        (await orderService().listForSeller(seller.id, { limit: 100 })).items.map((o) => o.id_order),
      ).toEqual([orderId]);
    },
    PUBLISHING_TIMEOUT,
  );
});

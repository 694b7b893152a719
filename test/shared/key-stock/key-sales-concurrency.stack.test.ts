import { describe, expect, it } from "vitest";
import { orderService, paymentService } from "../../../shared/runtime/dependencies.js";
import { PUBLISHING_TIMEOUT, v2Error } from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import {
  freshCodes,
  keyCountsOf,
  keyProduct,
  keyStockViolations,
  ordersOfSeller,
  storedCodes,
  uploadCodes,
} from "../../support/key-stock.js";
import { watchBuyerEmail } from "../../support/leak-scan.js";
import { balanceOf } from "../../support/ledger.js";
import { orderServiceAt } from "../../support/orders.js";
import { fundedReseller, v2Post } from "../../support/purchases.js";

const buy = (token: string, productId: string, quantity = 1) =>
  v2Post(token, "/api/v2/buy", { product_id: productId, quantity });

const orderIdOf = (body: unknown): string => (body as { data: { order_id: string } }).data.order_id;

describe("key stock under concurrency", () => {
  it(
    "200 parallel buys of 1 on 50 codes: exactly 50 orders, each with its own code, every code delivered once",
    async () => {
      const { seller, product, codes } = await keyProduct(50, { price: 100 });
      const reseller = await fundedReseller(200 * 100);
      const responses = await Promise.all(Array.from({ length: 200 }, () => buy(reseller.v2, product.id)));
      const created = responses.filter((r) => r.status === 201);
      expect(created).toHaveLength(50);
      for (const r of responses.filter((x) => x.status !== 201))
        expect(r.body).toEqual(v2Error(409, "insufficient_stock", "Insufficient stock"));
      const orders = await ordersOfSeller(seller.id);
      expect(orders).toHaveLength(50);
      expect(new Set(created.map((r) => orderIdOf(r.body)))).toEqual(new Set(orders.map((o) => o.id_order)));
      // Each order names one code, no two orders the same one, and together they are every code uploaded.
      const named = orders.flatMap((order) => order.key_codes ?? []);
      expect(named).toHaveLength(50);
      expect(new Set(named).size).toBe(50);
      const stored = await storedCodes(seller.id, product.id);
      expect(stored.map((code) => code.code).sort()).toEqual([...codes].sort());
      expect(stored.every((code) => code.state === "delivered")).toBe(true);
      expect(await keyCountsOf(product.id)).toEqual({
        available: 0,
        reserved: 0,
        delivered: 50,
        withdrawn: 0,
      });
      expect(await balanceOf(reseller.id)).toBe(200 * 100 - 50 * 100);
      expect(await balanceOf(seller.id)).toBe(50 * 100);
      expect(await keyStockViolations(seller.id, product.id, orders)).toEqual([]);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "storefront orders, their expiry and payments, withdrawals and uploads racing buys: every code in one state, the counts equal the codes",
    async () => {
      const { seller, product } = await keyProduct(60, { price: 100 });
      const reseller = await fundedReseller(100 * 100);
      const early = orderServiceAt(-2 * 60 * 60 * 1000);
      const guest = async (service: ReturnType<typeof orderServiceAt>, quantity: number) => {
        const email = `race-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        watchBuyerEmail(email);
        try {
          return (await service.createGuestOrder({ product_id: product.id, quantity, email })).id_order;
        } catch {
          return undefined; // out of stock is an answer here, not a failure
        }
      };
      // Orders that will expire, reserved before the race.
      const expiring = (await Promise.all(Array.from({ length: 8 }, () => guest(early, 2)))).filter(
        (id): id is string => id !== undefined,
      );
      const withdrawable = (await storedCodes(seller.id, product.id))
        .filter((code) => code.state === "available")
        .slice(0, 12)
        .map((code) => code.id);
      const racers: Promise<unknown>[] = [
        ...Array.from({ length: 40 }, () => buy(reseller.v2, product.id)),
        ...Array.from({ length: 10 }, () => guest(orderService(), 1)),
        orderService().expireUnpaid(),
        request("POST", `/api/v1/products/keys/withdraw/${product.id}`, {
          headers: { Authorization: `Bearer ${seller.v1}`, "Content-Type": "application/json" },
          body: JSON.stringify({ ids: withdrawable }),
        }),
        uploadCodes(seller.v1, product.id, freshCodes(seller.id, 10)),
        // Two of the expiring orders are paid while they may be expiring: in time, or late.
        ...expiring.slice(0, 2).map((orderId, i) =>
          paymentService()
            .confirm({ orderId, paymentSystem: "card", paymentId: `race-${i}` })
            .catch(() => undefined),
        ),
      ];
      await Promise.all(racers);
      await orderService().expireUnpaid();
      const orders = await ordersOfSeller(seller.id);
      expect(await keyStockViolations(seller.id, product.id, orders)).toEqual([]);
      const counts = await keyCountsOf(product.id);
      const stored = await storedCodes(seller.id, product.id);
      // Uploaded 70 in all: each either withdrawn (deleted) or stored, in exactly one state.
      expect(stored.length + counts.withdrawn).toBe(70);
      const paidCodes = orders
        .filter((order) => order.status === "paid")
        .reduce((sum, order) => sum + order.quantity, 0);
      expect(counts.delivered).toBe(paidCodes);
    },
    PUBLISHING_TIMEOUT,
  );
});

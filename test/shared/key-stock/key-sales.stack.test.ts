import { describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { readFileOutbox } from "../../../shared/mail/file-outbox-mailer.js";
import {
  accountStore,
  orderService,
  paymentService,
  productService,
} from "../../../shared/runtime/dependencies.js";
import {
  createPublicCategory,
  PUBLISHING_TIMEOUT,
  publishProduct,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
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
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { deliveryTokenFor, orderServiceAt, stores } from "../../support/orders.js";
import { recordingPaymentService } from "../../support/payments.js";
import { fundedReseller, h2hSeller, v2Post } from "../../support/purchases.js";
import { eventually } from "../../support/receiver.js";

const buy = (token: string, productId: string, quantity = 1) =>
  v2Post(token, "/api/v2/buy", { product_id: productId, quantity });

const orderIdOf = (body: unknown): string => (body as { data: { order_id: string } }).data.order_id;

const mailsTo = async (email: string, orderId: string) =>
  eventually(
    async () =>
      (await readFileOutbox(requireEnv("MAIL_OUTBOX_FILE"), email)).filter((m) => m.text.includes(orderId)),
    (mails) => mails.length > 0,
  );

const v1Info = async (token: string, orderId: string) =>
  (await request("GET", `/api/v1/orders/info/${orderId}`, { headers: { Authorization: `Bearer ${token}` } }))
    .body as { data: Record<string, unknown> };

describe("a key product is delivered the moment it is paid", () => {
  it(
    "POST /buy hands out its codes in the paying write: delivered at once, in GET /order, to the seller's orders/info and the buyer's e-mail, the seller credited",
    async () => {
      const { seller, product, codes } = await keyProduct(5, { price: 700 });
      const reseller = await fundedReseller(10_000);
      const bought = await buy(reseller.v2, product.id, 2);
      expect(bought.status, bought.text).toBe(201);
      expect(bought.body).toMatchObject({ data: { quantity: 2, total: 1400, h2h: 1 } });
      const orderId = orderIdOf(bought.body);

      const order = (await v2Get(reseller.v2, `/api/v2/order/${orderId}`)).body as {
        data: Record<string, unknown>;
      };
      const got = order.data.codes as string[];
      expect(got).toHaveLength(2);
      expect(new Set(got).size).toBe(2);
      for (const code of got) expect(codes).toContain(code);
      expect(order.data).toMatchObject({ status: "paid", delivered: true, delivery_text: got.join("\n") });

      const info = await v1Info(seller.v1, orderId);
      expect((info.data.codes as { code: string }[]).map((c) => c.code)).toEqual(got);
      expect(info.data.delivered).toBe("1");

      expect(await balanceOf(seller.id)).toBe(1400);
      expect((await ledgerOf(seller.id)).map((e) => [e.kind, e.amount, e.order_id])).toEqual([
        ["sale", 1400, orderId],
      ]);
      expect(await balanceOf(reseller.id)).toBe(10_000 - 1400);
      expect(await keyCountsOf(product.id)).toEqual({
        available: 3,
        reserved: 0,
        delivered: 2,
        withdrawn: 0,
      });

      const email = (await accountStore().findById(reseller.id))?.email ?? "";
      const mail = await mailsTo(email, orderId);
      for (const code of got) expect(mail[0]?.text).toContain(code);

      expect(await keyStockViolations(seller.id, product.id, await ordersOfSeller(seller.id))).toEqual([]);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "a key product is H2H without a webhook; more than 50 codes in one order are refused, and more than the stock is insufficient stock",
    async () => {
      const { product } = await keyProduct(3);
      const reseller = await fundedReseller(100_000);
      const view = (await v2Get(reseller.v2, `/api/v2/product/${product.id}`)).body as {
        data: Record<string, unknown>;
      };
      expect(view.data.h2h).toBe(1);
      expect((await buy(reseller.v2, product.id, 51)).body).toEqual(
        v2Error(422, "invalid_request", "quantity must be at most 50 for a product sold from uploaded codes"),
      );
      expect((await buy(reseller.v2, product.id, 4)).body).toEqual(
        v2Error(409, "insufficient_stock", "Insufficient stock"),
      );
      expect(await keyCountsOf(product.id)).toEqual({
        available: 3,
        reserved: 0,
        delivered: 0,
        withdrawn: 0,
      });
      expect(await balanceOf(reseller.id)).toBe(100_000);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "POST /gift of a key product sends its code with the gift; the gift code stays the buyer's",
    async () => {
      const { seller, product, codes } = await keyProduct(2, { price: 300 });
      await productService().setFlags(product.id, { gift_available: 1 });
      const reseller = await fundedReseller(1000);
      const gift = await v2Post(reseller.v2, "/api/v2/gift", { product_id: product.id });
      expect(gift.status, gift.text).toBe(201);
      const orderId = orderIdOf(gift.body);
      const order = (await v2Get(reseller.v2, `/api/v2/order/${orderId}`)).body as {
        data: Record<string, unknown>;
      };
      expect(order.data.delivered).toBe(true);
      expect(codes).toContain((order.data.codes as string[])[0]);
      expect(order.data.gift_code).toEqual(expect.any(String));
      expect(await balanceOf(seller.id)).toBe(300);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "a seller with a webhook still gets it, and delivering through its token answers 409 Order already delivered",
    async () => {
      const { seller, receiver } = await h2hSeller(() => 200);
      try {
        const product = await publishProduct(
          seller,
          await createPublicCategory(),
          { count: 0 },
          { sync: false },
        );
        await uploadCodes(seller.v1, product.id, freshCodes(seller.id, 1));
        const reseller = await fundedReseller(5000);
        const orderId = orderIdOf((await buy(reseller.v2, product.id)).body);
        const calls = await eventually(
          async () => receiver.calls.filter((call) => call.body.id_order === orderId),
          (found) => found.length > 0,
        );
        expect(calls[0]?.body).toMatchObject({
          id_order: orderId,
          payment_status: "paid",
        });
        const token = await deliveryTokenFor(orderId);
        const delivered = await request("POST", `/api/v1/orders/delivery/${token}`, {
          headers: { Authorization: `Bearer ${seller.v1}`, "Content-Type": "application/json" },
          body: JSON.stringify({ text: "SELLER-TEXT" }),
        });
        expect({ status: delivered.status, body: delivered.body }).toEqual({
          status: 409,
          body: { status: "error", message: "Order already delivered" },
        });
        const order = (await v2Get(reseller.v2, `/api/v2/order/${orderId}`)).body as {
          data: Record<string, unknown>;
        };
        expect(order.data.delivery_text).not.toContain("SELLER-TEXT");
        expect(await balanceOf(seller.id)).toBe(1500);
      } finally {
        await receiver.close();
      }
    },
    PUBLISHING_TIMEOUT,
  );
});

describe("a storefront order of a key product reserves its codes", () => {
  const guestOrder = async (productId: string, quantity: number, service = orderService()) => {
    const email = `key-buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    watchBuyerEmail(email);
    const order = await service.createGuestOrder({ product_id: productId, quantity, email });
    return { orderId: order.id_order, email };
  };

  it(
    "created: its codes are reserved for it; paid: those very codes are delivered, e-mailed and counted",
    async () => {
      const { seller, product } = await keyProduct(3, { price: 200 });
      const { orderId, email } = await guestOrder(product.id, 2);
      expect(await keyCountsOf(product.id)).toEqual({
        available: 1,
        reserved: 2,
        delivered: 0,
        withdrawn: 0,
      });
      const reserved = (await storedCodes(seller.id, product.id)).filter((code) => code.state === "reserved");
      expect(reserved.map((code) => code.orderId)).toEqual([orderId, orderId]);
      await paymentService().confirm({ orderId, paymentSystem: "card" });
      expect(await keyCountsOf(product.id)).toEqual({
        available: 1,
        reserved: 0,
        delivered: 2,
        withdrawn: 0,
      });
      const delivered = (await storedCodes(seller.id, product.id)).filter(
        (code) => code.state === "delivered",
      );
      expect(delivered.map((code) => code.id).sort()).toEqual(reserved.map((code) => code.id).sort());
      const mail = await mailsTo(email, orderId);
      for (const code of reserved) expect(mail[0]?.text).toContain(code.code);
      expect(await balanceOf(seller.id)).toBe(400);
      expect(await keyStockViolations(seller.id, product.id, await ordersOfSeller(seller.id))).toEqual([]);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "expired unpaid: its codes go back on sale; paid late: it takes available codes again, or its payment is refunded when none are left",
    async () => {
      const { seller, product } = await keyProduct(1, { price: 200 });
      const early = orderServiceAt(-2 * 60 * 60 * 1000);
      const first = await guestOrder(product.id, 1, early);
      expect(await keyCountsOf(product.id)).toMatchObject({ available: 0, reserved: 1 });
      await orderService().expireUnpaid();
      expect((await stores().orders.getLatest(first.orderId))?.status).toBe("canceled");
      expect(await keyCountsOf(product.id)).toEqual({
        available: 1,
        reserved: 0,
        delivered: 0,
        withdrawn: 0,
      });

      const second = await guestOrder(product.id, 1, early);
      await orderService().expireUnpaid();
      // Paid late: the one code is available again, and the late payment takes it.
      await paymentService().confirm({ orderId: first.orderId, paymentSystem: "card", paymentId: "late-1" });
      expect(await keyCountsOf(product.id)).toEqual({
        available: 0,
        reserved: 0,
        delivered: 1,
        withdrawn: 0,
      });
      // The other canceled order is paid late too, with nothing left: the money is recorded for refund.
      const { service, reported } = recordingPaymentService();
      await service.confirm({ orderId: second.orderId, paymentSystem: "card", paymentId: "late-2" });
      expect(reported.map((payment) => payment.reason)).toEqual(["insufficient_stock"]);
      expect((await stores().orders.getLatest(second.orderId))?.status).toBe("canceled");
      expect(await keyStockViolations(seller.id, product.id, await ordersOfSeller(seller.id))).toEqual([]);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "an order of a product's declared stock, canceled after the product switched to codes, returns nothing to the codes' count",
    async () => {
      const { seller, product } = await keyProduct(0, { count: 5 });
      const plain = await guestOrder(product.id, 2, orderServiceAt(-2 * 60 * 60 * 1000));
      await uploadCodes(seller.v1, product.id, freshCodes(seller.id, 3));
      expect(await keyCountsOf(product.id)).toEqual({
        available: 3,
        reserved: 0,
        delivered: 0,
        withdrawn: 0,
      });
      await orderService().expireUnpaid();
      expect((await stores().orders.getLatest(plain.orderId))?.status).toBe("canceled");
      expect(await keyCountsOf(product.id)).toEqual({
        available: 3,
        reserved: 0,
        delivered: 0,
        withdrawn: 0,
      });
    },
    PUBLISHING_TIMEOUT,
  );
});

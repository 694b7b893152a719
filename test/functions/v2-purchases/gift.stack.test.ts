import { describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { readFileOutbox } from "../../../shared/mail/file-outbox-mailer.js";
import { accountStore, productService } from "../../../shared/runtime/dependencies.js";
import {
  createPublicCategory,
  createTestSeller,
  PUBLISHING_TIMEOUT,
  publishProduct,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { stockOf } from "../../support/orders.js";
import { buyableProduct, chatOf, fundedReseller, v2Post } from "../../support/purchases.js";
import { eventually } from "../../support/receiver.js";

const gift = (token: string, body: unknown, headers?: Record<string, string>) =>
  v2Post(token, "/api/v2/gift", body, headers);
const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const refused = (status: number, code: string, message: string) => ({
  status,
  body: v2Error(status, code, message),
});
const unavailable = refused(409, "gift_unavailable", "This product cannot be bought as a gift");

/** A product of an H2H seller that may be gifted. */
const giftableProduct = async (overrides: Record<string, unknown> = {}) => {
  const bought = await buyableProduct({ price: 1200, count: 3, ...overrides });
  await productService().setFlags(bought.product.id, { gift_available: 1 });
  return bought;
};

describe("POST /api/v2/gift", () => {
  it(
    "buys one unit as a gift: 201 with gift 1 and a URL-safe code of at least 128 bits, in the chat and the buyer's e-mail",
    async () => {
      const { seller, product } = await giftableProduct();
      const reseller = await fundedReseller(5000);
      const response = await gift(reseller.v2, { product_id: product.id, quantity: 1, count: 1 });
      expect(response.status).toBe(201);
      const data = (response.body as { data: { order_id: string; gift_code: string } }).data;
      expect(data.gift_code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(response.body).toEqual({
        ok: true,
        data: {
          order_id: data.order_id,
          product_id: product.id,
          quantity: 1,
          total: 1200,
          currency: "RUB",
          h2h: 1,
          gift: 1,
          gift_code: data.gift_code,
        },
        meta: {},
      });
      expect(await stockOf(product.id)).toBe(2);
      expect(await balanceOf(reseller.id)).toBe(3800);
      expect((await ledgerOf(reseller.id)).at(-1)).toMatchObject({ kind: "purchase", amount: -1200 });
      expect(await chatOf(data.order_id)).toEqual([["system", `Gift code: ${data.gift_code}`]]);
      // The buyer reads the code in the chat; the seller, who shares the chat, never does.
      const buyerChat = await v2Get(reseller.v2, `/api/v2/chat/${data.order_id}`);
      expect(JSON.stringify(buyerChat.body)).toContain(data.gift_code);
      const sellerChat = await request("GET", `/api/v1/orders/chat/${data.order_id}`, {
        headers: { Authorization: `Bearer ${seller.v1}` },
      });
      expect(sellerChat.body).toEqual({ status: "success", data: [] });
      const sellerDetail = await request("GET", `/api/v1/orders/info/${data.order_id}`, {
        headers: { Authorization: `Bearer ${seller.v1}` },
      });
      expect(sellerDetail.status).toBe(200);
      expect(sellerDetail.text).not.toContain(data.gift_code);
      const order = (await v2Get(reseller.v2, `/api/v2/order/${data.order_id}`)).body as {
        data: Record<string, unknown>;
      };
      expect(order.data).toMatchObject({ gift: 1, gift_code: data.gift_code, status: "paid" });

      const email = (await accountStore().findById(reseller.id))?.email ?? "";
      const mail = await eventually(
        async () =>
          (await readFileOutbox(requireEnv("MAIL_OUTBOX_FILE"), email)).filter((m) =>
            m.text.includes(data.order_id),
          ),
        (m) => m.length > 0,
      );
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text).toContain(`Gift code: ${data.gift_code}`);
      // Two gifts never share a code.
      const second = await gift(reseller.v2, { product_id: product.id });
      expect((second.body as { data: { gift_code: string } }).data.gift_code).not.toBe(data.gift_code);
    },
    PUBLISHING_TIMEOUT,
  );

  it("refuses a quantity or count other than 1 with 422 invalid_request", async () => {
    const reseller = await fundedReseller(5000);
    for (const [field, value] of [
      ["quantity", 2],
      ["count", 0],
      ["count", "1"],
      ["quantity", 1.5],
    ] as const) {
      const message = `${field} must be exactly 1 for a gift`;
      expect(answer(await gift(reseller.v2, { product_id: "x", [field]: value }))).toEqual({
        status: 422,
        body: v2Error(422, "invalid_request", message, { issues: [{ field, message }] }),
      });
    }
  });

  it(
    "answers 409 gift_unavailable unless the product allows gifts, is H2H and in stock, and charges nothing",
    async () => {
      const reseller = await fundedReseller(5000);
      const { product: notGiftable } = await buyableProduct();
      expect(answer(await gift(reseller.v2, { product_id: notGiftable.id }))).toEqual(unavailable);

      const plain = await createTestSeller();
      const manual = await publishProduct(plain, await createPublicCategory(), {}, { sync: false });
      await productService().setFlags(manual.id, { gift_available: 1 });
      expect(answer(await gift(reseller.v2, { product_id: manual.id }))).toEqual(unavailable);

      const { product: soldOut } = await giftableProduct({ count: 0 });
      expect(answer(await gift(reseller.v2, { product_id: soldOut.id }))).toEqual(unavailable);

      const { product: needsComment } = await giftableProduct();
      await productService().setFlags(needsComment.id, { comment_status: 1 });
      expect(answer(await gift(reseller.v2, { product_id: needsComment.id }))).toEqual(unavailable);

      expect(answer(await gift(reseller.v2, { product_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV" }))).toEqual(
        refused(404, "not_found", "Product not found"),
      );
      expect(await balanceOf(reseller.id)).toBe(5000);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "answers 409 insufficient_balance when the balance does not cover the gift",
    async () => {
      const { product } = await giftableProduct();
      const poor = await fundedReseller(1000);
      expect(answer(await gift(poor.v2, { product_id: product.id }))).toEqual(
        refused(409, "insufficient_balance", "Insufficient balance"),
      );
      expect(await stockOf(product.id)).toBe(3);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "replays a gift for the same Idempotency-Key with the same code, charging once",
    async () => {
      const { product } = await giftableProduct();
      const reseller = await fundedReseller(5000);
      const key = { "Idempotency-Key": `gift-${Date.now()}` };
      const first = await gift(reseller.v2, { product_id: product.id }, key);
      const again = await gift(reseller.v2, { product_id: product.id }, key);
      expect(first.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await balanceOf(reseller.id)).toBe(3800);
      // A key used for /gift is not reusable for /buy.
      const buy = await v2Post(reseller.v2, "/api/v2/buy", { product_id: product.id }, key);
      expect(buy.status).toBe(422);
    },
    PUBLISHING_TIMEOUT,
  );
});

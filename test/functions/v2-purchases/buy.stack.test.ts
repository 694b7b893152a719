import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { productService } from "../../../shared/runtime/dependencies.js";
import {
  createBlockedCategory,
  createPublicCategory,
  createTestSeller,
  PUBLISHING_TIMEOUT,
  publishProduct,
  unauthorized,
  updateSellerProfile,
  v2Error,
} from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { stockOf, stores } from "../../support/orders.js";
import {
  buyableProduct,
  fundedReseller,
  h2hSeller,
  setSellerModeration,
  v2Post,
} from "../../support/purchases.js";

const buy = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  v2Post(token, "/api/v2/buy", body, headers);

/** The exact 422 of one bad body field. */
const invalid = (field: string, message: string) => ({
  status: 422,
  body: v2Error(422, "invalid_request", message, { issues: [{ field, message }] }),
});

/** The exact 422 of a comment the product's rules refuse. */
const commentError = (code: string, message: string) => ({
  status: 422,
  body: v2Error(422, code, message, { issues: [{ field: "comment", message }] }),
});

/** A status and body to compare whole. */
const answer = (response: { status: number; body: unknown }) => ({
  status: response.status,
  body: response.body,
});

/** The expected answer of an error. */
const refused = (status: number, code: string, message: string) => ({
  status,
  body: v2Error(status, code, message),
});

describe("POST /api/v2/buy", () => {
  it(
    "buys from the balance: 201 with the result, stock and balance reduced, one ledger entry, a paid reseller order",
    async () => {
      const { seller, product } = await buyableProduct({ price: 1500, discount: 10, count: 5 });
      const reseller = await fundedReseller(10_000);
      const response = await buy(reseller.v2, {
        product_id: product.id,
        quantity: 2,
        comment: "for my shop",
      });
      expect(response.status).toBe(201);
      const data = (response.body as { data: { order_id: string } }).data;
      expect(response.body).toEqual({
        ok: true,
        data: {
          order_id: data.order_id,
          product_id: product.id,
          quantity: 2,
          total: 2700,
          currency: "RUB",
          h2h: 1,
        },
        meta: {},
      });
      expect(await stockOf(product.id)).toBe(3);
      expect(await balanceOf(reseller.id)).toBe(7300);
      const ledger = await ledgerOf(reseller.id);
      expect(ledger.map((e) => [e.kind, e.amount, e.order_id])).toEqual([
        ["operator_credit", 10_000, undefined],
        ["purchase", -2700, data.order_id],
      ]);
      const order = await stores().orders.get(data.order_id);
      expect(order).toMatchObject({
        status: "paid",
        channel: "reseller",
        buyer_account_id: reseller.id,
        seller_id: seller.id,
        quantity: 2,
        unit_price: 1350,
        amount: 2700,
        payment_system: "balance",
        comment: "for my shop",
        h2h: 1,
        delivered: false,
      });
      // The comment reaches the seller in the v1 order detail; the buyer's e-mail never does.
      const detail = await request("GET", `/api/v1/orders/info/${data.order_id}`, {
        headers: { Authorization: `Bearer ${seller.v1}` },
      });
      expect(detail.status).toBe(200);
      const fields = (detail.body as { data: Record<string, string> }).data;
      expect(fields).toMatchObject({
        id_order: data.order_id,
        status_order: "paid",
        buyer_type: "registered",
      });
      expect(fields.id_user).toBe(String(reseller.id));
      expect(fields.comment).toBe("for my shop");
      expect(JSON.stringify(detail.body)).not.toContain("@example.com");
    },
    PUBLISHING_TIMEOUT,
  );

  it("refuses a missing or invalid token with 401", async () => {
    expect(answer(await buy(undefined, { product_id: "x", quantity: 1 }))).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(answer(await buy("not-a-token", { product_id: "x", quantity: 1 }))).toEqual({
      status: 401,
      body: unauthorized,
    });
  });

  it("refuses invalid bodies with 422 invalid_request naming each field, and changes nothing", async () => {
    const reseller = await fundedReseller(5000);
    expect(answer(await buy(reseller.v2, { quantity: 1 }))).toEqual(
      invalid("product_id", "Field 'product_id' is required"),
    );
    expect(answer(await buy(reseller.v2, { product_id: "x", quantity: 0 }))).toEqual(
      invalid("quantity", "quantity must be at least 1"),
    );
    expect(answer(await buy(reseller.v2, { product_id: "x", quantity: 1.5 }))).toEqual(
      invalid("quantity", "quantity must be a whole number"),
    );
    expect(answer(await buy(reseller.v2, { product_id: "x", quantity: "1" }))).toEqual(
      invalid("quantity", "quantity must be a whole number"),
    );
    expect(answer(await buy(reseller.v2, { product_id: "x", quantity: 10_001 }))).toEqual(
      invalid("quantity", "quantity must be at most 10000"),
    );
    expect(answer(await buy(reseller.v2, { product_id: "x", quantity: 1, comment: 5 }))).toEqual(
      invalid("comment", "comment must be a string"),
    );
    const unknown = await buy(reseller.v2, { product_id: "x", quantity: 1, price: 1 });
    expect(answer(unknown)).toEqual(invalid("price", "Field 'price' is not allowed"));
    expect(await balanceOf(reseller.id)).toBe(5000);
  });

  it(
    "answers each refusal with its code, in the spec's order, and charges nothing",
    async () => {
      const reseller = await fundedReseller(5000);
      const notFound = refused(404, "not_found", "Product not found");
      // Unknown, malformed, and not approved (a draft) are all "not found".
      expect(
        answer(await buy(reseller.v2, { product_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV", quantity: 1 })),
      ).toEqual(notFound);
      expect(answer(await buy(reseller.v2, { product_id: "nope", quantity: 1 }))).toEqual(notFound);

      // Blocked category: 403 even before self-purchase or H2H are looked at.
      const { seller } = await h2hSeller();
      const blocked = await publishProduct(seller, await createBlockedCategory(), {}, { sync: false });
      expect(answer(await buy(seller.v2, { product_id: blocked.id, quantity: 1 }))).toEqual(
        refused(403, "blocked_category", "This category is not available to resellers"),
      );

      // Self-purchase before H2H: the seller's own product.
      const own = await publishProduct(seller, await createPublicCategory(), {}, { sync: false });
      expect(answer(await buy(seller.v2, { product_id: own.id, quantity: 1 }))).toEqual(
        refused(403, "self_purchase", "You cannot buy your own product"),
      );

      // Not H2H: a seller without any api_url.
      const plain = await createTestSeller();
      const manual = await publishProduct(plain, await createPublicCategory(), {}, { sync: false });
      expect(answer(await buy(reseller.v2, { product_id: manual.id, quantity: 1 }))).toEqual(
        refused(
          403,
          "h2h_disabled",
          "This product is not delivered automatically (H2H) and cannot be bought through the API",
        ),
      );

      // Inactive: the seller is blocked (status_moderation 2); checked before the comment.
      const { seller: blockedSeller, product: inactive } = await buyableProduct();
      await productService().setFlags(inactive.id, { comment_status: 1 });
      await setSellerModeration(blockedSeller.id, 2);
      expect(answer(await buy(reseller.v2, { product_id: inactive.id, quantity: 1 }))).toEqual(
        refused(409, "product_inactive", "This product is not active"),
      );

      // Stock before balance; both 409, nothing taken.
      const { product } = await buyableProduct({ price: 3000, count: 2 });
      expect(answer(await buy(reseller.v2, { product_id: product.id, quantity: 3 }))).toEqual(
        refused(409, "insufficient_stock", "Insufficient stock"),
      );
      expect(answer(await buy(reseller.v2, { product_id: product.id, quantity: 2 }))).toEqual(
        refused(409, "insufficient_balance", "Insufficient balance"),
      );
      expect(await stockOf(product.id)).toBe(2);
      expect(await balanceOf(reseller.id)).toBe(5000);
      expect((await ledgerOf(reseller.id)).length).toBe(1);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "refusals the purchase's transaction decides (category deactivated, seller blocked, seller's webhook removed) keep their codes and charge nothing",
    async () => {
      const reseller = await fundedReseller(5000);
      const table = requireEnv("TABLE_NAME");

      // The category is switched off after the product was published: 404, as for any non-public product.
      const category = await createPublicCategory();
      const inCategory = await publishProduct(
        (await h2hSeller()).seller,
        category,
        { price: 100, count: 5 },
        {
          sync: false,
        },
      );
      await createDocumentClient().send(
        new UpdateCommand({
          TableName: table,
          Key: keys.category(category),
          UpdateExpression: "SET #status = :inactive",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":inactive": "inactive" },
        }),
      );
      expect(answer(await buy(reseller.v2, { product_id: inCategory.id, quantity: 1 }))).toEqual(
        refused(404, "not_found", "Product not found"),
      );

      // The seller is blocked, with nothing else wrong: 409 product_inactive.
      const { seller: blockedSeller, product: ofBlocked } = await buyableProduct({ price: 100, count: 5 });
      await setSellerModeration(blockedSeller.id, 2);
      expect(answer(await buy(reseller.v2, { product_id: ofBlocked.id, quantity: 1 }))).toEqual(
        refused(409, "product_inactive", "This product is not active"),
      );

      // The seller removes their webhook and the product has none of its own: no longer H2H.
      const { seller: unhooked, product: manual } = await buyableProduct({ price: 100, count: 5 });
      await updateSellerProfile(unhooked.v1, { api_url: "" });
      expect(answer(await buy(reseller.v2, { product_id: manual.id, quantity: 1 }))).toEqual(
        refused(
          403,
          "h2h_disabled",
          "This product is not delivered automatically (H2H) and cannot be bought through the API",
        ),
      );

      for (const product of [inCategory, ofBlocked, manual]) expect(await stockOf(product.id)).toBe(5);
      expect(await balanceOf(reseller.id)).toBe(5000);
      expect((await ledgerOf(reseller.id)).length).toBe(1);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "applies the product's comment rules: length, HTML, control characters, required, the seller's pattern",
    async () => {
      const reseller = await fundedReseller(50_000);
      const { product } = await buyableProduct({ price: 100, count: 20 });
      const attempt = (comment: unknown) =>
        buy(reseller.v2, { product_id: product.id, quantity: 1, comment });
      expect(answer(await attempt("x".repeat(201)))).toEqual(
        commentError("invalid_comment", "Comment must be at most 200 characters"),
      );
      expect(answer(await attempt("<script>alert(1)</script>"))).toEqual(
        commentError("invalid_comment", "Comment must not contain HTML or script"),
      );
      expect(answer(await attempt("line\u0000break"))).toEqual(
        commentError("invalid_comment", "Comment must not contain control characters"),
      );
      expect(answer(await attempt("two\nlines"))).toEqual(
        commentError("invalid_comment", "Comment must not contain control characters"),
      );
      expect((await attempt("x".repeat(200))).status).toBe(201);
      expect((await attempt(undefined)).status).toBe(201);

      await productService().setFlags(product.id, { comment_status: 1 });
      for (const missing of [undefined, null, "", "   "]) {
        expect(answer(await attempt(missing))).toEqual(
          commentError("comment_required", "A comment is required for this product"),
        );
      }

      await productService().setFlags(product.id, { comment_regex: "[A-Z]{3}-\\d{4}" });
      const mismatch = commentError(
        "comment_regex_mismatch",
        "Comment does not match the format the seller requires",
      );
      expect(answer(await attempt("ABC-12345"))).toEqual(mismatch);
      expect(answer(await attempt("xABC-1234"))).toEqual(mismatch);
      const ok = await attempt("ABC-1234");
      expect(ok.status).toBe(201);
      const orderId = (ok.body as { data: { order_id: string } }).data.order_id;
      expect((await stores().orders.get(orderId))?.comment).toBe("ABC-1234");

      // A catastrophically backtracking pattern is cut off by its time budget, not left to hang the function.
      await productService().setFlags(product.id, { comment_regex: "(a+)+" });
      const started = Date.now();
      expect(answer(await attempt(`${"a".repeat(60)}!`))).toEqual(mismatch);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await attempt("aaaa")).status).toBe(201);
      expect(await stockOf(product.id)).toBe(16);
    },
    PUBLISHING_TIMEOUT,
  );
});

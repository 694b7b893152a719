import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { handler as payoutHandler } from "../../../../functions/v1-payouts/handler.js";
import { handler as productsHandler } from "../../../../functions/v1-products/handler.js";
import { handler as purchaseHandler } from "../../../../functions/v2-purchases/handler.js";
import { requireEnv } from "../../../../shared/config/environment.js";
import { accountAccess, accountService } from "../../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../../support/accounts.js";
import { buildContext, buildEvent, parseBody } from "../../../support/lambda-events.js";
import { balanceOf } from "../../../support/ledger.js";
import { stockOf } from "../../../support/orders.js";
import {
  createProduct,
  createTestCategory,
  tinyPng,
  uploadProductImage,
  validProductBody,
} from "../../../support/products.js";
import { buyableProduct, fundedReseller } from "../../../support/purchases.js";
import { recordedRounds } from "../../../support/recorded-rounds.js";
import { afterStandingCache } from "../../../support/standing-cache.js";

// Handlers called here run in the test's process with TOKEN_STATUS_CACHE_SECONDS=0: every request is its
// account's first in its container, the case a Lambda meets most, and its standing is read on every
// request. The gateway (fixtures over HTTP) remembers a standing for a second.

const CARD = "4111111111111111";

/** Calls a handler in-process, as Lambda does, with the rounds it sent to DynamoDB. */
const recorded = async (handler: typeof payoutHandler, options: Parameters<typeof buildEvent>[0]) => {
  const event = buildEvent({ contentType: "application/json", ...options });
  const { result, rounds } = await recordedRounds(() => handler(event, buildContext()));
  return { status: result.statusCode, body: parseBody(result), plan: rounds };
};

describe("the token's standing adds no round to an account's first request in a container", () => {
  it("POST /api/v1/payout is 2 rounds: the account beside the standing, then one debit transaction", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const token = await tokenFor(account.api_key, "v1");
    const answer = await recorded(payoutHandler, {
      routeKey: "POST /api/v1/payout",
      token,
      body: JSON.stringify({
        amount: 1000,
        payment_system: "card",
        wallet: CARD,
        cod: await generate({ secret: account.totp_secret }),
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.plan).toEqual(["GetItem+GetItem", "TransactWriteItems"]);
    expect(await balanceOf(account.seller_id)).toBe(4000);
  });

  it("POST /api/v2/buy is 2 rounds: the product beside the standing, then one purchase transaction", async () => {
    const { product } = await buyableProduct({ price: 500, count: 10 });
    const buyer = await fundedReseller(5000);
    const answer = await recorded(purchaseHandler, {
      routeKey: "POST /api/v2/buy",
      token: buyer.v2,
      body: JSON.stringify({ product_id: product.id, quantity: 1 }),
    });
    expect(answer.status).toBe(201);
    expect(answer.plan).toHaveLength(2);
    expect(answer.plan[0]?.split("+")).toContain("GetItem");
    expect(answer.plan[1]).toBe("TransactWriteItems");
    expect(await balanceOf(buyer.id)).toBe(4500);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("a write sent before the standing answered is refused by it: a revoked token's product is never created, and the answer is the 401 of any refused token", async () => {
    const account = await createTestAccount();
    const token = await tokenFor(account.api_key, "v1");
    const body = JSON.stringify(validProductBody(await createTestCategory()));
    await accountAccess().revokeTokens(account.seller_id);
    const answer = await recorded(productsHandler, { routeKey: "POST /api/v1/products", token, body });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 401,
      body: { status: "error", message: "Unauthorized" },
    });
    // The create went out at once, its transaction carrying the standing, and the standing refused it.
    expect(answer.plan).toEqual(["GetItem+TransactWriteItems"]);
    const list = await recorded(productsHandler, {
      routeKey: "GET /api/v1/products",
      token: await tokenFor(account.api_key, "v1"),
    });
    expect(list.body).toMatchObject({ status: "success", data: { products: [], pagination: { total: 0 } } });
  });

  it("an image upload of a revoked token stores no object: the upload waits for the standing, which an object cannot carry", async () => {
    const account = await createTestAccount();
    const token = await tokenFor(account.api_key, "v1");
    const productId = await createProduct(token, validProductBody(await createTestCategory()));
    await accountAccess().revokeTokens(account.seller_id);
    // The gateway read the standing for the product's creation: the upload must be the first after it.
    await afterStandingCache();
    const answer = await uploadProductImage(token, {
      id_product: productId,
      img: { bytes: tinyPng, type: "image/png", filename: "cover.png" },
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 401,
      body: { status: "error", message: "Unauthorized" },
    });
    const s3 = new S3Client({ forcePathStyle: true });
    try {
      const listed = await s3.send(
        new ListObjectsV2Command({ Bucket: requireEnv("IMAGE_BUCKET"), Prefix: `products/${productId}` }),
      );
      expect(listed.KeyCount ?? 0).toBe(0);
    } finally {
      s3.destroy();
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  listed,
  PUBLISHING_TIMEOUT,
  productNotFound,
  searchIds,
  sellerCatalogueIds,
  syncCatalogue,
  uniqueWord,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
import { runOps } from "../../support/ops-cli.js";
import { stockOf } from "../../support/orders.js";
import { buyableProduct, fundedReseller, v2Post } from "../../support/purchases.js";
import { settled } from "../../support/settled.js";

/** Runs an ops command that must succeed and returns what it printed. */
const ops = async (...args: string[]): Promise<unknown> => {
  const result = await runOps(args);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
};

describe("a blocked seller's products leave Reseller API v2", { timeout: PUBLISHING_TIMEOUT }, () => {
  it("vanish from search, the seller catalogue and the product page, cannot be bought or ordered, and return once unblocked", async () => {
    const word = uniqueWord();
    const [reader, { seller, product }] = await Promise.all([
      fundedReseller(5000),
      buyableProduct({ name: word, price: 1000, count: 5 }),
    ]);
    await syncCatalogue(product.id);
    const one = { page: 1, limit: 20, total: 1 };
    const none = { page: 1, limit: 20, total: 0 };
    const visible = async () => ({
      bySeller: await searchIds(reader.v2, { seller_id: String(seller.id) }),
      byWord: await searchIds(reader.v2, { q: word }),
      catalogue: await sellerCatalogueIds(reader.v2, seller.id),
      product: (await v2Get(reader.v2, `/api/v2/product/${product.id}`)).status,
    });
    const shown = {
      bySeller: listed([product.id], one),
      byWord: listed([product.id], one),
      catalogue: listed([product.id], one),
      product: 200,
    };
    expect(await settled(visible, shown)).toEqual(shown);

    expect(await ops("account", "block", String(seller.id))).toEqual({
      seller_id: seller.id,
      status_moderation: 2,
    });
    // Unlisted, not only hidden: the totals count it no more.
    expect(await searchIds(reader.v2, { seller_id: String(seller.id) })).toEqual(listed([], none));
    expect(await searchIds(reader.v2, { q: word })).toEqual(listed([], none));
    const catalogue = await v2Get(reader.v2, `/api/v2/products/${seller.id}`);
    expect({ status: catalogue.status, body: catalogue.body }).toEqual({
      status: 404,
      body: v2Error(404, "not_found", "Seller not found"),
    });
    const page = await v2Get(reader.v2, `/api/v2/product/${product.id}`);
    expect({ status: page.status, body: page.body }).toEqual({ status: 404, body: productNotFound });
    const buy = await v2Post(reader.v2, "/api/v2/buy", { product_id: product.id, quantity: 1 });
    expect({ status: buy.status, body: buy.body }).toEqual({
      status: 409,
      body: v2Error(409, "product_inactive", "This product is not active"),
    });
    const order = await runOps([
      "order",
      "create",
      "--product",
      product.id,
      "--quantity",
      "1",
      "--email",
      "b@example.com",
    ]);
    expect({ code: order.code, stdout: order.stdout, stderr: order.stderr }).toEqual({
      code: 1,
      stdout: "",
      stderr: `Product ${product.id} is not for sale\n`,
    });
    expect(await stockOf(product.id)).toBe(5);

    expect(await ops("account", "unblock", String(seller.id))).toEqual({
      seller_id: seller.id,
      status_moderation: 1,
    });
    expect(await visible()).toEqual(shown);
    const ordered = await runOps([
      "order",
      "create",
      "--product",
      product.id,
      "--quantity",
      "1",
      "--email",
      "b@example.com",
    ]);
    expect(ordered.code, ordered.stderr).toBe(0);
    expect(await stockOf(product.id)).toBe(4);
  });
});

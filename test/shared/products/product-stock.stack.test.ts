import { describe, expect, it } from "vitest";
import type { ImageStorage } from "../../../shared/images/image-storage.js";
import { createProductService } from "../../../shared/products/product-service.js";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { systemClock } from "../../../shared/time/clock.js";
import { sellerWithProduct, stockOf, stores } from "../../support/orders.js";

const noImages = (): ImageStorage => {
  throw new Error("no images in this test");
};

describe("stock changes by the seller", () => {
  it("keep a reservation made between the service's read and its write: the seller's count applies as a change", async () => {
    const { account, productId } = await sellerWithProduct({ count: 10 });
    const { products } = stores();
    const before = await products.get(productId);
    if (!before) throw new Error("product missing");
    // A buyer reserves 3 after the service has read the product (simulated by a store that reads stale).
    await orderService().createGuestOrder({ product_id: productId, quantity: 3, email: "race@example.com" });
    expect(await stockOf(productId)).toBe(7);
    const service = createProductService({
      store: { ...products, get: async () => before },
      images: noImages,
      now: systemClock,
    });
    await service.update(account.seller_id, productId, { count: 10, price: 1600 });
    // The seller re-sent the count they had read: no change, and the 3 reserved units stay taken.
    expect(await stockOf(productId)).toBe(7);
    await service.update(account.seller_id, productId, { count: 12 });
    expect(await stockOf(productId)).toBe(9);
    expect((await products.get(productId))?.price).toBe(1600);
  });

  it("never take stock below zero: a decrease larger than what is left after reservations is retried and refused", async () => {
    const { account, productId } = await sellerWithProduct({ count: 10 });
    const { products } = stores();
    const before = await products.get(productId);
    if (!before) throw new Error("product missing");
    await orderService().createGuestOrder({ product_id: productId, quantity: 5, email: "race2@example.com" });
    const service = createProductService({
      store: { ...products, get: async () => before },
      images: noImages,
      now: systemClock,
    });
    // Read 10, asked for 2: a decrease of 8 that only 5 units remain to cover.
    await expect(service.update(account.seller_id, productId, { count: 2 })).rejects.toThrow(
      "Product was changed by another request; try again",
    );
    expect(await stockOf(productId)).toBe(5);
  });
});

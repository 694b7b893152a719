import { describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { createProductRepository } from "../../../shared/products/product-repository.js";
import { createProductService } from "../../../shared/products/product-service.js";
import { productService } from "../../../shared/runtime/dependencies.js";
import { systemClock } from "../../../shared/time/clock.js";
import { createCountingClient } from "../../bench/read-counter.js";
import { createTestAccount } from "../../support/accounts.js";
import { stores } from "../../support/orders.js";
import { createTestCategory, tinyPng, validProductBody } from "../../support/products.js";

const counted = () => {
  const counting = createCountingClient();
  const service = createProductService({
    store: createProductRepository(counting.client, requireEnv("TABLE_NAME")),
    images: () => {
      throw new Error("no images here");
    },
    now: systemClock,
  });
  return { counting, service };
};

describe("product update round trips", () => {
  it("changes price, discount or api_url with one request and no read; content (back to pending) with a read and one transaction, which moves the status counts", async () => {
    const account = await createTestAccount();
    const category = await createTestCategory();
    const { id } = await productService().create(account.seller_id, validProductBody(category));
    const { counting, service } = counted();
    counting.reset();
    expect(await service.update(account.seller_id, id, { price: 999, discount: 5 })).toEqual({
      moderation: false,
    });
    expect(counting.tally().requests).toBe(1);
    counting.reset();
    expect(await service.update(account.seller_id, id, { meta_title: "New title" })).toEqual({
      moderation: true,
    });
    // The count of the status the product leaves is only known from the product: read it, then one write.
    expect(counting.tally().byOperation).toEqual({
      GetItem: { requests: 1, itemsRead: 1 },
      TransactWriteItems: { requests: 1, itemsRead: 0 },
    });
    expect(await stores().products.get(id)).toMatchObject({
      price: 999,
      discount: 5,
      meta_title: "New title",
      status_moderation: "pending",
    });
  });

  it("submission, image upload and the operator's decision each read the product once and write it with its counts in one transaction", async () => {
    const account = await createTestAccount();
    const category = await createTestCategory();
    const { id } = await productService().create(account.seller_id, validProductBody(category));
    const counting = createCountingClient();
    const service = createProductService({
      store: createProductRepository(counting.client, requireEnv("TABLE_NAME")),
      images: () => ({ put: async (key) => `https://img.example/${key}`, remove: async () => {} }),
      now: systemClock,
    });
    const oneReadOneTransaction = {
      GetItem: { requests: 1, itemsRead: 1 },
      TransactWriteItems: { requests: 1, itemsRead: 0 },
    };
    counting.reset();
    await service.uploadImage(account.seller_id, id, { bytes: tinyPng, truncated: false });
    expect(counting.tally().byOperation).toEqual(oneReadOneTransaction);
    counting.reset();
    await service.approve(id);
    expect(counting.tally().byOperation).toEqual(oneReadOneTransaction);
    counting.reset();
    await service.update(account.seller_id, id, { tags: "new,tags" });
    await service.reject(id, "Not yet");
    counting.reset();
    expect(await service.submit(account.seller_id, id)).toBe("pending");
    expect(counting.tally().byOperation).toEqual(oneReadOneTransaction);
  });

  it("refuses another seller's or an unknown product, and an inactive category, in that one request", async () => {
    const owner = await createTestAccount();
    const other = await createTestAccount();
    const category = await createTestCategory();
    const { id } = await productService().create(owner.seller_id, validProductBody(category));
    const { service } = counted();
    const messageOf = async (run: Promise<unknown>) => {
      try {
        await run;
      } catch (error) {
        if (error instanceof DomainError) return error.message;
        throw error;
      }
      return "no error";
    };
    expect(await messageOf(service.update(other.seller_id, id, { price: 1 }))).toBe(
      "Product not found or access denied",
    );
    expect(await messageOf(service.update(owner.seller_id, "01ARZ3NDEKTSV4RRFFQ69G5FAV", { price: 1 }))).toBe(
      "Product not found or access denied",
    );
    expect(await messageOf(service.update(owner.seller_id, id, { id_categories: 2_100_000_001 }))).toBe(
      "Invalid category id",
    );
    expect((await stores().products.get(id))?.price).toBe(1500);
  });
});

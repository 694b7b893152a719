import { beforeAll, describe, expect, it } from "vitest";
import { commentService, productService } from "../../../shared/runtime/dependencies.js";
import {
  blockedCategory,
  createBlockedCategory,
  createPublicCategory,
  createTestSeller,
  deleteProduct,
  type ListedIds,
  listed,
  PUBLISHING_TIMEOUT,
  productNotFound,
  publishProduct,
  queryString,
  searchIds,
  sellerCatalogueIds,
  syncCatalogue,
  type TestSeller,
  uniqueWord,
  updateProduct,
  uploadImage,
  v2Get,
} from "../../support/catalogue.js";
import { createProduct, validProductBody } from "../../support/products.js";
import { eventually } from "../../support/receiver.js";
import { settled } from "../../support/settled.js";

interface Summary {
  product_id: string;
  price: number;
  discounted_price: number;
  discount: number;
  count: number;
  available: boolean;
}

describe("Reseller API v2 shows only public products", { timeout: PUBLISHING_TIMEOUT }, () => {
  /** The reseller reading; never the seller under test, so nothing depends on who asks. */
  let reader: TestSeller;
  let category: number;

  beforeAll(async () => {
    [reader, category] = await Promise.all([createTestSeller(), createPublicCategory()]);
  }, PUBLISHING_TIMEOUT);

  /** What every list route says about one seller and one word: search by seller, by word, and the seller's catalogue. */
  const lists = async (sellerId: number, word: string) => ({
    bySeller: await searchIds(reader.v2, { seller_id: String(sellerId) }),
    byWord: await searchIds(reader.v2, { q: word }),
    catalogue: await sellerCatalogueIds(reader.v2, sellerId),
  });

  /** The same ids, in the same order, on all three lists. */
  const everywhere = (ids: readonly string[]) => {
    const meta = { page: 1, limit: 20, total: ids.length };
    return { bySeller: listed(ids, meta), byWord: listed(ids, meta), catalogue: listed(ids, meta) };
  };

  const productStatus = async (id: string) => {
    const response = await v2Get(reader.v2, `/api/v2/product/${id}`);
    return { status: response.status, body: response.body };
  };

  const commentStatus = async (id: string) => {
    const response = await v2Get(reader.v2, `/api/v2/comment/${id}`);
    return { status: response.status, body: response.body };
  };

  /**
   * After a forced sync that unlists or changes a product, the catalogue is right at once unless a stream
   * sync that read the product before the change is still finishing; give that a moment to be corrected.
   */
  const expectSettled = async <T>(read: () => Promise<T>, expected: T) =>
    expect(await settled(read, expected)).toEqual(expected);

  const notFound = { status: 404, body: productNotFound };
  const blocked = { status: 403, body: blockedCategory };

  const summaryOf = async (id: string, params: Record<string, string>): Promise<Summary | undefined> => {
    const response = await v2Get(reader.v2, `/api/v2/search${queryString(params)}`);
    return (response.body as { data: Summary[] }).data.find((p) => p.product_id === id);
  };

  describe("moderation states", () => {
    it("draft, pending and rejected products are on no list and GET /product and /comment are 404", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const draft = await createProduct(seller.v1, validProductBody(category, { name: `${word} draft` }));
      const pending = await createProduct(seller.v1, validProductBody(category, { name: `${word} pending` }));
      await uploadImage(seller.v1, pending);
      const rejected = await createProduct(
        seller.v1,
        validProductBody(category, { name: `${word} rejected` }),
      );
      await uploadImage(seller.v1, rejected);
      await productService().reject(rejected, "Blurry cover");
      const approved = await publishProduct(seller, category, { name: `${word} approved` });
      // Comments exist for the hidden ones too: the product's visibility decides, not the comments.
      for (const id of [draft, pending, rejected]) {
        await commentService().add({ product_id: id, rating: 4, text: "Hidden comment" });
      }
      await syncCatalogue(draft, pending, rejected);

      expect(await lists(seller.id, word)).toEqual(everywhere([approved.id]));
      for (const id of [draft, pending, rejected]) {
        expect(await productStatus(id), id).toStrictEqual(notFound);
        expect(await commentStatus(id), id).toStrictEqual(notFound);
      }
      expect((await productStatus(approved.id)).status).toBe(200);
    });

    it("a deleted product leaves every list and GET /product and /comment become 404", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const kept = await publishProduct(seller, category, { name: `${word} kept` });
      const doomed = await publishProduct(seller, category, { name: `${word} doomed` });
      expect(await lists(seller.id, word)).toEqual(everywhere([doomed.id, kept.id]));

      await deleteProduct(seller.v1, doomed.id);
      await syncCatalogue(doomed.id);

      await expectSettled(() => lists(seller.id, word), everywhere([kept.id]));
      expect(await productStatus(doomed.id)).toStrictEqual(notFound);
      expect(await commentStatus(doomed.id)).toStrictEqual(notFound);
    });

    it("a content update sends a product back to moderation, off every list; re-approval lists it under its new words", async () => {
      const seller = await createTestSeller();
      const oldWord = uniqueWord();
      const newWord = uniqueWord();
      const product = await publishProduct(seller, category, { name: `${oldWord} edition` });
      expect(await lists(seller.id, oldWord)).toEqual(everywhere([product.id]));

      await updateProduct(seller.v1, product.id, { name: `${newWord} edition` });
      await syncCatalogue(product.id);
      await expectSettled(() => lists(seller.id, oldWord), everywhere([]));
      await expectSettled(
        () => searchIds(reader.v2, { q: newWord }),
        listed([], { page: 1, limit: 20, total: 0 }),
      );
      expect(await productStatus(product.id)).toStrictEqual(notFound);

      await productService().approve(product.id);
      await syncCatalogue(product.id);
      await expectSettled(() => lists(seller.id, newWord), everywhere([product.id]));
      await expectSettled(
        () => searchIds(reader.v2, { q: oldWord }),
        listed([], { page: 1, limit: 20, total: 0 }),
      );
      expect((await productStatus(product.id)).status).toBe(200);
    });

    it("a description-only content update also sends it back to moderation and off the lists", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const product = await publishProduct(seller, category, { name: `${word} stable name` });
      await updateProduct(seller.v1, product.id, { meta_description: "A changed description" });
      await syncCatalogue(product.id);
      await expectSettled(() => lists(seller.id, word), everywhere([]));
      expect(await productStatus(product.id)).toStrictEqual(notFound);
    });

    it("price, discount and count updates keep a product listed, and search uses the new discounted price", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const product = await publishProduct(seller, category, {
        name: `${word} repriced`,
        price: 1000,
        count: 4,
      });
      await updateProduct(seller.v1, product.id, { price: 2000, discount: 40, count: 9 });
      await syncCatalogue(product.id);

      expect(await lists(seller.id, word)).toEqual(everywhere([product.id]));
      const byNewPrice = { seller_id: String(seller.id), min_price: "1200", max_price: "1200" };
      await expectSettled(
        () => searchIds(reader.v2, byNewPrice),
        listed([product.id], { page: 1, limit: 20, total: 1 }),
      );
      await expectSettled(
        () => searchIds(reader.v2, { seller_id: String(seller.id), min_price: "1000", max_price: "1000" }),
        listed([], { page: 1, limit: 20, total: 0 }),
      );
      expect(await summaryOf(product.id, byNewPrice)).toMatchObject({
        price: 2000,
        discount: 40,
        discounted_price: 1200,
        count: 9,
        available: true,
      });
    });
  });

  describe("blocked categories", () => {
    let seller: TestSeller;
    let word: string;
    let blockedId: number;
    let hidden: string;
    let control: string;

    beforeAll(async () => {
      seller = await createTestSeller();
      word = uniqueWord();
      blockedId = await createBlockedCategory();
      hidden = (await publishProduct(seller, blockedId, { name: `${word} gift card` })).id;
      control = (await publishProduct(seller, category, { name: `${word} game key` })).id;
      await commentService().add({ product_id: hidden, rating: 5, text: "Great card" });
    }, PUBLISHING_TIMEOUT);

    it("an approved product in a 700… category is on no list", async () => {
      expect(await lists(seller.id, word)).toEqual(everywhere([control]));
      expect(await searchIds(reader.v2, { q: `${word} gift` })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
      expect(await searchIds(reader.v2, { seller_id: String(seller.id), availability: "in_stock" })).toEqual(
        listed([control], { page: 1, limit: 20, total: 1 }),
      );
      expect(await searchIds(reader.v2, { seller_id: String(seller.id), sort: "price" })).toEqual(
        listed([control], { page: 1, limit: 20, total: 1 }),
      );
    });

    it("GET /product and GET /comment of it are 403 blocked_category", async () => {
      expect(await productStatus(hidden)).toStrictEqual(blocked);
      expect(await commentStatus(hidden)).toStrictEqual(blocked);
    });

    it("searching its category is 403 blocked_category", async () => {
      const response = await v2Get(reader.v2, `/api/v2/search?category_id=${blockedId}`);
      expect({ status: response.status, body: response.body }).toStrictEqual(blocked);
    });

    it("a product in a 700… category that is not approved is simply not found", async () => {
      const pending = await createProduct(seller.v1, validProductBody(blockedId));
      await uploadImage(seller.v1, pending);
      await syncCatalogue(pending);
      expect(await productStatus(pending)).toStrictEqual(notFound);
      expect(await commentStatus(pending)).toStrictEqual(notFound);
    });

    it("moving an approved product into a 700… category (re-approved) takes it off every list", async () => {
      const mover = await createTestSeller();
      const moverWord = uniqueWord();
      const product = await publishProduct(mover, category, { name: `${moverWord} mover` });
      await updateProduct(mover.v1, product.id, { id_categories: blockedId });
      await productService().approve(product.id);
      await syncCatalogue(product.id);
      await expectSettled(() => lists(mover.id, moverWord), everywhere([]));
      expect(await productStatus(product.id)).toStrictEqual(blocked);
    });
  });

  describe("stock", () => {
    it("stock 0 shows available: false and is left out by availability=in_stock; restocking brings it back", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const product = await publishProduct(seller, category, { name: `${word} sold out`, count: 0 });
      const bySeller = { seller_id: String(seller.id) };
      const inStock = { ...bySeller, availability: "in_stock" };

      expect(await searchIds(reader.v2, bySeller)).toEqual(
        listed([product.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await searchIds(reader.v2, inStock)).toEqual(listed([], { page: 1, limit: 20, total: 0 }));
      expect(await searchIds(reader.v2, { q: word, availability: "in_stock" })).toEqual(
        listed([], { page: 1, limit: 20, total: 0 }),
      );
      expect(await summaryOf(product.id, bySeller)).toMatchObject({ count: 0, available: false });
      const detail = await v2Get(reader.v2, `/api/v2/product/${product.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ ok: true, data: { count: 0, available: false } });

      await updateProduct(seller.v1, product.id, { count: 3 });
      await syncCatalogue(product.id);
      await expectSettled(
        () => searchIds(reader.v2, inStock),
        listed([product.id], { page: 1, limit: 20, total: 1 }),
      );
      expect(await summaryOf(product.id, inStock)).toMatchObject({ count: 3, available: true });

      await updateProduct(seller.v1, product.id, { count: 0 });
      await syncCatalogue(product.id);
      await expectSettled(() => searchIds(reader.v2, inStock), listed([], { page: 1, limit: 20, total: 0 }));
      expect(await searchIds(reader.v2, bySeller)).toEqual(
        listed([product.id], { page: 1, limit: 20, total: 1 }),
      );
    });
  });

  describe("through the table's stream alone (no forced sync)", () => {
    const waitFor = (read: () => Promise<unknown>, expected: unknown) =>
      eventually(read, (value) => JSON.stringify(value) === JSON.stringify(expected));

    it("approval lists a product on every list", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const id = await createProduct(seller.v1, validProductBody(category, { name: `${word} streamed` }));
      await uploadImage(seller.v1, id);
      await productService().approve(id);

      const expected = everywhere([id]);
      expect(await waitFor(() => lists(seller.id, word), expected)).toEqual(expected);
    });

    it("a content update unlists a product, re-approval lists it again, and deletion unlists it", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const id = await createProduct(seller.v1, validProductBody(category, { name: `${word} streamed` }));
      await uploadImage(seller.v1, id);
      await productService().approve(id);
      const shown = everywhere([id]);
      const gone = everywhere([]);
      expect(await waitFor(() => lists(seller.id, word), shown)).toEqual(shown);

      await updateProduct(seller.v1, id, { text_page: "A rewritten page for the streamed product." });
      expect(await waitFor(() => lists(seller.id, word), gone)).toEqual(gone);

      await productService().approve(id);
      expect(await waitFor(() => lists(seller.id, word), shown)).toEqual(shown);

      await deleteProduct(seller.v1, id);
      expect(await waitFor(() => lists(seller.id, word), gone)).toEqual(gone);
    });

    it("a stock change reaches availability=in_stock", async () => {
      const seller = await createTestSeller();
      const word = uniqueWord();
      const id = await createProduct(
        seller.v1,
        validProductBody(category, { name: `${word} stocked`, count: 2 }),
      );
      await uploadImage(seller.v1, id);
      await productService().approve(id);
      const inStock = () => searchIds(reader.v2, { q: word, availability: "in_stock" });
      const some: ListedIds = listed([id], { page: 1, limit: 20, total: 1 });
      const none: ListedIds = listed([], { page: 1, limit: 20, total: 0 });
      expect(await waitFor(inStock, some)).toEqual(some);

      await updateProduct(seller.v1, id, { count: 0 });
      expect(await waitFor(inStock, none)).toEqual(none);
    });
  });
});

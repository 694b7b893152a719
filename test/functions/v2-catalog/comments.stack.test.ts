import { beforeAll, describe, expect, it } from "vitest";
import type { CommentRecord } from "../../../shared/comments/comment.js";
import { newId } from "../../../shared/ids/ids.js";
import { commentService, productService } from "../../../shared/runtime/dependencies.js";
import {
  blockedCategory,
  createBlockedCategory,
  createPublicCategory,
  createTestSeller,
  deleteProduct,
  invalidParameter,
  PUBLISHING_TIMEOUT,
  productNotFound,
  publishProduct,
  queryString,
  syncCatalogue,
  type TestSeller,
  tick,
  unauthorized,
  updateProduct,
  uploadImage,
  v2Get,
} from "../../support/catalogue.js";
import { createProduct, validProductBody } from "../../support/products.js";

/** A comment as GET /comment shows it. */
const shown = (comment: CommentRecord) => ({
  rating: comment.rating,
  text: comment.text,
  created_at: comment.created_at,
});

/** Adds comments one after another, a few milliseconds apart so their times differ; returns them oldest first. */
const addComments = async (
  productId: string,
  comments: readonly { rating: number; text: string }[],
): Promise<CommentRecord[]> => {
  const added: CommentRecord[] = [];
  for (const comment of comments) {
    added.push(await commentService().add({ product_id: productId, ...comment }));
    await tick();
  }
  return added;
};

describe("GET /api/v2/comment/{product_id}", { timeout: PUBLISHING_TIMEOUT }, () => {
  let reader: TestSeller;
  let seller: TestSeller;
  let category: number;
  let productId: string;
  /** Oldest first. */
  let comments: CommentRecord[];

  beforeAll(async () => {
    [reader, seller, category] = await Promise.all([
      createTestSeller(),
      createTestSeller(),
      createPublicCategory(),
    ]);
    productId = (await publishProduct(seller, category)).id;
    comments = await addComments(productId, [
      { rating: 5, text: "Worked instantly" },
      { rating: 3, text: "Took a while\nbut arrived" },
      { rating: 1, text: "Wrong region" },
    ]);
  }, PUBLISHING_TIMEOUT);

  const list = async (id: string, params: Record<string, string> = {}) => {
    const response = await v2Get(reader.v2, `/api/v2/comment/${id}${queryString(params)}`);
    return { status: response.status, body: response.body };
  };

  it("lists a product's comments newest first as {rating, text, created_at}, with page, limit and total", async () => {
    const [first, second, third] = comments.map(shown);
    expect(await list(productId)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [third, second, first], meta: { page: 1, limit: 20, total: 3 } },
    });
  });

  it("pages: page 1, the last, and beyond the last keep the total", async () => {
    const [first, second, third] = comments.map(shown);
    expect(await list(productId, { limit: "2" })).toStrictEqual({
      status: 200,
      body: { ok: true, data: [third, second], meta: { page: 1, limit: 2, total: 3 } },
    });
    expect(await list(productId, { limit: "2", page: "2" })).toStrictEqual({
      status: 200,
      body: { ok: true, data: [first], meta: { page: 2, limit: 2, total: 3 } },
    });
    expect(await list(productId, { limit: "2", page: "3" })).toStrictEqual({
      status: 200,
      body: { ok: true, data: [], meta: { page: 3, limit: 2, total: 3 } },
    });
    expect(await list(productId, { limit: "1", page: "2" })).toStrictEqual({
      status: 200,
      body: { ok: true, data: [second], meta: { page: 2, limit: 1, total: 3 } },
    });
  });

  it("a public product without comments has an empty list with total 0", async () => {
    const bare = await publishProduct(seller, category);
    expect(await list(bare.id)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [], meta: { page: 1, limit: 20, total: 0 } },
    });
  });

  it("a new comment comes first and counts in the total; other products' comments never show", async () => {
    const other = await publishProduct(seller, category);
    const [otherComment] = await addComments(other.id, [{ rating: 4, text: "Other product" }]);
    if (!otherComment) throw new Error("no comment added");
    const [newest] = await addComments(other.id, [{ rating: 2, text: "Even newer" }]);
    if (!newest) throw new Error("no comment added");
    expect(await list(other.id)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [shown(newest), shown(otherComment)], meta: { page: 1, limit: 20, total: 2 } },
    });
    expect((await list(productId)).body).toMatchObject({ meta: { total: 3 } });
  });

  it("comments stay with a product while it is back in moderation, hidden (404), and show again once re-approved", async () => {
    const product = await publishProduct(seller, category);
    const [comment] = await addComments(product.id, [{ rating: 5, text: "Kept through moderation" }]);
    if (!comment) throw new Error("no comment added");
    await updateProduct(seller.v1, product.id, { meta_title: "A new title" });
    await syncCatalogue(product.id);
    expect(await list(product.id)).toStrictEqual({ status: 404, body: productNotFound });

    await productService().approve(product.id);
    expect(await list(product.id)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [shown(comment)], meta: { page: 1, limit: 20, total: 1 } },
    });
  });

  it("draft, pending, rejected, deleted, unknown and malformed products are 404 Product not found, even with comments", async () => {
    const draft = await createProduct(seller.v1, validProductBody(category));
    const pending = await createProduct(seller.v1, validProductBody(category));
    await uploadImage(seller.v1, pending);
    const rejected = await createProduct(seller.v1, validProductBody(category));
    await uploadImage(seller.v1, rejected);
    await productService().reject(rejected, "Blurry cover");
    const deleted = (await publishProduct(seller, category)).id;
    for (const id of [draft, pending, rejected, deleted]) {
      await commentService().add({ product_id: id, rating: 3, text: "Should stay hidden" });
    }
    await deleteProduct(seller.v1, deleted);
    await syncCatalogue(deleted);

    for (const id of [draft, pending, rejected, deleted, newId(), "not-an-id"]) {
      expect(await list(id), id).toStrictEqual({ status: 404, body: productNotFound });
    }
  });

  it("a product in a category whose id starts with 700 is 403 blocked_category, even with comments", async () => {
    const product = await publishProduct(seller, await createBlockedCategory());
    await commentService().add({ product_id: product.id, rating: 5, text: "Great card" });
    expect(await list(product.id)).toStrictEqual({ status: 403, body: blockedCategory });
  });

  it("bad paging or an unknown parameter is 422 naming it", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ page: "0" }, "page", "page must be a whole number from 1 to 10000"],
      [{ page: "two" }, "page", "page must be a whole number from 1 to 10000"],
      [{ limit: "0" }, "limit", "limit must be a whole number from 1 to 100"],
      [{ limit: "101" }, "limit", "limit must be a whole number from 1 to 100"],
      [{ sort: "newest" }, "sort", "Parameter 'sort' is not allowed"],
    ];
    for (const [params, field, message] of cases) {
      expect(await list(productId, params), JSON.stringify(params)).toStrictEqual({
        status: 422,
        body: invalidParameter(field, message),
      });
    }
  });

  it("needs a v2 token", async () => {
    for (const bearer of [undefined, seller.v1, "garbage"]) {
      const response = await v2Get(bearer, `/api/v2/comment/${productId}`);
      expect({ status: response.status, body: response.body }).toStrictEqual({
        status: 401,
        body: unauthorized,
      });
    }
  });
});

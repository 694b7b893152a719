import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { createCategoryRepository } from "../../../shared/categories/category-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { newId } from "../../../shared/ids/ids.js";
import { productService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { runOps } from "../../support/ops-cli.js";
import {
  createProduct,
  createTestCategory,
  jsonHeaders,
  tinyPng,
  uploadProductImage,
  validProductBody,
} from "../../support/products.js";

/** GET /products/info data.product. */
interface ProductInfo {
  readonly id: string;
  readonly name: string;
  readonly price: number;
  readonly count: number;
  readonly discount: number;
  readonly uuid: string;
  readonly status_moderation: string;
  readonly created_at: string;
  readonly rejection_reason?: string;
}

/** GET /products data. */
interface ProductList {
  readonly products: {
    readonly id: string;
    readonly name: string;
    readonly price: number;
    readonly count: number;
    readonly status_moderation: string;
  }[];
  readonly pagination: { readonly total: number; readonly page: number; readonly limit: number };
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A 1×1 GIF: a second real image whose bytes differ from tinyPng. */
const tinyGif = Buffer.from(
  "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b",
  "hex",
);

const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

const post = (token: string, path: string, body: unknown): Promise<JsonResponse> =>
  request("POST", `/api/v1${path}`, { headers: jsonHeaders(token), body: JSON.stringify(body) });

const createRaw = (token: string, body: Record<string, unknown>) => post(token, "/products", body);

const update = (token: string, id: string, body: Record<string, unknown>) =>
  post(token, `/products/update/${id}`, body);

const remove = (token: string, id: string) =>
  request("DELETE", `/api/v1/products/${id}`, { headers: bearer(token) });

const getInfo = (token: string, id: string) =>
  request("GET", `/api/v1/products/info/${id}`, { headers: bearer(token) });

const submit = (token: string, id: string) => post(token, "/products/moderation", { id_product: id });

const info = async (token: string, id: string): Promise<ProductInfo> => {
  const response = await getInfo(token, id);
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: { product: ProductInfo } }).data.product;
};

const list = async (token: string, query = ""): Promise<ProductList> => {
  const response = await request("GET", `/api/v1/products${query}`, { headers: bearer(token) });
  expect(response.status, response.text).toBe(200);
  expect(Object.keys(response.body as object)).toEqual(["status", "data"]);
  return (response.body as { data: ProductList }).data;
};

const error = (message: string) => ({ status: "error", message });

const updated = (moderation: boolean) => ({
  status: "success",
  data: { message: "Product updated", moderation },
});

/** An active-looking id in a range no test creates, so it names no category. */
const unknownCategoryId = () => 2_100_000_000 + Math.floor(Math.random() * 40_000_000);

/** Writes an inactive category straight into the table: the operator CLI only creates active ones. */
const createInactiveCategory = async (): Promise<number> => {
  const id = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const repository = createCategoryRepository(createDocumentClient(), requireEnv("TABLE_NAME"));
  const created = await repository.create({
    id,
    name: `Inactive ${id}`,
    slug: `inactive-${id}`,
    status: "inactive",
  });
  if (!created) throw new Error(`inactive category ${id} already exists`);
  return id;
};

const fetchBytes = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

let token: string;
let categoryId: number;
let otherCategoryId: number;

beforeAll(async () => {
  const account = await createTestAccount();
  token = await tokenFor(account.api_key, "v1");
  categoryId = await createTestCategory();
  otherCategoryId = await createTestCategory();
});

describe("POST /api/v1/products", () => {
  it("creates a product and answers 200 with 'Product created' and a 26-character ULID id", async () => {
    const response = await createRaw(token, validProductBody(categoryId));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product created", id: expect.stringMatching(ULID) },
    });
    const { id } = (response.body as { data: { id: string } }).data;
    expect(id).toHaveLength(26);
  });

  it("starts a new product as draft; info has the spec's fields, discount 0 by default, created_at as YYYY-MM-DD HH:MM:SS, and (extension) the rest of what the seller wrote, with no image yet", async () => {
    const body = validProductBody(categoryId, { price: 2500, count: 7 });
    const before = Date.now();
    const id = await createProduct(token, body);
    const response = await getInfo(token, id);
    expect(response.status).toBe(200);
    expect(response.body).toStrictEqual({
      status: "success",
      data: {
        product: {
          id,
          name: body.name,
          price: 2500,
          count: 7,
          discount: 0,
          uuid: body.uuid,
          status_moderation: "draft",
          created_at: expect.stringMatching(DATE_TIME),
          id_categories: categoryId,
          meta_title: body.meta_title,
          meta_description: body.meta_description,
          tags: body.tags,
          text_page: body.text_page,
          features: body.features,
          api_url: "",
          img: "",
        },
      },
    });
    const product = (response.body as { data: { product: ProductInfo } }).data.product;
    const createdAt = Date.parse(`${product.created_at.replace(" ", "T")}Z`);
    expect(createdAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
  });

  it("keeps a discount given at creation", async () => {
    const id = await createProduct(token, validProductBody(categoryId, { discount: 15 }));
    expect((await info(token, id)).discount).toBe(15);
  });

  it("refuses a uuid the same seller already uses with 409 'Product with this UUID already exists' and creates nothing", async () => {
    const first = validProductBody(categoryId);
    await createProduct(token, first);
    const duplicate = validProductBody(categoryId, { uuid: first.uuid });
    const response = await createRaw(token, duplicate);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(error("Product with this UUID already exists"));
    // The refused product left no name guard behind: its name is still free.
    const retry = await createRaw(token, validProductBody(categoryId, { name: duplicate.name }));
    expect(retry.status).toBe(200);
  });

  it("refuses a name the same seller already uses with 409 'Product with this name already exists', also when it differs only in case or surrounding spaces", async () => {
    const first = validProductBody(categoryId);
    await createProduct(token, first);
    for (const name of [
      first.name,
      first.name.toUpperCase(),
      first.name.toLowerCase(),
      `  ${first.name}  `,
    ]) {
      const response = await createRaw(token, validProductBody(categoryId, { name }));
      expect(response.status, name).toBe(409);
      expect(response.body).toEqual(error("Product with this name already exists"));
    }
    const search = await list(token, `?search=${encodeURIComponent(first.name)}`);
    expect(search.pagination.total).toBe(1);
  });

  it("lets another seller use the same name and uuid", async () => {
    const body = validProductBody(categoryId);
    await createProduct(token, body);
    const other = await createTestAccount();
    const otherToken = await tokenFor(other.api_key, "v1");
    const response = await createRaw(otherToken, { ...body });
    expect(response.status).toBe(200);
    const id = (response.body as { data: { id: string } }).data.id;
    const product = await info(otherToken, id);
    expect(product.name).toBe(body.name);
    expect(product.uuid).toBe(body.uuid);
  });

  it("refuses an unknown category with 400 'Invalid category id'", async () => {
    const response = await createRaw(token, validProductBody(unknownCategoryId()));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error("Invalid category id"));
  });

  it("refuses an inactive category with 400 'Invalid category id'", async () => {
    const inactive = await createInactiveCategory();
    const body = validProductBody(inactive);
    const response = await createRaw(token, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error("Invalid category id"));
    // Nothing was kept: the same name and uuid work with an active category.
    expect((await createRaw(token, { ...body, id_categories: categoryId })).status).toBe(200);
  });
});

describe("POST /api/v1/products/update/{id}", () => {
  it("updates price, discount, count, api_key and api_url without moderation and keeps the status", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const changes: Record<string, unknown>[] = [
      { price: 999 },
      { discount: 10 },
      { count: 0 },
      { api_key: "product-integration-key" },
      { api_url: "https://seller.example.com/hook" },
    ];
    for (const change of changes) {
      const response = await update(token, id, change);
      expect(response.status, JSON.stringify(change)).toBe(200);
      expect(response.body).toEqual(updated(false));
      expect((await info(token, id)).status_moderation).toBe("draft");
    }
    const product = await info(token, id);
    expect(product.price).toBe(999);
    expect(product.discount).toBe(10);
    expect(product.count).toBe(0);
  });

  it("sends the product to moderation (moderation true, status pending) for each content field", async () => {
    const changes: Record<string, unknown>[] = [
      { name: `Renamed ${newId()}` },
      { meta_title: "A new SEO title" },
      { meta_description: "A new SEO description" },
      { tags: "new,tags" },
      { text_page: "A completely new full description." },
      { uuid: `uuid-${newId()}` },
      { features: "fast,cheap,safe" },
      { id_categories: otherCategoryId },
    ];
    for (const change of changes) {
      const id = await createProduct(token, validProductBody(categoryId));
      const response = await update(token, id, change);
      expect(response.status, JSON.stringify(change)).toBe(200);
      expect(response.body).toEqual(updated(true));
      expect((await info(token, id)).status_moderation, JSON.stringify(change)).toBe("pending");
    }
  });

  it("shows the new name and uuid in info after a content update", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const name = `Renamed ${newId()}`;
    const uuid = `uuid-${newId()}`;
    expect((await update(token, id, { name, uuid })).body).toEqual(updated(true));
    const product = await info(token, id);
    expect(product.name).toBe(name);
    expect(product.uuid).toBe(uuid);
  });

  it("refuses renaming to another own product's name with 409 'Product with this name already exists' and changes nothing", async () => {
    const first = validProductBody(categoryId);
    await createProduct(token, first);
    const id = await createProduct(token, validProductBody(categoryId));
    const before = await info(token, id);
    for (const name of [first.name, first.name.toUpperCase()]) {
      const response = await update(token, id, { name, price: 1 });
      expect(response.status, name).toBe(409);
      expect(response.body).toEqual(error("Product with this name already exists"));
    }
    expect(await info(token, id)).toStrictEqual(before);
  });

  it("frees the old name after a rename and takes the new one", async () => {
    const body = validProductBody(categoryId);
    const id = await createProduct(token, body);
    const newName = `Renamed ${newId()}`;
    expect((await update(token, id, { name: newName })).status).toBe(200);
    const reuseOld = await createRaw(token, validProductBody(categoryId, { name: body.name }));
    expect(reuseOld.status).toBe(200);
    const takeNew = await createRaw(token, validProductBody(categoryId, { name: newName }));
    expect(takeNew.status).toBe(409);
    expect(takeNew.body).toEqual(error("Product with this name already exists"));
  });

  it("refuses changing the uuid to another own product's uuid with 409 'UUID already exists' and changes nothing", async () => {
    const first = validProductBody(categoryId);
    await createProduct(token, first);
    const id = await createProduct(token, validProductBody(categoryId));
    const before = await info(token, id);
    const response = await update(token, id, { uuid: first.uuid, count: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(error("UUID already exists"));
    expect(await info(token, id)).toStrictEqual(before);
  });

  it("frees the old uuid after a uuid change and takes the new one", async () => {
    const body = validProductBody(categoryId);
    const id = await createProduct(token, body);
    const newUuid = `uuid-${newId()}`;
    expect((await update(token, id, { uuid: newUuid })).status).toBe(200);
    const reuseOld = await createRaw(token, validProductBody(categoryId, { uuid: body.uuid }));
    expect(reuseOld.status).toBe(200);
    const takeNew = await createRaw(token, validProductBody(categoryId, { uuid: newUuid }));
    expect(takeNew.status).toBe(409);
    expect(takeNew.body).toEqual(error("Product with this UUID already exists"));
  });

  it("refuses moving the product to an inactive category with 400 'Invalid category id'", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const before = await info(token, id);
    const response = await update(token, id, { id_categories: await createInactiveCategory() });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error("Invalid category id"));
    expect(await info(token, id)).toStrictEqual(before);
  });

  it("answers an unknown id with 404 'Product not found or access denied'", async () => {
    for (const id of [newId(), "not-a-product-id"]) {
      const response = await update(token, id, { price: 100 });
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual(error("Product not found or access denied"));
    }
  });

  it("answers an empty update with 400 'No fields to update'", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const response = await update(token, id, {});
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error("No fields to update"));
  });

  it("answers a price out of range with 400 'Invalid price'", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const response = await update(token, id, { price: 0 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error("Invalid price"));
    expect((await info(token, id)).price).toBe(1500);
  });
});

describe("DELETE /api/v1/products/{id}", () => {
  it("deletes a product for good: 'Product deleted', then info and a second delete answer 404 'Product not found'", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const response = await remove(token, id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "success", data: { message: "Product deleted" } });
    const afterInfo = await getInfo(token, id);
    expect(afterInfo.status).toBe(404);
    expect(afterInfo.body).toEqual(error("Product not found"));
    const again = await remove(token, id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(error("Product not found"));
  });

  it("frees the deleted product's name and uuid for a new product", async () => {
    const body = validProductBody(categoryId);
    const id = await createProduct(token, body);
    expect((await remove(token, id)).status).toBe(200);
    const response = await createRaw(token, { ...body });
    expect(response.status).toBe(200);
  });

  it("removes the deleted product's image from storage", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const upload = await uploadProductImage(token, {
      id_product: id,
      img: { bytes: tinyPng, type: "image/png" },
    });
    const url = (upload.body as { data: { url: string } }).data.url;
    expect((await fetchBytes(url)).status).toBe(200);
    expect((await remove(token, id)).status).toBe(200);
    expect((await fetchBytes(url)).status).toBe(404);
  });

  it("answers an unknown id with 404 'Product not found'", async () => {
    for (const id of [newId(), "not-a-product-id"]) {
      const response = await remove(token, id);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual(error("Product not found"));
    }
  });
});

describe("GET /api/v1/products/info/{id}", () => {
  it("answers an unknown id with 404 'Product not found'", async () => {
    for (const id of [newId(), "not-a-product-id"]) {
      const response = await getInfo(token, id);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual(error("Product not found"));
    }
  });
});

describe("GET /api/v1/products", () => {
  let listToken: string;
  let catA: number;
  let catB: number;
  /** Products of a fresh seller, in creation order: [p1, …, p5]. */
  const ids: string[] = [];
  const names: string[] = [];

  beforeAll(async () => {
    const account = await createTestAccount();
    listToken = await tokenFor(account.api_key, "v1");
    catA = await createTestCategory();
    catB = await createTestCategory();
    const unique = newId();
    const plan: [string, number][] = [
      [`Alpha ${unique}`, catA],
      [`Elden Ring key ${unique}`, catA],
      [`Bravo ${unique}`, catB],
      [`elden ring deluxe ${unique}`, catB],
      [`Charlie ${unique}`, catB],
    ];
    for (const [index, [name, category]] of plan.entries()) {
      names.push(name);
      ids.push(
        await createProduct(
          listToken,
          validProductBody(category, { name, price: 100 + index, count: index }),
        ),
      );
    }
    // p1 and p4 pending, p2 approved, p3 and p5 draft.
    for (const id of [ids[0], ids[1], ids[3]]) {
      const response = await update(listToken, String(id), { meta_title: "Under review" });
      expect(response.status).toBe(200);
    }
    // Approval needs an image; the upload leaves p2 pending, as it already was.
    const image = await uploadProductImage(listToken, {
      id_product: String(ids[1]),
      img: { bytes: tinyPng, type: "image/png" },
    });
    expect(image.status).toBe(200);
    await productService().approve(String(ids[1]));
    // Another seller's matching product must never show up.
    await createProduct(token, validProductBody(catA, { name: `Elden Ring key ${unique}` }));
  });

  const item = (index: number, status: string) => ({
    id: ids[index],
    name: names[index],
    price: 100 + index,
    count: index,
    status_moderation: status,
  });
  const p1 = () => item(0, "pending");
  const p2 = () => item(1, "approved");
  const p3 = () => item(2, "draft");
  const p4 = () => item(3, "pending");
  const p5 = () => item(4, "draft");

  it("lists only the caller's own products, newest first, with defaults page 1 and limit 20; items have exactly id, name, price, count, status_moderation", async () => {
    const data = await list(listToken);
    expect(data).toStrictEqual({
      products: [p5(), p4(), p3(), p2(), p1()],
      pagination: { total: 5, page: 1, limit: 20 },
    });
  });

  it("pages with limit=2 over five products: pages 1, 2, 3 and an empty page 4, total 5 on each", async () => {
    expect(await list(listToken, "?limit=2&page=1")).toStrictEqual({
      products: [p5(), p4()],
      pagination: { total: 5, page: 1, limit: 2 },
    });
    expect(await list(listToken, "?limit=2&page=2")).toStrictEqual({
      products: [p3(), p2()],
      pagination: { total: 5, page: 2, limit: 2 },
    });
    expect(await list(listToken, "?limit=2&page=3")).toStrictEqual({
      products: [p1()],
      pagination: { total: 5, page: 3, limit: 2 },
    });
    expect(await list(listToken, "?limit=2&page=4")).toStrictEqual({
      products: [],
      pagination: { total: 5, page: 4, limit: 2 },
    });
  });

  it("filters by status draft, pending and approved", async () => {
    expect(await list(listToken, "?status=draft")).toStrictEqual({
      products: [p5(), p3()],
      pagination: { total: 2, page: 1, limit: 20 },
    });
    expect(await list(listToken, "?status=pending")).toStrictEqual({
      products: [p4(), p1()],
      pagination: { total: 2, page: 1, limit: 20 },
    });
    expect(await list(listToken, "?status=approved")).toStrictEqual({
      products: [p2()],
      pagination: { total: 1, page: 1, limit: 20 },
    });
  });

  it("filters by category id", async () => {
    expect(await list(listToken, `?category=${catB}`)).toStrictEqual({
      products: [p5(), p4(), p3()],
      pagination: { total: 3, page: 1, limit: 20 },
    });
  });

  it("searches names by word starts, case-insensitively ('ELDEN' and 'ring KEY' find 'Elden Ring key'; 'lden' and 'elden key' find nothing)", async () => {
    expect(await list(listToken, "?search=ELDEN")).toStrictEqual({
      products: [p4(), p2()],
      pagination: { total: 2, page: 1, limit: 20 },
    });
    expect(await list(listToken, "?search=ring%20KEY")).toStrictEqual({
      products: [p2()],
      pagination: { total: 1, page: 1, limit: 20 },
    });
    expect(await list(listToken, "?search=RING-de")).toStrictEqual({
      products: [p4()],
      pagination: { total: 1, page: 1, limit: 20 },
    });
    for (const search of ["lden", "elden%20key", "ring%20key%20deluxe"])
      expect(await list(listToken, `?search=${search}`), search).toStrictEqual({
        products: [],
        pagination: { total: 0, page: 1, limit: 20 },
      });
  });

  it("combines status, category, search and paging filters", async () => {
    expect(await list(listToken, `?status=pending&category=${catB}&search=elden`)).toStrictEqual({
      products: [p4()],
      pagination: { total: 1, page: 1, limit: 20 },
    });
    expect(await list(listToken, `?status=approved&category=${catB}`)).toStrictEqual({
      products: [],
      pagination: { total: 0, page: 1, limit: 20 },
    });
    expect(await list(listToken, "?status=draft&limit=1&page=2")).toStrictEqual({
      products: [p3()],
      pagination: { total: 2, page: 2, limit: 1 },
    });
  });

  it("answers page 0, page abc, limit 0 and limit 101 with 400 'Invalid pagination parameters'", async () => {
    for (const query of ["?page=0", "?limit=0", "?limit=101", "?page=abc"]) {
      const response = await request("GET", `/api/v1/products${query}`, { headers: bearer(listToken) });
      expect(response.status, query).toBe(400);
      expect(response.body).toEqual(error("Invalid pagination parameters"));
    }
  });
});

describe("GET /api/v1/products/categories", () => {
  it("lists active categories with exactly id, name, slug and status 'active', including a new one and no inactive one", async () => {
    const inactive = await createInactiveCategory();
    const response = await request("GET", "/api/v1/products/categories", { headers: bearer(token) });
    expect(response.status).toBe(200);
    const body = response.body as { status: string; data: Record<string, unknown>[] };
    expect(Object.keys(body)).toEqual(["status", "data"]);
    expect(body.status).toBe("success");
    for (const category of body.data) {
      expect(Object.keys(category).sort()).toEqual(["id", "name", "slug", "status"]);
      expect(category.status).toBe("active");
    }
    expect(body.data).toContainEqual({
      id: categoryId,
      name: `Category ${categoryId}`,
      slug: `category-${categoryId}`,
      status: "active",
    });
    expect(body.data.map((c) => c.id)).not.toContain(inactive);
  });
});

describe("moderation: POST /api/v1/products/moderation, POST /api/v1/products/img and the operator", () => {
  it("refuses to submit a draft product without an image with 400 'Product image required: upload one with POST /products/img'", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const response = await submit(token, id);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error("Product image required: upload one with POST /products/img"));
    expect((await info(token, id)).status_moderation).toBe("draft");
  });

  it("sends a draft product to pending on image upload and answers 'Image uploaded' with the image URL", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const response = await uploadProductImage(token, {
      id_product: id,
      img: { bytes: tinyPng, type: "image/png" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Image uploaded", url: expect.stringMatching(/^http/) },
    });
    expect((await info(token, id)).status_moderation).toBe("pending");
  });

  it("refuses to submit a pending product with 409 'Product is already under moderation'", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    expect(
      (await uploadProductImage(token, { id_product: id, img: { bytes: tinyPng, type: "image/png" } }))
        .status,
    ).toBe(200);
    const response = await submit(token, id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(error("Product is already under moderation"));
    expect((await info(token, id)).status_moderation).toBe("pending");
  });

  it("answers moderation of an unknown product with 404 'Product not found'", async () => {
    for (const id of [newId(), "not-a-product-id"]) {
      const response = await submit(token, id);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual(error("Product not found"));
    }
  });

  it("answers an image upload for an unknown product with 404 'Product not found or access denied'", async () => {
    const response = await uploadProductImage(token, {
      id_product: newId(),
      img: { bytes: tinyPng, type: "image/png" },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(error("Product not found or access denied"));
  });

  it("operator approve makes a pending product approved; a price update keeps it approved, a content update sends it back to pending", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    expect(
      (await uploadProductImage(token, { id_product: id, img: { bytes: tinyPng, type: "image/png" } }))
        .status,
    ).toBe(200);
    const approved = await runOps(["product", "approve", id]);
    expect(approved.stderr).toBe("");
    expect(approved.code).toBe(0);
    expect(JSON.parse(approved.stdout)).toStrictEqual({ id, status_moderation: "approved" });
    const product = await info(token, id);
    expect(product.status_moderation).toBe("approved");
    expect(product).not.toHaveProperty("rejection_reason");

    expect((await update(token, id, { price: 4321 })).body).toEqual(updated(false));
    expect((await info(token, id)).status_moderation).toBe("approved");

    expect((await update(token, id, { text_page: "An edited full description." })).body).toEqual(
      updated(true),
    );
    expect((await info(token, id)).status_moderation).toBe("pending");
  });

  it("operator reject shows status 'rejected' with the rejection_reason; resubmission answers pending and drops the reason", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    expect(
      (await uploadProductImage(token, { id_product: id, img: { bytes: tinyPng, type: "image/png" } }))
        .status,
    ).toBe(200);
    expect(await info(token, id)).not.toHaveProperty("rejection_reason");
    const rejected = await runOps(["product", "reject", id, "--reason", "Blurry screenshots"]);
    expect(rejected.stderr).toBe("");
    expect(rejected.code).toBe(0);
    expect(JSON.parse(rejected.stdout)).toStrictEqual({ id, status_moderation: "rejected" });
    const product = await info(token, id);
    expect(product.status_moderation).toBe("rejected");
    expect(product.rejection_reason).toBe("Blurry screenshots");

    const response = await submit(token, id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product submitted for moderation", moderation_status: "pending" },
    });
    const resubmitted = await info(token, id);
    expect(resubmitted.status_moderation).toBe("pending");
    expect(resubmitted).not.toHaveProperty("rejection_reason");
  });

  it("operator approve refuses a draft product with exit 1 'Product <id> is not pending moderation' and an unknown one with 'Product <id> not found'", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const draft = await runOps(["product", "approve", id]);
    expect(draft.code).toBe(1);
    expect(draft.stdout).toBe("");
    expect(draft.stderr).toBe(`Product ${id} is not pending moderation\n`);
    expect((await info(token, id)).status_moderation).toBe("draft");

    const unknown = newId();
    const missing = await runOps(["product", "approve", unknown]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toBe(`Product ${unknown} not found\n`);
  });
});

describe("POST /api/v1/products/img image replacement", () => {
  it("replaces the first image: its URL stops serving and the new URL serves the new bytes exactly", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const first = await uploadProductImage(token, {
      id_product: id,
      img: { bytes: tinyPng, type: "image/png" },
    });
    expect(first.status).toBe(200);
    const firstUrl = (first.body as { data: { url: string } }).data.url;
    const servedFirst = await fetchBytes(firstUrl);
    expect(servedFirst.status).toBe(200);
    expect(servedFirst.bytes.equals(tinyPng)).toBe(true);

    const second = await uploadProductImage(token, {
      id_product: id,
      img: { bytes: tinyGif, type: "image/gif" },
    });
    expect(second.status).toBe(200);
    const secondUrl = (second.body as { data: { url: string } }).data.url;
    expect(secondUrl).not.toBe(firstUrl);

    expect((await fetchBytes(firstUrl)).status).toBe(404);
    const servedSecond = await fetchBytes(secondUrl);
    expect(servedSecond.status).toBe(200);
    expect(servedSecond.bytes.equals(tinyGif)).toBe(true);
  });
});

describe("authentication", () => {
  it("answers every product endpoint without a bearer token with 401 'Unauthorized'", async () => {
    const id = newId();
    const calls: [string, string][] = [
      ["POST", "/products"],
      ["POST", `/products/update/${id}`],
      ["DELETE", `/products/${id}`],
      ["GET", `/products/info/${id}`],
      ["GET", "/products"],
      ["GET", "/products/categories"],
      ["POST", "/products/moderation"],
      ["POST", "/products/img"],
    ];
    for (const [method, path] of calls) {
      const response = await request(method, `/api/v1${path}`);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual(error("Unauthorized"));
    }
  });
});

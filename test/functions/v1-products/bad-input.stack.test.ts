import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import type { ProductRecord } from "../../../shared/products/product.js";
import { createProductRepository } from "../../../shared/products/product-repository.js";
import { acceptedProductValues } from "../../support/accepted-product-values.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { MB, pngOf, refusedImages, tinyGif, tinyJpeg, tinyWebp } from "../../support/images.js";
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
}

/** GET /products data. */
interface ProductList {
  readonly products: readonly {
    readonly id: string;
    readonly name: string;
    readonly price: number;
    readonly count: number;
    readonly status_moderation: string;
  }[];
  readonly pagination: { readonly total: number; readonly page: number; readonly limit: number };
}

/** One refused value of one field and the exact v1 error it must produce. */
interface FieldCase {
  readonly field: string;
  readonly rule: string;
  readonly value: unknown;
  readonly message: string;
}

/** One refused request body and the exact v1 error it must produce. */
interface BodyCase {
  readonly rule: string;
  readonly body: string | undefined;
  readonly message: string;
}

/** A 100 KB string: far above every field's limit, within the 256 KB body limit (beyond it: 413). */
const huge = "x".repeat(100 * 1024);
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** A well-formed id that names no product. */
const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
/** Marks a field the case leaves out of the body. */
const MISSING = Symbol("missing");

const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

const newSeller = async (): Promise<string> => tokenFor((await createTestAccount()).api_key, "v1");

const post = (token: string, path: string, body: unknown): Promise<JsonResponse> =>
  request("POST", `/api/v1${path}`, { headers: jsonHeaders(token), body: JSON.stringify(body) });

const postRaw = (token: string, path: string, body: string | undefined): Promise<JsonResponse> =>
  request("POST", `/api/v1${path}`, {
    headers: jsonHeaders(token),
    ...(body === undefined ? {} : { body }),
  });

const get = (token: string, path: string): Promise<JsonResponse> =>
  request("GET", `/api/v1${path}`, { headers: bearer(token) });

/** Asserts a v1 error: exact HTTP status and exact envelope. */
const expectError = (response: { status: number; body: unknown }, status: number, message: string) => {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: "error", message },
  });
};

const info = async (token: string, id: string): Promise<ProductInfo> => {
  const response = await get(token, `/products/info/${id}`);
  expect(response.status).toBe(200);
  return (response.body as { data: { product: ProductInfo } }).data.product;
};

const list = async (token: string, query = ""): Promise<JsonResponse> => get(token, `/products${query}`);

/** The whole stored record, for fields the info endpoint does not show (meta, api_key, api_url, updated_at). */
const stored = async (id: string): Promise<ProductRecord | undefined> =>
  createProductRepository(createDocumentClient(), requireEnv("TABLE_NAME")).get(id);

const withField = (base: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> => {
  const body = { ...base };
  if (value === MISSING) delete body[field];
  else body[field] = value;
  return body;
};

const script = "<script>alert(1)</script>";

/*
 * Every refused value of every field, as the schemas decide it, is asserted in
 * test/shared/products/product-fields.test.ts. Over HTTP one value per rule family and endpoint proves the
 * wiring: schema → 400 v1 envelope → nothing created or changed. Cases the schema cannot decide (a category
 * that does not exist, JSON parsing, `__proto__`, `1e400`, "No fields to update", ownership) stay here.
 */

/** POST /products: one refused value per rule family, plus the category check that needs the database. */
const createCases: readonly FieldCase[] = [
  {
    field: "price",
    rule: "left out (missing required field)",
    value: MISSING,
    message: "Field 'price' is required",
  },
  { field: "name", rule: "as a number (wrong type)", value: 123, message: "Field 'name' must be a string" },
  { field: "price", rule: "of 0 (number out of range)", value: 0, message: "Invalid price" },
  { field: "name", rule: "empty", value: "", message: "Field 'name' must not be empty" },
  {
    field: "text_page",
    rule: "of 5 characters (too short)",
    value: "short",
    message: "Field 'text_page' must be at least 10 characters",
  },
  {
    field: "name",
    rule: "of 256 characters (too long)",
    value: "n".repeat(256),
    message: "Name must be between 3 and 255 characters",
  },
  {
    field: "features",
    rule: "of 2 values (too few list values)",
    value: "a,b",
    message: "Field 'features' must list at least 3 comma-separated values",
  },
  {
    field: "name",
    rule: "with a NUL (control character)",
    value: "Bad\u0000name",
    message: "Field 'name' must not contain control characters",
  },
  {
    field: "text_page",
    rule: "with a <script> tag (HTML tag)",
    value: `A description ${script}`,
    message: "Field 'text_page' must not contain HTML tags",
  },
  {
    field: "status_moderation",
    rule: "is not a product field (unknown field)",
    value: "approved",
    message: "Field 'status_moderation' is not allowed",
  },
  {
    field: "id_categories",
    rule: "naming no category (checked in the database)",
    value: 999_999_999,
    message: "Invalid category id",
  },
];

/** POST /products/update/{id}: one refused value per rule family, plus the database's category check. */
const updateCases: readonly FieldCase[] = [
  { field: "price", rule: "as a string (wrong type)", value: "100", message: "Invalid price" },
  {
    field: "count",
    rule: "negative (number out of range)",
    value: -1,
    message: "Invalid count: must be a whole number from 0 to 10000000",
  },
  {
    field: "meta_description",
    rule: "empty",
    value: "",
    message: "Field 'meta_description' must not be empty",
  },
  {
    field: "name",
    rule: "of 2 characters (too short)",
    value: "ab",
    message: "Name must be between 3 and 255 characters",
  },
  {
    field: "text_page",
    rule: "of 100 KB (too long)",
    value: huge,
    message: "Field 'text_page' must be at most 20000 characters",
  },
  {
    field: "tags",
    rule: "of only commas (too few list values)",
    value: " , , ",
    message: "Field 'tags' must list at least one comma-separated value",
  },
  {
    field: "meta_title",
    rule: "with a line break (control character)",
    value: "Title\r\nInjected: yes",
    message: "Field 'meta_title' must not contain control characters",
  },
  {
    field: "name",
    rule: "with a <script> tag (HTML tag)",
    value: `Product ${script}`,
    message: "Field 'name' must not contain HTML tags",
  },
  {
    field: "rating",
    rule: "is not a product field (unknown field)",
    value: 5,
    message: "Field 'rating' is not allowed",
  },
  {
    field: "api_url",
    rule: "with a javascript scheme (invalid API URL)",
    value: "javascript:alert(1)",
    message: "Invalid API URL",
  },
  {
    field: "id_categories",
    rule: "naming no category (checked in the database)",
    value: 999_999_999,
    message: "Invalid category id",
  },
];

let categoryId = 0;

beforeAll(async () => {
  categoryId = await createTestCategory();
});

describe("POST /api/v1/products refuses bad input and creates nothing", () => {
  let token = "";

  beforeAll(async () => {
    // This seller only ever sends refused creates, so any product in its list is a leak.
    token = await newSeller();
  });

  const expectNoProduct = async () => {
    const response = await list(token, "?limit=100");
    expect(response.status).toBe(200);
    const data = (response.body as { data: ProductList }).data;
    // A leaked product is deleted before the assertion fails, so one wrong acceptance fails one case only.
    for (const product of data.products) {
      await request("DELETE", `/api/v1/products/${product.id}`, { headers: bearer(token) });
    }
    expect(data).toEqual({ products: [], pagination: { total: 0, page: 1, limit: 100 } });
  };

  it.each(createCases)("$field $rule is refused with 400 $message", async ({ field, value, message }) => {
    const response = await post(token, "/products", withField(validProductBody(categoryId), field, value));
    expectError(response, 400, message);
    await expectNoProduct();
  });

  const bodyCases: readonly BodyCase[] = [
    { rule: "no body", body: undefined, message: "Request body must be a JSON object" },
    { rule: "a JSON array", body: "[]", message: "Request body must be a JSON object" },
    { rule: "malformed JSON", body: '{"name":', message: "Invalid JSON" },
    { rule: "JSON with a trailing comma", body: '{"price":1,}', message: "Invalid JSON" },
  ];

  it.each(bodyCases)("a body that is $rule is refused with 400 $message", async ({ body, message }) => {
    expectError(await postRaw(token, "/products", body), 400, message);
    await expectNoProduct();
  });

  it("a __proto__ key is refused as an unknown field, not merged into the product", async () => {
    const body = JSON.stringify(validProductBody(categoryId)).replace(/^\{/, '{"__proto__":{"rating":5},');
    expectError(await postRaw(token, "/products", body), 400, "Field '__proto__' is not allowed");
    await expectNoProduct();
  });

  it("a price of 1e400 (Infinity once parsed) is refused with 400 Invalid price", async () => {
    const body = JSON.stringify(validProductBody(categoryId, { price: 1 })).replace(
      '"price":1,',
      '"price":1e400,',
    );
    expect(body).toContain('"price":1e400,');
    expectError(await postRaw(token, "/products", body), 400, "Invalid price");
    await expectNoProduct();
  });
});

describe("POST /api/v1/products accepts valid input, Unicode included, and stores it exactly", () => {
  let token = "";

  beforeAll(async () => {
    token = await newSeller();
  });

  const accepted = acceptedProductValues;

  it.each(accepted)("$rule is accepted and stored exactly", async ({ overrides }) => {
    const body = validProductBody(categoryId, overrides);
    const response = await post(token, "/products", body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product created", id: expect.stringMatching(ULID) },
    });
    const id = (response.body as { data: { id: string } }).data.id;
    const product = await info(token, id);
    expect(product.name).toBe(body.name);
    expect(product.uuid).toBe(body.uuid);
    const record = await stored(id);
    for (const [field, value] of Object.entries(overrides)) {
      expect(record?.[field as keyof ProductRecord]).toBe(value);
    }
  });

  it("a create refused for its category reserves neither the name nor the uuid", async () => {
    const body = validProductBody(categoryId, { id_categories: 999_999_999 });
    expectError(await post(token, "/products", body), 400, "Invalid category id");
    const response = await post(token, "/products", { ...body, id_categories: categoryId });
    expect(response.status).toBe(200);
    expect((response.body as { status: string }).status).toBe("success");
  });

  it("discount and api_key may be left out: discount defaults to 0", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    expect((await info(token, id)).discount).toBe(0);
    expect((await stored(id))?.api_key).toBe("");
  });
});

describe("POST /api/v1/products/update/{id} refuses bad input and leaves the product unchanged", () => {
  let token = "";
  let id = "";
  let before: ProductInfo;
  let beforeRecord: ProductRecord | undefined;

  beforeAll(async () => {
    token = await newSeller();
    id = await createProduct(token, validProductBody(categoryId, { discount: 5, api_key: "key-1" }));
    before = await info(token, id);
    beforeRecord = await stored(id);
    expect(before.status_moderation).toBe("draft");
  });

  const expectUnchanged = async () => {
    expect(await info(token, id)).toEqual(before);
    expect(await stored(id)).toEqual(beforeRecord);
  };

  it.each(updateCases)("$field $rule is refused with 400 $message", async ({ field, value, message }) => {
    const response = await post(token, `/products/update/${id}`, { [field]: value });
    expectError(response, 400, message);
    await expectUnchanged();
  });

  it("one bad field refuses the whole update: the valid price beside it is not applied", async () => {
    const response = await post(token, `/products/update/${id}`, { price: 2000, discount: 100 });
    expectError(response, 400, "Invalid discount: must be a whole percentage from 0 to 99");
    await expectUnchanged();
  });

  const bodyCases: readonly BodyCase[] = [
    { rule: "missing", body: undefined, message: "No fields to update" },
    { rule: "an empty object", body: "{}", message: "No fields to update" },
    { rule: "JSON null", body: "null", message: "No fields to update" },
    { rule: "a JSON array", body: "[]", message: "Request body must be a JSON object" },
    { rule: "malformed JSON", body: '{"price":', message: "Invalid JSON" },
  ];

  it.each(bodyCases)("a body that is $rule is refused with 400 $message", async ({ body, message }) => {
    expectError(await postRaw(token, `/products/update/${id}`, body), 400, message);
    await expectUnchanged();
  });

  it.each([
    { rule: "a well-formed id that names no product", path: UNKNOWN_ID },
    { rule: "a string that is not an id", path: "not-an-id" },
    { rule: "an id with HTML in it", path: encodeURIComponent(script) },
  ])("an update of $rule answers 404 Product not found or access denied", async ({ path }) => {
    const response = await post(token, `/products/update/${path}`, { price: 2000 });
    expectError(response, 404, "Product not found or access denied");
    await expectUnchanged();
  });

  it("another seller's update answers 404 Product not found or access denied and changes nothing", async () => {
    const stranger = await newSeller();
    const response = await post(stranger, `/products/update/${id}`, { price: 2000 });
    expectError(response, 404, "Product not found or access denied");
    await expectUnchanged();
  });
});

// Its own product: if the service wrongly accepts one of these, the other update cases keep their baseline.
describe("POST /api/v1/products/update/{id} refuses control characters in api_url", () => {
  let token = "";
  let id = "";
  let before: ProductInfo;
  let beforeRecord: ProductRecord | undefined;

  beforeAll(async () => {
    token = await newSeller();
    id = await createProduct(token, validProductBody(categoryId));
    before = await info(token, id);
    beforeRecord = await stored(id);
  });

  // The NUL and the other refused api_url values are in test/shared/products/product-fields.test.ts.
  it.each([{ rule: "a line break inside", api_url: "https://seller.example/hook\nX-Injected: 1" }])(
    "api_url with $rule is refused with 400 Invalid API URL, like every other single-line field",
    async ({ api_url }) => {
      expectError(await post(token, `/products/update/${id}`, { api_url }), 400, "Invalid API URL");
      expect(await info(token, id)).toEqual(before);
      expect(await stored(id)).toEqual(beforeRecord);
    },
  );
});

describe("POST /api/v1/products/update/{id} accepts valid values", () => {
  let token = "";
  let id = "";

  beforeAll(async () => {
    token = await newSeller();
    id = await createProduct(token, validProductBody(categoryId, { api_key: "key-1" }));
  });

  it.each([
    { rule: "an https URL", api_url: "https://seller.example/hook" },
    { rule: "an http URL", api_url: "http://seller.example:8080/hook?x=1" },
    { rule: "an empty string (clears it)", api_url: "" },
  ])("api_url as $rule is accepted without moderation", async ({ api_url }) => {
    const response = await post(token, `/products/update/${id}`, { api_url });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product updated", moderation: false },
    });
    expect((await stored(id))?.api_url).toBe(api_url);
    expect((await info(token, id)).status_moderation).toBe("draft");
  });

  it("api_key as an empty string clears it without moderation", async () => {
    const response = await post(token, `/products/update/${id}`, { api_key: "" });
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product updated", moderation: false },
    });
    expect((await stored(id))?.api_key).toBe("");
  });

  it("a Unicode name and text_page are stored exactly and send the product to moderation", async () => {
    const name = "Обновлённый ключ 🎮 更新版";
    const text_page = "Описание: a < b, 游戏 — 🎁 подарок.";
    const response = await post(token, `/products/update/${id}`, { name, text_page });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product updated", moderation: true },
    });
    const product = await info(token, id);
    expect(product.name).toBe(name);
    expect(product.status_moderation).toBe("pending");
    expect((await stored(id))?.text_page).toBe(text_page);
  });
});

describe("POST /api/v1/products/moderation refuses bad input", () => {
  let token = "";
  let id = "";
  let before: ProductInfo;

  beforeAll(async () => {
    token = await newSeller();
    id = await createProduct(token, validProductBody(categoryId));
    before = await info(token, id);
  });

  it.each([
    { rule: "a missing id_product", body: {}, status: 400, message: "Field 'id_product' is required" },
    {
      rule: "id_product as a number",
      body: { id_product: 1 },
      status: 400,
      message: "Field 'id_product' must be a string",
    },
    {
      rule: "id_product as an array",
      body: { id_product: ["x"] },
      status: 400,
      message: "Field 'id_product' must be a string",
    },
    {
      rule: "id_product as null",
      body: { id_product: null },
      status: 400,
      message: "Field 'id_product' must be a string",
    },
    {
      rule: "an empty id_product",
      body: { id_product: "" },
      status: 400,
      message: "Field 'id_product' is required",
    },
    {
      rule: "an unknown field beside id_product",
      body: { id_product: UNKNOWN_ID, status_moderation: "approved" },
      status: 400,
      message: "Field 'status_moderation' is not allowed",
    },
    {
      rule: "an unknown 26-character id",
      body: { id_product: UNKNOWN_ID },
      status: 404,
      message: "Product not found",
    },
    { rule: "a 100 KB id_product", body: { id_product: huge }, status: 404, message: "Product not found" },
    {
      rule: "an id_product with HTML",
      body: { id_product: script },
      status: 404,
      message: "Product not found",
    },
    {
      rule: "a Unicode id_product",
      body: { id_product: "товар-🎮" },
      status: 404,
      message: "Product not found",
    },
  ])("$rule answers $status $message", async ({ body, status, message }) => {
    expectError(await post(token, "/products/moderation", body), status, message);
    expect(await info(token, id)).toEqual(before);
  });

  it.each([
    { rule: "no body", body: undefined, message: "Request body must be a JSON object" },
    { rule: "a JSON array", body: "[]", message: "Request body must be a JSON object" },
    { rule: "malformed JSON", body: '{"id_product":', message: "Invalid JSON" },
  ])("a body that is $rule is refused with 400 $message", async ({ body, message }) => {
    expectError(await postRaw(token, "/products/moderation", body), 400, message);
    expect(await info(token, id)).toEqual(before);
  });

  it("a product without an image is refused with 400 and stays a draft", async () => {
    const response = await post(token, "/products/moderation", { id_product: id });
    expectError(response, 400, "Product image required: upload one with POST /products/img");
    expect(await info(token, id)).toEqual(before);
  });

  it("another seller's product answers 403 Access denied and stays a draft", async () => {
    const response = await post(await newSeller(), "/products/moderation", { id_product: id });
    expectError(response, 403, "Access denied");
    expect(await info(token, id)).toEqual(before);
  });
});

/** Sends a hand-built FormData as multipart/form-data with the boundary the encoder chose. */
const postForm = async (token: string, path: string, form: FormData): Promise<JsonResponse> => {
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type") ?? "";
  const body = new Uint8Array(await encoded.arrayBuffer());
  return request("POST", `/api/v1${path}`, {
    headers: { ...bearer(token), "Content-Type": contentType },
    body,
  });
};

describe("POST /api/v1/products/img refuses bad uploads and leaves the product a draft", () => {
  let token = "";
  let id = "";
  let before: ProductInfo;
  let beforeRecord: ProductRecord | undefined;

  beforeAll(async () => {
    token = await newSeller();
    id = await createProduct(token, validProductBody(categoryId));
    before = await info(token, id);
    beforeRecord = await stored(id);
  });

  const expectUnchanged = async () => {
    expect(await info(token, id)).toEqual(before);
    expect((await info(token, id)).status_moderation).toBe("draft");
    expect(await stored(id)).toEqual(beforeRecord);
  };

  it("a form without id_product is refused with 400 Field 'id_product' is required", async () => {
    const response = await uploadProductImage(token, { img: { bytes: tinyPng, type: "image/png" } });
    expectError(response, 400, "Field 'id_product' is required");
    await expectUnchanged();
  });

  it("an empty id_product is refused with 400 Field 'id_product' is required", async () => {
    const response = await uploadProductImage(token, {
      id_product: "",
      img: { bytes: tinyPng, type: "image/png" },
    });
    expectError(response, 400, "Field 'id_product' is required");
    await expectUnchanged();
  });

  it("a form without an img part is refused with 400 Image file required", async () => {
    expectError(await uploadProductImage(token, { id_product: id }), 400, "Image file required");
    await expectUnchanged();
  });

  it("img sent as a text field instead of a file is refused with 400 Image file required", async () => {
    const form = new FormData();
    form.set("id_product", id);
    form.set("img", "not a file");
    expectError(await postForm(token, "/products/img", form), 400, "Image file required");
    await expectUnchanged();
  });

  it.each(refusedImages)("$rule is refused with 400 $message", async ({ bytes, type, message }) => {
    const response = await uploadProductImage(token, { id_product: id, img: { bytes, type } });
    expectError(response, 400, message);
    await expectUnchanged();
  });

  it("a JSON body instead of multipart is refused with 400 Expected a multipart/form-data body", async () => {
    const response = await post(token, "/products/img", { id_product: id, img: tinyPng.toString("base64") });
    expectError(response, 400, "Expected a multipart/form-data body");
    await expectUnchanged();
  });

  it("a multipart content type without a boundary is refused with 400 Invalid multipart body", async () => {
    const response = await request("POST", "/api/v1/products/img", {
      headers: { ...bearer(token), "Content-Type": "multipart/form-data" },
      body: `id_product=${id}`,
    });
    expectError(response, 400, "Invalid multipart body");
    await expectUnchanged();
  });

  it.each([
    { rule: "a well-formed id that names no product", id_product: UNKNOWN_ID },
    { rule: "a 100 KB id_product", id_product: huge },
    { rule: "an id_product with HTML", id_product: script },
  ])("$rule answers 404 Product not found or access denied", async ({ id_product }) => {
    const response = await uploadProductImage(token, {
      id_product,
      img: { bytes: tinyPng, type: "image/png" },
    });
    expectError(response, 404, "Product not found or access denied");
    await expectUnchanged();
  });

  it("another seller's upload answers 404 Product not found or access denied", async () => {
    const response = await uploadProductImage(await newSeller(), {
      id_product: id,
      img: { bytes: tinyPng, type: "image/png" },
    });
    expectError(response, 404, "Product not found or access denied");
    await expectUnchanged();
  });
});

describe("POST /api/v1/products/img recognises images by their bytes, not the declared type", () => {
  let token = "";
  let id = "";

  beforeAll(async () => {
    token = await newSeller();
    id = await createProduct(token, validProductBody(categoryId));
  });

  it.each([
    { format: "JPEG", bytes: tinyJpeg, extension: "jpg", contentType: "image/jpeg" },
    { format: "GIF", bytes: tinyGif, extension: "gif", contentType: "image/gif" },
    { format: "WebP", bytes: tinyWebp, extension: "webp", contentType: "image/webp" },
    { format: "PNG of exactly 4 MB", bytes: pngOf(4 * MB), extension: "png", contentType: "image/png" },
  ])(
    "a $format declared as application/octet-stream is accepted and served as $contentType",
    async ({ bytes, extension, contentType }) => {
      const response = await uploadProductImage(token, {
        id_product: id,
        img: { bytes, type: "application/octet-stream", filename: "upload.bin" },
      });
      expect(response.status).toBe(200);
      const data = (response.body as { data: { message: string; url: string } }).data;
      expect(data.message).toBe("Image uploaded");
      expect(data.url.startsWith(`${requireEnv("PUBLIC_IMAGE_BASE_URL")}/products/${id}/`)).toBe(true);
      expect(data.url.endsWith(`.${extension}`)).toBe(true);
      const image = await fetch(data.url);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe(contentType);
      expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );
});

describe("GET /api/v1/products refuses bad pagination and matches nothing for unknown filters", () => {
  let token = "";
  let ids: string[] = [];

  beforeAll(async () => {
    token = await newSeller();
    ids = [
      await createProduct(token, validProductBody(categoryId, { name: "Ключ Игры Первый" })),
      await createProduct(token, validProductBody(categoryId, { name: "Second key" })),
    ];
  });

  it.each([
    "page=0",
    "page=-1",
    "page=abc",
    "page=1.5",
    "page=",
    "page=1000000000",
    "limit=0",
    "limit=101",
    "limit=abc",
    "limit=-5",
    "limit=",
    `page=${"9".repeat(1000)}`,
  ])("?%s is refused with 400 Invalid pagination parameters", async (query) => {
    expectError(await list(token, `?${query}`), 400, "Invalid pagination parameters");
  });

  it("?page=1&limit=100 is the largest page and lists every product", async () => {
    const response = await list(token, "?page=1&limit=100");
    expect(response.status).toBe(200);
    const data = (response.body as { data: ProductList }).data;
    expect(data.pagination).toEqual({ total: 2, page: 1, limit: 100 });
    expect(data.products.map((p) => p.id).sort()).toEqual([...ids].sort());
  });

  it.each([
    "status=bogus",
    "status=%3Cscript%3E",
    "category=abc",
    "category=999999999",
    "search=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    `search=${"x".repeat(2000)}`,
  ])("?%s answers 200 with no products and total 0", async (query) => {
    const response = await list(token, `?${query}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { products: [], pagination: { total: 0, page: 1, limit: 20 } },
    });
  });

  it("a Cyrillic search matches case-insensitively", async () => {
    const response = await list(token, `?search=${encodeURIComponent("ключ игры")}`);
    expect(response.status).toBe(200);
    const data = (response.body as { data: ProductList }).data;
    expect(data.products.map((p) => p.name)).toEqual(["Ключ Игры Первый"]);
    expect(data.pagination).toEqual({ total: 1, page: 1, limit: 20 });
  });
});

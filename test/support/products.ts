import { createCategoryIn } from "./categories.js";
import { request } from "./http.js";
import { workerStack } from "./worker-stack.js";

/** Creates an active category with an id no other test uses (10000000–69999999). */
export const createTestCategory = (): Promise<number> => createCategoryIn(10_000_000, 69_999_999);

let nextProduct = 0;

/** A complete, valid POST /products body; pass overrides for the fields under test. */
export const validProductBody = (categoryId: number, overrides: Record<string, unknown> = {}) => {
  nextProduct += 1;
  const unique = `${process.pid}-${nextProduct}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    id_categories: categoryId,
    name: `Test product ${unique}`,
    meta_title: "Test product title",
    meta_description: "A product made by a test",
    tags: "test,keys",
    text_page: "A full description of the test product.",
    price: 1500,
    count: 10,
    uuid: `uuid-${unique}`,
    features: "instant,global,steam",
    ...overrides,
  };
};

/** Bearer and JSON headers for a v1 call. */
export const jsonHeaders = (token: string): Record<string, string> => ({
  Authorization: `Bearer ${token}`,
  "Content-Type": "application/json",
});

/** Creates a product over HTTP and returns its id; fails the test if creation fails. */
export const createProduct = async (token: string, body: Record<string, unknown>): Promise<string> => {
  const response = await request("POST", "/api/v1/products", {
    headers: jsonHeaders(token),
    body: JSON.stringify(body),
  });
  const id = (response.body as { data?: { id?: string } }).data?.id;
  if (response.status !== 200 || !id) throw new Error(`create failed: ${response.status} ${response.text}`);
  return id;
};

/**
 * A 1×1 PNG (one red pixel), the smallest real image: IHDR, IDAT and IEND with correct lengths, CRCs
 * and zlib data, so it passes the whole-file check uploads get.
 */
export const tinyPng = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489" +
    "0000000d4944415478da63f8cfc0f01f00050001ff56c72f0d0000000049454e44ae426082",
  "hex",
);

/** Uploads an image for a product as multipart/form-data, the way `curl -F` does. */
export const uploadProductImage = (
  token: string,
  fields: { id_product?: string; img?: { bytes: Uint8Array; type: string; filename?: string } },
) => {
  const form = new FormData();
  if (fields.id_product !== undefined) form.set("id_product", fields.id_product);
  if (fields.img) {
    form.set(
      "img",
      new Blob([new Uint8Array(fields.img.bytes)], { type: fields.img.type }),
      fields.img.filename ?? "image",
    );
  }
  return fetchForm("/api/v1/products/img", token, form);
};

/** Uploads a store image for the caller's seller account. */
export const uploadSellerImage = (token: string, img?: { bytes: Uint8Array; type: string }) => {
  const form = new FormData();
  if (img) form.set("img", new Blob([new Uint8Array(img.bytes)], { type: img.type }), "avatar");
  return fetchForm("/api/v1/seller/img", token, form);
};

const fetchForm = async (path: string, token: string, form: FormData) => {
  const response = await fetch(`${workerStack().gatewayUrl}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
};

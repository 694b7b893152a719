import { beforeAll, describe, expect, it } from "vitest";
import { productService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import {
  createProduct,
  createTestCategory,
  jsonHeaders,
  tinyPng,
  uploadProductImage,
  validProductBody,
} from "../../support/products.js";

/** A 1×1 GIF, so an upload by the wrong seller would visibly change the stored image. */
const tinyGif = Buffer.from(
  "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b",
  "hex",
);

const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

const post = (token: string, path: string, body: unknown): Promise<JsonResponse> =>
  request("POST", `/api/v1${path}`, { headers: jsonHeaders(token), body: JSON.stringify(body) });

const getInfo = (token: string, id: string) =>
  request("GET", `/api/v1/products/info/${id}`, { headers: bearer(token) });

const error = (message: string) => ({ status: "error", message });

const fetchBytes = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe("ownership of products: seller B against seller A's product", () => {
  let tokenA: string;
  let tokenB: string;
  let v2TokenB: string;
  let productA: string;
  let imageUrlA: string;
  let bodyA: ReturnType<typeof validProductBody>;
  let productB: string;
  let infoBefore: unknown;

  beforeAll(async () => {
    const [sellerA, sellerB] = [await createTestAccount(), await createTestAccount()];
    tokenA = await tokenFor(sellerA.api_key, "v1");
    tokenB = await tokenFor(sellerB.api_key, "v1");
    v2TokenB = await tokenFor(sellerB.api_key, "v2");
    const category = await createTestCategory();
    bodyA = validProductBody(category);
    productA = await createProduct(tokenA, bodyA);
    const upload = await uploadProductImage(tokenA, {
      id_product: productA,
      img: { bytes: tinyPng, type: "image/png" },
    });
    if (upload.status !== 200) throw new Error(`upload failed: ${upload.text}`);
    imageUrlA = (upload.body as { data: { url: string } }).data.url;
    // Approved, so a wrongly accepted submission or content update by B would show as "pending".
    await productService().approve(productA);
    productB = await createProduct(tokenB, validProductBody(category));
    const info = await getInfo(tokenA, productA);
    if (info.status !== 200) throw new Error(`info failed: ${info.text}`);
    infoBefore = info.body;
  });

  it("B updating A's product gets 404 'Product not found or access denied'", async () => {
    const response = await post(tokenB, `/products/update/${productA}`, { price: 1, name: "Taken over" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(error("Product not found or access denied"));
  });

  it("B deleting A's product gets 403 'Delete failed or access denied'", async () => {
    const response = await request("DELETE", `/api/v1/products/${productA}`, { headers: bearer(tokenB) });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(error("Delete failed or access denied"));
  });

  it("B reading A's product info gets 403 'Access denied'", async () => {
    const response = await getInfo(tokenB, productA);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(error("Access denied"));
  });

  it("B submitting A's product to moderation gets 403 'Access denied'", async () => {
    const response = await post(tokenB, "/products/moderation", { id_product: productA });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(error("Access denied"));
  });

  it("B uploading an image for A's product gets 404 'Product not found or access denied'", async () => {
    const response = await uploadProductImage(tokenB, {
      id_product: productA,
      img: { bytes: tinyGif, type: "image/gif" },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(error("Product not found or access denied"));
  });

  it("B's product list contains B's product and not A's, even when searching A's exact name", async () => {
    const all = await request("GET", "/api/v1/products", { headers: bearer(tokenB) });
    expect(all.status).toBe(200);
    const ids = (all.body as { data: { products: { id: string }[] } }).data.products.map((p) => p.id);
    expect(ids).toEqual([productB]);
    const search = await request("GET", `/api/v1/products?search=${encodeURIComponent(bodyA.name)}`, {
      headers: bearer(tokenB),
    });
    expect(search.status).toBe(200);
    expect((search.body as { data: unknown }).data).toEqual({
      products: [],
      pagination: { total: 0, page: 1, limit: 20 },
    });
  });

  it("B may still use A's name and uuid for its own product", async () => {
    const response = await post(tokenB, `/products/update/${productB}`, {
      name: bodyA.name,
      uuid: bodyA.uuid,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "success",
      data: { message: "Product updated", moderation: true },
    });
  });

  it("leaves A's product unchanged after all of B's attempts: same info, image still served", async () => {
    // Runs after the attempts above (tests of a file run in order); repeat them so this test stands alone.
    await post(tokenB, `/products/update/${productA}`, { price: 1, name: "Taken over" });
    await request("DELETE", `/api/v1/products/${productA}`, { headers: bearer(tokenB) });
    await post(tokenB, "/products/moderation", { id_product: productA });
    await uploadProductImage(tokenB, { id_product: productA, img: { bytes: tinyGif, type: "image/gif" } });

    const after = await getInfo(tokenA, productA);
    expect(after.status).toBe(200);
    expect(after.body).toStrictEqual(infoBefore);
    expect(
      (after.body as { data: { product: { status_moderation: string } } }).data.product.status_moderation,
    ).toBe("approved");
    const served = await fetchBytes(imageUrlA);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(tinyPng)).toBe(true);
  });

  it("B's v2 token is refused on every v1 product endpoint with 401 'Unauthorized'", async () => {
    const calls: [string, string, string | undefined][] = [
      ["POST", "/products", JSON.stringify(validProductBody(1))],
      ["POST", `/products/update/${productB}`, JSON.stringify({ price: 5 })],
      ["DELETE", `/products/${productB}`, undefined],
      ["GET", `/products/info/${productB}`, undefined],
      ["GET", "/products", undefined],
      ["GET", "/products/categories", undefined],
      ["POST", "/products/moderation", JSON.stringify({ id_product: productB })],
    ];
    for (const [method, path, body] of calls) {
      const response = await request(method, `/api/v1${path}`, {
        headers: jsonHeaders(v2TokenB),
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual(error("Unauthorized"));
    }
    const upload = await uploadProductImage(v2TokenB, {
      id_product: productB,
      img: { bytes: tinyPng, type: "image/png" },
    });
    expect(upload.status).toBe(401);
    expect(upload.body).toEqual(error("Unauthorized"));
    // B's own product survived the refused v2-token calls.
    expect((await getInfo(tokenB, productB)).status).toBe(200);
  });
});

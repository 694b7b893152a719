import { randomInt } from "node:crypto";
import { catalogueIndexer, productService } from "../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "./accounts.js";
import { createCategoryIn } from "./categories.js";
import { HANG_GUARD_MS } from "./hang-guard.js";
import { type JsonResponse, request } from "./http.js";
import { createProduct, jsonHeaders, tinyPng, uploadProductImage, validProductBody } from "./products.js";

/** A fresh account with tokens for both APIs: a seller in v1, a reseller in v2. */
export interface TestSeller {
  readonly id: number;
  readonly apiKey: string;
  readonly v1: string;
  readonly v2: string;
}

/** Creates a fresh account (optionally with a known store name) and exchanges its key for both tokens. */
export const createTestSeller = async (name?: string): Promise<TestSeller> => {
  const account = await createTestAccount(name);
  const [v1, v2] = await Promise.all([tokenFor(account.api_key, "v1"), tokenFor(account.api_key, "v2")]);
  return { id: account.seller_id, apiKey: account.api_key, v1, v2 };
};

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** A word no other product of the run contains: `zq` and eight random letters (ten characters). */
export const uniqueWord = (): string => {
  let word = "zq";
  for (let i = 0; i < 8; i++) word += LETTERS[randomInt(LETTERS.length)];
  return word;
};

/** A fresh active category resellers may see (id 300000000–699999999, never starting with 700). */
export const createPublicCategory = (name?: string): Promise<number> =>
  createCategoryIn(300_000_000, 699_999_999, name);

/** A fresh active category whose id starts with 700 (700000000–700999999): hidden from Reseller API v2. */
export const createBlockedCategory = (name?: string): Promise<number> =>
  createCategoryIn(700_000_000, 700_999_999, name);

/** Makes the catalogue match these products as they are now, as the stream-fed indexer would. */
export const syncCatalogue = async (...productIds: string[]): Promise<void> => {
  for (const id of productIds) await catalogueIndexer().sync(id);
};

/** Uploads the tiny PNG for a product (which sends it to moderation); returns the image URL. */
export const uploadImage = async (v1Token: string, productId: string): Promise<string> => {
  const response = await uploadProductImage(v1Token, {
    id_product: productId,
    img: { bytes: tinyPng, type: "image/png", filename: "cover.png" },
  });
  const url = (response.body as { data?: { url?: string } } | undefined)?.data?.url;
  if (response.status !== 200 || !url) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return url;
};

/** A product as a test published it. */
export interface PublishedProduct {
  readonly id: string;
  readonly img: string;
  /** The name it was created with: unique among its seller's products. */
  readonly name: string;
}

/**
 * Time allowed for a test or hook that publishes products: the suite's hang guard, no less, so a loaded
 * machine never fails them (indexing a product takes about a second on an idle one).
 */
export const PUBLISHING_TIMEOUT = HANG_GUARD_MS;

/**
 * Creates a product (v1), uploads its image and approves it; then syncs the catalogue unless told
 * not to (a test proving the stream path waits for it instead). Unless overridden, the name is one
 * unique word and the description one word, so indexing (one facet per word prefix) stays quick.
 */
export const publishProduct = async (
  seller: TestSeller,
  categoryId: number,
  overrides: Record<string, unknown> = {},
  options: { sync?: boolean } = {},
): Promise<PublishedProduct> => {
  const body = validProductBody(categoryId, { name: uniqueWord(), meta_description: "Key", ...overrides });
  const id = await createProduct(seller.v1, body);
  const img = await uploadImage(seller.v1, id);
  await productService().approve(id);
  if (options.sync ?? true) await syncCatalogue(id);
  return { id, img, name: String(body.name) };
};

/** POST /api/v1/products/update/{id}; fails the test unless it answers 200. */
export const updateProduct = async (
  v1Token: string,
  productId: string,
  changes: Record<string, unknown>,
): Promise<void> => {
  const response = await request("POST", `/api/v1/products/update/${productId}`, {
    headers: jsonHeaders(v1Token),
    body: JSON.stringify(changes),
  });
  if (response.status !== 200) throw new Error(`update failed: ${response.status} ${response.text}`);
};

/** DELETE /api/v1/products/{id}; fails the test unless it answers 200. */
export const deleteProduct = async (v1Token: string, productId: string): Promise<void> => {
  const response = await request("DELETE", `/api/v1/products/${productId}`, {
    headers: { Authorization: `Bearer ${v1Token}` },
  });
  if (response.status !== 200) throw new Error(`delete failed: ${response.status} ${response.text}`);
};

/** POST /api/v1/seller/profile; fails the test unless it answers 200. */
export const updateSellerProfile = async (
  v1Token: string,
  changes: Record<string, unknown>,
): Promise<void> => {
  const response = await request("POST", "/api/v1/seller/profile", {
    headers: jsonHeaders(v1Token),
    body: JSON.stringify(changes),
  });
  if (response.status !== 200) throw new Error(`profile update failed: ${response.status} ${response.text}`);
};

/** A v2 GET with a Bearer token (or none). */
export const v2Get = (token: string | undefined, path: string): Promise<JsonResponse> =>
  request("GET", path, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

/** A query string from parameters (values URL-encoded), with the leading `?`; empty for none. */
export const queryString = (params: Record<string, string>): string => {
  const query = new URLSearchParams(params).toString();
  return query === "" ? "" : `?${query}`;
};

/** The pagination meta of v2 lists. */
export interface ListMeta {
  readonly page: number;
  readonly limit: number;
  readonly total: number;
}

/** What a v2 product list answered, reduced to status, the product ids in order and meta. */
export interface ListedIds {
  readonly status: number;
  readonly ids: readonly string[];
  readonly meta: ListMeta | undefined;
}

const listedIds = (response: JsonResponse): ListedIds => {
  const body = response.body as { data?: { product_id: string }[]; meta?: ListMeta } | undefined;
  return {
    status: response.status,
    ids: Array.isArray(body?.data) ? body.data.map((p) => p.product_id) : [],
    meta: body?.meta,
  };
};

/** GET /api/v2/search with these parameters: status, ids in order, meta. */
export const searchIds = async (token: string, params: Record<string, string>): Promise<ListedIds> =>
  listedIds(await v2Get(token, `/api/v2/search${queryString(params)}`));

/** GET /api/v2/products/{seller_id} with these parameters: status, ids in order, meta. */
export const sellerCatalogueIds = async (
  token: string,
  sellerId: number | string,
  params: Record<string, string> = {},
): Promise<ListedIds> => listedIds(await v2Get(token, `/api/v2/products/${sellerId}${queryString(params)}`));

/** The expected answer of a v2 list: 200, these ids in this order, and exactly this meta. */
export const listed = (ids: readonly string[], meta: ListMeta): ListedIds => ({ status: 200, ids, meta });

/** The exact v2 error body. */
export const v2Error = (
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): Record<string, unknown> => ({
  ok: false,
  code,
  message,
  http_status: status,
  error: details === undefined ? { code } : { code, details },
});

/** The exact 422 of one bad parameter. */
export const invalidParameter = (field: string, message: string): Record<string, unknown> =>
  v2Error(422, "invalid_request", message, { issues: [{ field, message }] });

/** 404 of a product resellers cannot see. */
export const productNotFound = v2Error(404, "not_found", "Product not found");

/** 403 of anything in a category whose id starts with 700. */
export const blockedCategory = v2Error(
  403,
  "blocked_category",
  "This category is not available to resellers",
);

/** 401 of a missing or invalid token. */
export const unauthorized = v2Error(401, "unauthorized", "Unauthorized");

/** Waits a few milliseconds, so that records stamped with the time sort in the order they were made. */
export const tick = (ms = 5): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

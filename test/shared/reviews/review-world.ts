import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { accountService } from "../../../shared/runtime/dependencies.js";
import {
  createPublicCategory,
  createTestSeller,
  type PublishedProduct,
  publishProduct,
  type TestSeller,
} from "../../support/catalogue.js";
import { type JsonResponse, request } from "../../support/http.js";
import { freshCodes, keyProduct, uploadCodes } from "../../support/key-stock.js";
import { boughtOrder } from "../../support/purchases.js";

/** The price of the products reviews are written for. */
export const REVIEWED_PRICE = 500;

/** A seller's key product and a reseller's delivered order of it (a key order is delivered when paid). */
export interface ReviewWorld {
  readonly seller: TestSeller;
  readonly product: PublishedProduct;
  readonly reseller: TestSeller;
  readonly orderId: string;
}

/** A fresh seller, product and reseller whose order of it is delivered, ready to be reviewed. */
export const reviewWorld = async (codes = 1): Promise<ReviewWorld> => {
  const [{ seller, product }, reseller] = await Promise.all([
    keyProduct(codes, { price: REVIEWED_PRICE }),
    createTestSeller(),
  ]);
  return { seller, product, reseller, orderId: await deliveredOrderOf(reseller, product.id) };
};

/** One more key product of `seller` (in `categoryId`, else a fresh category), holding `codes` codes. */
export const keyProductOf = async (
  seller: TestSeller,
  codes: number,
  categoryId?: number,
  overrides: Record<string, unknown> = {},
): Promise<PublishedProduct> => {
  const product = await publishProduct(
    seller,
    categoryId ?? (await createPublicCategory()),
    { count: 0, price: REVIEWED_PRICE, ...overrides },
    { sync: false },
  );
  await uploadCodes(seller.v1, product.id, freshCodes(seller.id, codes));
  return product;
};

/** Another reseller's delivered order of the same key product (the product must hold a code for it). */
export const deliveredOrderOf = async (reseller: TestSeller, productId: string): Promise<string> => {
  await accountService().credit(reseller.id, REVIEWED_PRICE);
  return boughtOrder(reseller, productId);
};

/** A request with a Bearer token and, when given, a JSON body. */
export const call = (method: string, path: string, token: string, body?: unknown): Promise<JsonResponse> =>
  request(method, path, {
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

/** Status and parsed body: what the tests compare whole. */
export const answer = (response: JsonResponse) => ({ status: response.status, body: response.body });

/** The v2 error answer with this status, code and message. */
export const v2Refusal = (status: number, code: string, message: string) => ({
  status,
  body: { ok: false, code, message, http_status: status, error: { code } },
});

/** The v2 422 of one invalid field. */
export const v2Invalid = (field: string, message: string) => ({
  status: 422,
  body: {
    ok: false,
    code: "invalid_request",
    message,
    http_status: 422,
    error: { code: "invalid_request", details: { issues: [{ field, message }] } },
  },
});

/** The rating tally an item carries, as stored (absent attributes as undefined). */
export const tallyOf = async (key: { PK: string; SK: string }) => {
  const { Item } = await createDocumentClient().send(
    new GetCommand({ TableName: requireEnv("TABLE_NAME"), Key: key, ConsistentRead: true }),
  );
  return {
    rating_sum: Item?.rating_sum as number | undefined,
    rating_count: Item?.rating_count as number | undefined,
  };
};

/** The product's and the seller's stored tallies. */
export const talliesOf = async (world: Pick<ReviewWorld, "seller" | "product">) => ({
  product: await tallyOf(keys.product(world.product.id)),
  seller: await tallyOf(keys.account(world.seller.id)),
});

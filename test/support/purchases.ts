import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { collections, keys } from "../../shared/data/table-keys.js";
import { accountService } from "../../shared/runtime/dependencies.js";
import { acceptingReceiver } from "./accepting-receiver.js";
import {
  createPublicCategory,
  createTestSeller,
  type PublishedProduct,
  publishProduct,
  type TestSeller,
  updateSellerProfile,
} from "./catalogue.js";
import { type JsonResponse, request } from "./http.js";
import { type ReceivedCall, startReceiver } from "./receiver.js";

/** A v2 POST with a Bearer token and a JSON body (a string is sent as is); extra headers optional. */
export const v2Post = (
  token: string | undefined,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> =>
  request("POST", path, {
    headers: {
      "Content-Type": "application/json",
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** A fresh reseller whose balance holds `amount` roubles (credited as the operator does). */
export const fundedReseller = async (amount: number): Promise<TestSeller> => {
  const reseller = await createTestSeller();
  if (amount > 0) await accountService().credit(reseller.id, amount);
  return reseller;
};

/**
 * A seller whose products are H2H: its api_url points at a receiver on 127.0.0.1, by default one that
 * accepts every webhook; pass `answer` to script the receiver (and get it back to read its calls).
 */
export const h2hSeller = async (answer?: (call: ReceivedCall, index: number) => Promise<number> | number) => {
  const seller = await createTestSeller();
  const receiver = answer ? await startReceiver(answer) : await acceptingReceiver();
  await updateSellerProfile(seller.v1, { api_url: receiver.url });
  receiver.namedBy({ seller: seller.id });
  return { seller, receiver };
};

/** A public product of an H2H seller: price 1500, stock 10 unless overridden. */
export const buyableProduct = async (
  overrides: Record<string, unknown> = {},
): Promise<{ seller: TestSeller; product: PublishedProduct }> => {
  const { seller } = await h2hSeller();
  const product = await publishProduct(seller, await createPublicCategory(), overrides, { sync: false });
  return { seller, product };
};

/** Sets an account's moderation status (2 blocks a seller); no operator command does this yet. */
export const setSellerModeration = async (accountId: number, status: number): Promise<void> => {
  await createDocumentClient().send(
    new UpdateCommand({
      TableName: requireEnv("TABLE_NAME"),
      Key: keys.account(accountId),
      UpdateExpression: "SET status_moderation = :s",
      ExpressionAttributeValues: { ":s": status },
    }),
  );
};

/** POST /api/v2/buy that must succeed; returns the new order's id. */
export const boughtOrder = async (
  reseller: Pick<TestSeller, "v2">,
  productId: string,
  body: Record<string, unknown> = {},
): Promise<string> => {
  const response = await v2Post(reseller.v2, "/api/v2/buy", { product_id: productId, quantity: 1, ...body });
  if (response.status !== 201) throw new Error(`buy failed: ${response.status} ${response.text}`);
  return (response.body as { data: { order_id: string } }).data.order_id;
};

/** An order's chat as stored, oldest first: `[type_user, message]` pairs. */
export const chatOf = async (orderId: string): Promise<[string, string][]> => {
  const { PK, skPrefix } = collections.chat(orderId);
  const page = await createDocumentClient().send(
    new QueryCommand({
      TableName: requireEnv("TABLE_NAME"),
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
      ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
    }),
  );
  return (page.Items ?? []).map((item) => [String(item.type_user), String(item.message)]);
};

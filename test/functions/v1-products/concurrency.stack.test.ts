import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../../shared/ids/ids.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { createProduct, createTestCategory, jsonHeaders, validProductBody } from "../../support/products.js";

interface ProductList {
  readonly products: { readonly id: string; readonly name: string }[];
  readonly pagination: { readonly total: number; readonly page: number; readonly limit: number };
}

const post = (token: string, path: string, body: unknown): Promise<JsonResponse> =>
  request("POST", `/api/v1${path}`, { headers: jsonHeaders(token), body: JSON.stringify(body) });

const search = async (token: string, text: string): Promise<ProductList> => {
  const response = await request("GET", `/api/v1/products?limit=100&search=${encodeURIComponent(text)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: ProductList }).data;
};

const statuses = (responses: JsonResponse[]) => responses.map((r) => r.status).sort((a, b) => a - b);

const conflicts = (responses: JsonResponse[]) => responses.filter((r) => r.status === 409).map((r) => r.body);

describe("product uniqueness under parallel requests", () => {
  let token: string;
  let categoryId: number;

  beforeAll(async () => {
    const account = await createTestAccount();
    token = await tokenFor(account.api_key, "v1");
    categoryId = await createTestCategory();
  });

  it("20 parallel creates with the same uuid: exactly one 200 and nineteen 409 'Product with this UUID already exists'; one product exists", async () => {
    const prefix = `Same uuid ${newId()}`;
    const uuid = `uuid-${newId()}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(token, "/products", validProductBody(categoryId, { name: `${prefix} #${i}`, uuid })),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(conflicts(responses)).toEqual(
      Array(19).fill({ status: "error", message: "Product with this UUID already exists" }),
    );
    const winner = responses.find((r) => r.status === 200);
    const winnerId = (winner?.body as { data?: { id?: string } } | undefined)?.data?.id;
    expect(winnerId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const listed = await search(token, prefix);
    expect(listed.pagination.total).toBe(1);
    expect(listed.products.map((p) => p.id)).toEqual([winnerId]);
  });

  it("20 parallel creates with the same name: exactly one 200 and nineteen 409 'Product with this name already exists'; one product exists", async () => {
    const name = `Same name ${newId()}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          token,
          "/products",
          validProductBody(categoryId, { name: i % 2 === 0 ? name : name.toUpperCase() }),
        ),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(conflicts(responses)).toEqual(
      Array(19).fill({ status: "error", message: "Product with this name already exists" }),
    );
    const listed = await search(token, name);
    expect(listed.pagination.total).toBe(1);
  });

  it("10 parallel renames of 10 different products to one new name: exactly one succeeds, nine get 409 'Product with this name already exists'", async () => {
    const prefix = `Rename race ${newId()}`;
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(await createProduct(token, validProductBody(categoryId, { name: `${prefix} old ${i}` })));
    }
    const newName = `${prefix} new`;
    const responses = await Promise.all(
      ids.map((id) => post(token, `/products/update/${id}`, { name: newName })),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(responses.find((r) => r.status === 200)?.body).toEqual({
      status: "success",
      data: { message: "Product updated", moderation: true },
    });
    expect(conflicts(responses)).toEqual(
      Array(9).fill({ status: "error", message: "Product with this name already exists" }),
    );
    const winnerId = ids[responses.findIndex((r) => r.status === 200)];
    const listed = await search(token, prefix);
    expect(listed.pagination.total).toBe(10);
    const renamed = listed.products.filter((p) => p.name === newName);
    expect(renamed.map((p) => p.id)).toEqual([winnerId]);
    // The losers kept their names and their names are still taken.
    expect(listed.products.filter((p) => p.name.startsWith(`${prefix} old `))).toHaveLength(9);
    const loserIndex = responses.findIndex((r) => r.status === 409);
    const retake = await post(
      token,
      "/products",
      validProductBody(categoryId, { name: `${prefix} old ${loserIndex}` }),
    );
    expect(retake.status).toBe(409);
    // The winner's old name was freed.
    const winnerIndex = responses.findIndex((r) => r.status === 200);
    const reuse = await post(
      token,
      "/products",
      validProductBody(categoryId, { name: `${prefix} old ${winnerIndex}` }),
    );
    expect(reuse.status).toBe(200);
  });
});

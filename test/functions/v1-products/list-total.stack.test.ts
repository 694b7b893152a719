import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { createProduct, createTestCategory, validProductBody } from "../../support/products.js";

const listed = async (token: string, query = "") => {
  const response = await request("GET", `/api/v1/products${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const data = (response.body as { data: { products: { id: string }[]; pagination: Record<string, number> } })
    .data;
  return { ids: data.products.map((p) => p.id), pagination: data.pagination };
};

describe("GET /api/v1/products: total from the seller's kept count", () => {
  it("counts every create and delete, also when they race", async () => {
    const account = await createTestAccount();
    const token = await tokenFor(account.api_key, "v1");
    const category = await createTestCategory();
    const ids = await Promise.all(
      Array.from({ length: 12 }, () => createProduct(token, validProductBody(category))),
    );
    expect((await listed(token)).pagination).toEqual({ total: 12, page: 1, limit: 20 });
    await Promise.all(
      ids
        .slice(0, 5)
        .map((id) =>
          request("DELETE", `/api/v1/products/${id}`, { headers: { Authorization: `Bearer ${token}` } }),
        ),
    );
    const after = await listed(token, "?limit=3&page=2");
    expect(after.pagination).toEqual({ total: 7, page: 2, limit: 3 });
    expect(after.ids).toHaveLength(3);
    expect((await listed(token, "?limit=3&page=3")).ids).toHaveLength(1);
    expect((await listed(token, "?limit=3&page=4")).ids).toEqual([]);
  });

  it("rebuilds a missing count (a seller from before counts existed) from the seller's products", async () => {
    const account = await createTestAccount();
    const token = await tokenFor(account.api_key, "v1");
    const category = await createTestCategory();
    for (let i = 0; i < 3; i++) await createProduct(token, validProductBody(category));
    await createDocumentClient().send(
      new DeleteCommand({ TableName: requireEnv("TABLE_NAME"), Key: keys.sellerCounts(account.seller_id) }),
    );
    expect((await listed(token)).pagination.total).toBe(3);
    await createDocumentClient().send(
      new DeleteCommand({ TableName: requireEnv("TABLE_NAME"), Key: keys.sellerCounts(account.seller_id) }),
    );
    // A create that finds no count builds it first, then counts itself.
    await createProduct(token, validProductBody(category));
    expect((await listed(token)).pagination.total).toBe(4);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { createTestCategory, jsonHeaders, validProductBody } from "../../support/products.js";

// Through the local gateway: what a hostile body costs and what it leaves behind.

let token: string;
let categoryId: number;

const productCount = async () => {
  const response = await request("GET", "/api/v1/products", { headers: jsonHeaders(token) });
  return (response.body as { data: { pagination: { total: number } } }).data.pagination.total;
};

beforeAll(async () => {
  const account = await createTestAccount();
  token = await tokenFor(account.api_key, "v1");
  categoryId = await createTestCategory();
});

describe("request bodies at the gateway", () => {
  it("a product whose JSON carries invalid UTF-8 bytes is refused with 400 Invalid JSON and nothing is stored", async () => {
    const json = JSON.stringify(validProductBody(categoryId, { name: "Broken NAME" }));
    const at = json.indexOf("NAME");
    const bytes = Buffer.concat([
      Buffer.from(json.slice(0, at)),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(json.slice(at)),
    ]);
    const response = await request("POST", "/api/v1/products", { headers: jsonHeaders(token), body: bytes });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: "error", message: "Invalid JSON" });
    expect(await productCount()).toBe(0);
  });

  it("a 1 MB body answers 413 before authentication", async () => {
    const response = await request("POST", "/api/v1/products", {
      headers: { "Content-Type": "application/json" },
      body: `[${"1,".repeat(512 * 1024)}1]`,
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ status: "error", message: "Request body too large (max 256 KB)" });
  });

  it("a deeply nested body from a caller without a token answers 401", async () => {
    const response = await request("POST", "/api/v2/buy", {
      headers: { "Content-Type": "application/json" },
      body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(response.status).toBe(401);
    expect((response.body as { code: string }).code).toBe("unauthorized");
  });
});

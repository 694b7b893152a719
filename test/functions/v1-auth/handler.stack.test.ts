import { describe, expect, it } from "vitest";
import { createTestAccount } from "../../support/accounts.js";
import { request } from "../../support/http.js";

const exchange = (headers: Record<string, string> = {}) =>
  request("POST", "/api/v1/auth/api-key/create", { headers });

describe("POST /api/v1/auth/api-key/create", () => {
  it("exchanges a seller API key for a one-hour bearer token in the v1 envelope", async () => {
    const account = await createTestAccount();
    const response = await exchange({ "X-API-KEY": account.api_key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = response.body as { status: string; data: { access_token: string; expires_in: number } };
    expect(Object.keys(body)).toEqual(["status", "data"]);
    expect(body.status).toBe("success");
    expect(Object.keys(body.data).sort()).toEqual(["access_token", "expires_in"]);
    expect(body.data.expires_in).toBe(3600);
    expect(body.data.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("answers a missing X-API-KEY with 401 Unauthorized", async () => {
    const response = await exchange();
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ status: "error", message: "Unauthorized" });
  });

  it("answers an unknown API key with the same 401 as a malformed one", async () => {
    const unknown = await exchange({ "X-API-KEY": `mk_${"A".repeat(43)}` });
    const malformed = await exchange({ "X-API-KEY": "not a key" });
    for (const response of [unknown, malformed]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ status: "error", message: "Unauthorized" });
    }
  });

  it("needs no bearer token and ignores a bad one", async () => {
    const account = await createTestAccount();
    const response = await exchange({ "X-API-KEY": account.api_key, Authorization: "Bearer garbage" });
    expect(response.status).toBe(200);
  });
});

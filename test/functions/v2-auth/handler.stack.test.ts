import { describe, expect, it } from "vitest";
import { createTestAccount } from "../../support/accounts.js";
import { request } from "../../support/http.js";

const exchange = (headers: Record<string, string> = {}) =>
  request("POST", "/api/v2/auth/api-key/create", { headers });

const unauthorizedV2 = {
  ok: false,
  code: "unauthorized",
  message: "Unauthorized",
  http_status: 401,
  error: { code: "unauthorized" },
};

describe("POST /api/v2/auth/api-key/create", () => {
  it("exchanges the seller API key for a Bearer token with expires_in in the v2 envelope", async () => {
    const account = await createTestAccount();
    const response = await exchange({ "X-API-KEY": account.api_key });
    expect(response.status).toBe(200);
    const body = response.body as {
      ok: boolean;
      data: { access_token: string; token_type: string; expires_in: number };
      meta: unknown;
    };
    expect(body.ok).toBe(true);
    expect(body.meta).toEqual({});
    expect(body.data.token_type).toBe("Bearer");
    expect(body.data.expires_in).toBe(3600);
    expect(Object.keys(body.data).sort()).toEqual(["access_token", "expires_in", "token_type"]);
  });

  it("answers a missing or unknown key with 401 code unauthorized", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "X-API-KEY": `mk_${"B".repeat(43)}` },
      { "X-API-KEY": "" },
    ];
    for (const headers of cases) {
      const response = await exchange(headers);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(unauthorizedV2);
    }
  });
});

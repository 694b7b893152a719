import { describe, expect, it } from "vitest";
import { accountAccess } from "../../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../../support/accounts.js";
import { request } from "../../../support/http.js";
import { afterStandingCache } from "../../../support/standing-cache.js";

const unauthorized = {
  v1: { status: "error", message: "Unauthorized" },
  v2: {
    ok: false,
    code: "unauthorized",
    message: "Unauthorized",
    http_status: 401,
    error: { code: "unauthorized" },
  },
} as const;

// A protected route of each version and what a new account sees there with a good token.
const protectedRoute = {
  v1: { path: "/api/v1/orders", ok: { status: "success", data: [] } },
  v2: { path: "/api/v2/balance", ok: { ok: true, data: { balance: 0, currency: "RUB" }, meta: {} } },
} as const;

const call = async (version: "v1" | "v2", token: string) => {
  const response = await request("GET", protectedRoute[version].path, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: response.body };
};

const exchange = async (version: "v1" | "v2", apiKey: string) => {
  const response = await request("POST", `/api/${version}/auth/api-key/create`, {
    headers: { "X-API-KEY": apiKey },
  });
  return { status: response.status, body: response.body };
};

describe.each(["v1", "v2"] as const)("revoked and blocked accounts' tokens on %s", (version) => {
  const allowed = { status: 200, body: protectedRoute[version].ok };
  const refused = { status: 401, body: unauthorized[version] };

  it("refuses a token issued before its account's tokens were revoked, once the gateway's remembered standing has lapsed, with the same 401 as any bad token", async () => {
    const account = await createTestAccount();
    const before = await tokenFor(account.api_key, version);
    expect(await call(version, before)).toEqual(allowed);
    await accountAccess().revokeTokens(account.seller_id);
    await afterStandingCache();
    expect(await call(version, before)).toEqual(refused);
    // The key itself still works and its new tokens carry the new generation.
    expect(await call(version, await tokenFor(account.api_key, version))).toEqual(allowed);
  });

  it("refuses every token of a blocked seller and its key exchange; after unblocking, only new tokens work, at once", async () => {
    const account = await createTestAccount();
    const before = await tokenFor(account.api_key, version);
    expect(await call(version, before)).toEqual(allowed);
    await accountAccess().block(account.seller_id);
    await afterStandingCache();
    expect(await call(version, before)).toEqual(refused);
    expect(await exchange(version, account.api_key)).toEqual(refused);
    await accountAccess().unblock(account.seller_id);
    expect(await call(version, before)).toEqual(refused);
    expect(await call(version, await tokenFor(account.api_key, version))).toEqual(allowed);
  });

  it("refuses tokens of the old key after a key rotation and the old key itself; the new key's tokens work", async () => {
    const account = await createTestAccount();
    const before = await tokenFor(account.api_key, version);
    const rotated = await accountAccess().rotateKey(account.seller_id);
    expect(await call(version, before)).toEqual(refused);
    expect(await exchange(version, account.api_key)).toEqual(refused);
    expect(await call(version, await tokenFor(rotated.api_key, version))).toEqual(allowed);
  });

  it("leaves other accounts' tokens alone", async () => {
    const [revoked, other] = await Promise.all([createTestAccount(), createTestAccount()]);
    const otherToken = await tokenFor(other.api_key, version);
    await accountAccess().revokeTokens(revoked.seller_id);
    expect(await call(version, otherToken)).toEqual(allowed);
  });
});

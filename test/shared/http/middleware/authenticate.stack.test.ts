import { beforeAll, describe, expect, it } from "vitest";
import type { CreatedAccount } from "../../../../shared/accounts/account-service.js";
import { createTestAccount, tokenFor } from "../../../support/accounts.js";
import { request } from "../../../support/http.js";
import { expiredToken, foreignToken, tamperedToken, unsignedToken } from "../../../support/tokens.js";

const envelopes = {
  v1: { unauthorized: { status: "error", message: "Unauthorized" } },
  v2: {
    unauthorized: {
      ok: false,
      code: "unauthorized",
      message: "Unauthorized",
      http_status: 401,
      error: { code: "unauthorized" },
    },
  },
} as const;

// A protected route of each version; with a valid token they reach their action.
const protectedRoute = { v1: ["GET", "/api/v1/orders"], v2: ["GET", "/api/v2/balance"] } as const;

let account: CreatedAccount;
const tokens: Record<"v1" | "v2", string> = { v1: "", v2: "" };

beforeAll(async () => {
  account = await createTestAccount();
  tokens.v1 = await tokenFor(account.api_key, "v1");
  tokens.v2 = await tokenFor(account.api_key, "v2");
});

describe.each(["v1", "v2"] as const)("bearer authentication on %s", (version) => {
  const other = version === "v1" ? "v2" : "v1";
  const call = (authorization?: string) => {
    const [method, path] = protectedRoute[version];
    return request(method, path, {
      headers: authorization === undefined ? {} : { Authorization: authorization },
    });
  };
  const expectUnauthorized = async (authorization?: string) => {
    const response = await call(authorization);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(envelopes[version].unauthorized);
    expect(response.text).not.toMatch(/\bat \w|Error:/);
  };

  it("lets a valid token through to the route", async () => {
    const response = await call(`Bearer ${tokens[version]}`);
    // v1: the new seller's (empty) order list; v2: the new account's balance.
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      version === "v1"
        ? { status: "success", data: [] }
        : { ok: true, data: { balance: 0, currency: "RUB" }, meta: {} },
    );
  });

  it("refuses a request without an Authorization header", async () => {
    await expectUnauthorized();
  });

  it("refuses a malformed Authorization header", async () => {
    for (const header of [
      "Bearer",
      "Bearer ",
      `Basic ${tokens[version]}`,
      tokens[version],
      "Bearer a b",
      "Bearer {}",
    ]) {
      await expectUnauthorized(header);
    }
  });

  it("refuses a token that is not a JWT", async () => {
    await expectUnauthorized("Bearer not.a.jwt");
    await expectUnauthorized("Bearer abc");
  });

  it("refuses an expired token", async () => {
    await expectUnauthorized(`Bearer ${await expiredToken(account.seller_id, version)}`);
  });

  it("refuses a token whose signature was tampered with", async () => {
    await expectUnauthorized(`Bearer ${tamperedToken(tokens[version])}`);
  });

  it("refuses a token signed with another key", async () => {
    await expectUnauthorized(`Bearer ${await foreignToken(account.seller_id, version)}`);
  });

  it("refuses an alg:none token", async () => {
    await expectUnauthorized(`Bearer ${unsignedToken(account.seller_id, version)}`);
  });

  it("refuses a token issued for the other API version", async () => {
    await expectUnauthorized(`Bearer ${tokens[other]}`);
  });
});

describe("request plumbing in both envelopes", () => {
  it("answers malformed JSON with 400 Invalid JSON in v1", async () => {
    const response = await request("POST", "/api/v1/products", {
      headers: { Authorization: `Bearer ${tokens.v1}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: "error", message: "Invalid JSON" });
  });

  it("answers malformed JSON with 400 invalid_request in v2", async () => {
    const response = await request("POST", "/api/v2/buy", {
      headers: { Authorization: `Bearer ${tokens.v2}`, "Content-Type": "application/json" },
      body: '{"product_id": ',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      ok: false,
      code: "invalid_request",
      message: "Invalid JSON",
      http_status: 400,
      error: { code: "invalid_request" },
    });
  });

  it("answers an unknown route with 404 in each version's envelope", async () => {
    const v1 = await request("GET", "/api/v1/no/such/route");
    expect(v1.status).toBe(404);
    expect(v1.body).toEqual({ status: "error", message: "Not found" });
    const v2 = await request("DELETE", "/api/v2/balance");
    expect(v2.status).toBe(404);
    expect(v2.body).toEqual({
      ok: false,
      code: "not_found",
      message: "Not found",
      http_status: 404,
      error: { code: "not_found" },
    });
  });

  it("echoes the request id in a header on every answer", async () => {
    const response = await request("GET", "/api/v1/no/such/route");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

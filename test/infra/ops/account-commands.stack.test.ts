import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { accountService, accountStore } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { runOps, usageError } from "../../support/ops-cli.js";
import { jsonHeaders } from "../../support/products.js";

const STEP_SECONDS = 30;
const unauthorizedV1 = { status: "error", message: "Unauthorized" };
const unauthorizedV2 = {
  ok: false,
  code: "unauthorized",
  message: "Unauthorized",
  http_status: 401,
  error: { code: "unauthorized" },
};

/** Runs an ops command that must succeed and returns what it printed. */
const ops = async (...args: string[]): Promise<unknown> => {
  const result = await runOps(args);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
};

const exchange = (apiKey: string, version: "v1" | "v2") =>
  request("POST", `/api/${version}/auth/api-key/create`, { headers: { "X-API-KEY": apiKey } });

const getSeller = (token: string) =>
  request("GET", "/api/v1/seller", { headers: { Authorization: `Bearer ${token}` } });

const getBalance = (token: string) =>
  request("GET", "/api/v2/balance", { headers: { Authorization: `Bearer ${token}` } });

const answer = (response: JsonResponse) => ({ status: response.status, body: response.body });

/** Waits out the last three seconds of a time step, so a code computed now is current when it arrives. */
const awayFromStepEdge = async () => {
  const intoStep = (Date.now() / 1000) % STEP_SECONDS;
  if (intoStep > STEP_SECONDS - 3)
    await new Promise((r) => setTimeout(r, (STEP_SECONDS - intoStep) * 1000 + 200));
};

const postPayout = (token: string, cod: string) =>
  request("POST", "/api/v1/payout", {
    headers: jsonHeaders(token),
    body: JSON.stringify({ amount: 1000, payment_system: "card", wallet: "4111111111111111", cod }),
  });

describe("ops CLI: account rotate-key", () => {
  it("prints {seller_id, api_key}: the old key and every token stop working at once, the new key works", async () => {
    const account = await createTestAccount();
    const [oldV1, oldV2] = await Promise.all([
      tokenFor(account.api_key, "v1"),
      tokenFor(account.api_key, "v2"),
    ]);
    const printed = (await ops("account", "rotate-key", String(account.seller_id))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(printed)).toEqual(["seller_id", "api_key"]);
    expect(printed.seller_id).toBe(account.seller_id);
    expect(printed.api_key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    expect(printed.api_key).not.toBe(account.api_key);
    const newKey = String(printed.api_key);

    expect(answer(await exchange(account.api_key, "v1"))).toEqual({ status: 401, body: unauthorizedV1 });
    expect(answer(await exchange(account.api_key, "v2"))).toEqual({ status: 401, body: unauthorizedV2 });
    expect(answer(await getSeller(oldV1))).toEqual({ status: 401, body: unauthorizedV1 });
    expect(answer(await getBalance(oldV2))).toEqual({ status: 401, body: unauthorizedV2 });

    const newV1 = await tokenFor(newKey, "v1");
    const seller = await getSeller(newV1);
    expect(seller.status).toBe(200);
    // GET /seller shows the key the seller now has.
    expect((seller.body as { data: { api_key: string } }).data.api_key).toBe(newKey);
    expect((await getBalance(await tokenFor(newKey, "v2"))).status).toBe(200);
  });
});

describe("ops CLI: account rotate-totp", () => {
  it("prints {seller_id, totp_secret, otpauth_url}: the old secret's codes are refused on POST /payout, the new one's accepted", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const oldToken = await tokenFor(account.api_key, "v1");
    const printed = (await ops("account", "rotate-totp", String(account.seller_id))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(printed)).toEqual(["seller_id", "totp_secret", "otpauth_url"]);
    expect(printed.seller_id).toBe(account.seller_id);
    const secret = String(printed.totp_secret);
    expect(secret).not.toBe(account.totp_secret);
    const url = new URL(String(printed.otpauth_url));
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Marketplace");

    // Tokens are revoked with the secret.
    expect(answer(await getSeller(oldToken))).toEqual({ status: 401, body: unauthorizedV1 });
    const token = await tokenFor(account.api_key, "v1");
    await awayFromStepEdge();
    const oldCode = await generate({ secret: account.totp_secret });
    const newCode = await generate({ secret });
    expect(oldCode).not.toBe(newCode);
    expect(answer(await postPayout(token, oldCode))).toEqual({
      status: 400,
      body: { status: "error", message: "Invalid OTP code" },
    });
    const accepted = await postPayout(token, newCode);
    expect(accepted.status, accepted.text).toBe(200);
    expect((await accountStore().findById(account.seller_id))?.balance).toBe(4000);
  });
});

describe("ops CLI: account rotate-totp after a payout", () => {
  it("accepts the new secret's code in the same time step as the old secret's last used code (no false replay)", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    // Both codes must fall in one 30 s step: start with at least 15 s of it left.
    const intoStep = (Date.now() / 1000) % STEP_SECONDS;
    if (intoStep > STEP_SECONDS - 15)
      await new Promise((r) => setTimeout(r, (STEP_SECONDS - intoStep) * 1000 + 200));
    const first = await postPayout(
      await tokenFor(account.api_key, "v1"),
      await generate({ secret: account.totp_secret }),
    );
    expect(first.status, first.text).toBe(200);
    const printed = (await ops("account", "rotate-totp", String(account.seller_id))) as Record<
      string,
      unknown
    >;
    const token = await tokenFor(account.api_key, "v1");
    const second = await postPayout(token, await generate({ secret: String(printed.totp_secret) }));
    expect(second.status, second.text).toBe(200);
    expect((await accountStore().findById(account.seller_id))?.balance).toBe(3000);
  });
});

describe("ops CLI: account rotate-webhook-secret", () => {
  it("prints {seller_id, webhook_secret, previous_signs_until}: a new whsec_ secret stored sealed, the replaced one kept a day, and the seller's tokens still work", async () => {
    const account = await createTestAccount();
    const token = await tokenFor(account.api_key, "v1");
    const printed = (await ops("account", "rotate-webhook-secret", String(account.seller_id))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(printed)).toEqual(["seller_id", "webhook_secret", "previous_signs_until"]);
    expect(printed.seller_id).toBe(account.seller_id);
    expect(String(printed.webhook_secret)).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(printed.webhook_secret).not.toBe(account.webhook_secret);
    const stored = await accountStore().findById(account.seller_id);
    expect(stored?.webhook_secret_previous_until).toBe(printed.previous_signs_until);
    expect(stored?.webhook_secret_sealed).not.toContain(String(printed.webhook_secret).slice(6));
    // A signing secret authorises nothing: the token exchanged before still reads the seller.
    expect((await request("GET", "/api/v1/seller", { headers: jsonHeaders(token) })).status).toBe(200);
  });
});

describe("ops CLI: account revoke-tokens", () => {
  it("prints {seller_id, token_generation}: tokens issued before are refused, the same key exchanges working ones", async () => {
    const account = await createTestAccount();
    const [oldV1, oldV2] = await Promise.all([
      tokenFor(account.api_key, "v1"),
      tokenFor(account.api_key, "v2"),
    ]);
    expect(await ops("account", "revoke-tokens", String(account.seller_id))).toEqual({
      seller_id: account.seller_id,
      token_generation: 1,
    });
    expect(answer(await getSeller(oldV1))).toEqual({ status: 401, body: unauthorizedV1 });
    expect(answer(await getBalance(oldV2))).toEqual({ status: 401, body: unauthorizedV2 });
    expect((await getSeller(await tokenFor(account.api_key, "v1"))).status).toBe(200);
    expect((await getBalance(await tokenFor(account.api_key, "v2"))).status).toBe(200);
    expect(await ops("account", "revoke-tokens", String(account.seller_id))).toEqual({
      seller_id: account.seller_id,
      token_generation: 2,
    });
  });
});

describe("ops CLI: account block and unblock", () => {
  it("block prints {seller_id, status_moderation: 2}; unblock prints 1 and the seller exchanges its key again", async () => {
    const account = await createTestAccount();
    const token = await tokenFor(account.api_key, "v1");
    expect(await ops("account", "block", String(account.seller_id))).toEqual({
      seller_id: account.seller_id,
      status_moderation: 2,
    });
    expect(answer(await getSeller(token))).toEqual({ status: 401, body: unauthorizedV1 });
    expect(answer(await exchange(account.api_key, "v1"))).toEqual({ status: 401, body: unauthorizedV1 });
    expect((await accountStore().findById(account.seller_id))?.status_moderation).toBe(2);

    expect(await ops("account", "unblock", String(account.seller_id))).toEqual({
      seller_id: account.seller_id,
      status_moderation: 1,
    });
    // A token from before the block stays revoked; a new exchange works.
    expect(answer(await getSeller(token))).toEqual({ status: 401, body: unauthorizedV1 });
    const seller = await getSeller(await tokenFor(account.api_key, "v1"));
    expect(seller.status).toBe(200);
    expect((seller.body as { data: { status_moderation: number } }).data.status_moderation).toBe(1);
  });
});

describe("ops CLI: account commands' refusals", () => {
  it.each(["rotate-key", "rotate-totp", "revoke-tokens", "block", "unblock"])(
    "account %s refuses an unknown seller with exit 1 and changes nothing",
    async (verb) => {
      const unknown = await runOps(["account", verb, "987654321"]);
      expect({ code: unknown.code, stdout: unknown.stdout, stderr: unknown.stderr }).toEqual({
        code: 1,
        stdout: "",
        stderr: "Seller 987654321 not found\n",
      });
      expect(await accountStore().findById(987654321)).toBeUndefined();
    },
  );

  it("refuses a missing, non-numeric or extra seller id with one line and exit 2", async () => {
    const cases: [string[], string][] = [
      [["account", "block"], usageError("seller_id is required", "account block <seller_id>")],
      [
        ["account", "rotate-key", "abc"],
        usageError('seller_id must be a positive integer, got "abc"', "account rotate-key <seller_id>"),
      ],
      [
        ["account", "revoke-tokens", "7", "8"],
        usageError('unexpected argument "8"', "account revoke-tokens <seller_id>"),
      ],
    ];
    for (const [args, stderr] of cases) {
      const result = await runOps(args);
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 2,
        stdout: "",
        stderr,
      });
    }
  });
});

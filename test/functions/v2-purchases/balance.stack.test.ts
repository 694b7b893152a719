import { describe, expect, it } from "vitest";
import { accountService } from "../../../shared/runtime/dependencies.js";
import { createTestSeller, unauthorized, v2Get } from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { runOps } from "../../support/ops-cli.js";
import { expiredToken } from "../../support/tokens.js";

const balanceOf = async (token: string | undefined) => {
  const response = await v2Get(token, "/api/v2/balance");
  return { status: response.status, body: response.body };
};

const balance = (amount: number) => ({
  status: 200,
  body: { ok: true, data: { balance: amount, currency: "RUB" }, meta: {} },
});

describe("GET /api/v2/balance", () => {
  it("is 0 RUB for a new account", async () => {
    const account = await createTestSeller();
    expect(await balanceOf(account.v2)).toStrictEqual(balance(0));
  });

  it("shows the sum of the operator's credits, by service and by `ops balance credit`", async () => {
    const account = await createTestSeller();
    await accountService().credit(account.id, 1500);
    expect(await balanceOf(account.v2)).toStrictEqual(balance(1500));

    const result = await runOps(["balance", "credit", String(account.id), "250"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toStrictEqual({ seller_id: account.id, balance: 1750 });
    expect(await balanceOf(account.v2)).toStrictEqual(balance(1750));
  });

  it("is the caller's own balance: another account's credit does not change it", async () => {
    const [mine, theirs] = await Promise.all([createTestSeller(), createTestSeller()]);
    await accountService().credit(mine.id, 300);
    await accountService().credit(theirs.id, 9000);
    expect(await balanceOf(mine.v2)).toStrictEqual(balance(300));
    expect(await balanceOf(theirs.v2)).toStrictEqual(balance(9000));
  });

  it("needs a valid v2 token: none, a v1 token, an expired one or garbage is 401 unauthorized", async () => {
    const account = await createTestSeller();
    for (const token of [undefined, account.v1, await expiredToken(account.id, "v2"), "garbage"]) {
      expect(await balanceOf(token)).toStrictEqual({ status: 401, body: unauthorized });
    }
  });

  it("an API key instead of a token is 401 unauthorized, as a Bearer or in X-API-KEY", async () => {
    const account = await createTestSeller();
    const asBearer = await balanceOf(account.apiKey);
    const asHeader = await request("GET", "/api/v2/balance", { headers: { "X-API-KEY": account.apiKey } });
    expect([asBearer, { status: asHeader.status, body: asHeader.body }]).toStrictEqual([
      { status: 401, body: unauthorized },
      { status: 401, body: unauthorized },
    ]);
  });
});

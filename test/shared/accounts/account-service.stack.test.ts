import { generate, verify } from "otplib";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../../shared/accounts/api-keys.js";
import { accountService, accountStore } from "../../../shared/runtime/dependencies.js";
import { masterSecret } from "../../../shared/runtime/master-secret.js";
import { deriveKeys } from "../../../shared/secrets/derived-keys.js";
import { open } from "../../../shared/secrets/sealed-box.js";

const dataKey = async () => deriveKeys(await masterSecret()).dataEncryption;

describe("account service against DynamoDB Local", () => {
  it("stores the API key only as its lookup hash and a sealed copy", async () => {
    const created = await accountService().create({ name: "Sealed Store", email: "sealed@example.com" });
    const stored = await accountStore().findById(created.seller_id);
    expect(stored).toBeDefined();
    if (!stored) return;
    expect(JSON.stringify(stored)).not.toContain(created.api_key);
    expect(JSON.stringify(stored)).not.toContain(created.totp_secret);
    expect(stored.api_key_hash).toBe(hashApiKey(created.api_key));
    expect(open(await dataKey(), stored.api_key_sealed)).toBe(created.api_key);
    expect(open(await dataKey(), stored.totp_secret_sealed)).toBe(created.totp_secret);
    expect(await accountStore().findAccountIdByApiKeyHash(hashApiKey(created.api_key))).toBe(
      created.seller_id,
    );
  });

  it("creates an approved seller with zero balance and the documented defaults", async () => {
    const created = await accountService().create({
      name: "  Trimmed Store  ",
      email: "defaults@example.com",
    });
    const stored = await accountStore().findById(created.seller_id);
    expect(stored).toMatchObject({
      account_id: created.seller_id,
      id_user: created.seller_id,
      name: "Trimmed Store",
      email: "defaults@example.com",
      description: "",
      api_url: "",
      img: "",
      balance: 0,
      rating: 0,
      status_moderation: 1,
    });
  });

  it("gives an authenticator secret whose codes verify and an otpauth URL that carries it", async () => {
    const created = await accountService().create({ name: "Totp Store", email: "totp@example.com" });
    const url = new URL(created.otpauth_url);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(created.totp_secret);
    expect(url.searchParams.get("issuer")).toBe("Marketplace");
    const code = await generate({ secret: created.totp_secret });
    expect((await verify({ secret: created.totp_secret, token: code })).valid).toBe(true);
  });

  it("refuses a bad e-mail or a too-short name and writes nothing", async () => {
    await expect(accountService().create({ name: "Ok Store", email: "not-an-email" })).rejects.toThrow(
      "email must be a valid e-mail address",
    );
    await expect(accountService().create({ name: "ab", email: "short@example.com" })).rejects.toThrow(
      "name must be 3-100 characters",
    );
  });

  it("hands out distinct seller ids to 20 parallel account creations", async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        accountService().create({ name: `Parallel Store ${i}`, email: `parallel${i}@example.com` }),
      ),
    );
    const ids = created.map((c) => c.seller_id);
    expect(new Set(ids).size).toBe(20);
    const keys = created.map((c) => c.api_key);
    expect(new Set(keys).size).toBe(20);
    const stored = await Promise.all(ids.map((id) => accountStore().findById(id)));
    expect(stored.map((s) => s?.account_id)).toEqual(ids);
  });
});

import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../../shared/accounts/api-keys.js";
import { accountAccess, accountStore } from "../../../shared/runtime/dependencies.js";
import { createTestAccount } from "../../support/accounts.js";

describe("account credentials changes against DynamoDB Local", () => {
  it("keep the key lookup's copy of the generation and status in step with the account", async () => {
    const account = await createTestAccount();
    await accountAccess().revokeTokens(account.seller_id);
    await accountAccess().block(account.seller_id);
    expect(await accountStore().findKeyHolder(hashApiKey(account.api_key))).toEqual({
      accountId: account.seller_id,
      generation: 2,
      statusModeration: 2,
    });
    expect(await accountStore().findById(account.seller_id)).toMatchObject({
      token_generation: 2,
      status_moderation: 2,
    });
  });

  it("swap the key lookup on rotation: the old hash finds nobody, the new one finds the account", async () => {
    const account = await createTestAccount();
    const { api_key } = await accountAccess().rotateKey(account.seller_id);
    expect(await accountStore().findKeyHolder(hashApiKey(account.api_key))).toBeUndefined();
    expect(await accountStore().findKeyHolder(hashApiKey(api_key))).toEqual({
      accountId: account.seller_id,
      generation: 1,
      statusModeration: 1,
    });
    expect((await accountStore().findById(account.seller_id))?.api_key_hash).toBe(hashApiKey(api_key));
  });

  it("apply nothing when the key or generation moved since they were read ('stale'), and say 'missing' without the account", async () => {
    const account = await createTestAccount();
    const seen = { apiKeyHash: hashApiKey(account.api_key), generation: 0 };
    await accountAccess().revokeTokens(account.seller_id);
    expect(
      await accountStore().changeCredentials(account.seller_id, seen, { generation: 1, statusModeration: 2 }),
    ).toBe("stale");
    expect(await accountStore().findById(account.seller_id)).toMatchObject({
      token_generation: 1,
      status_moderation: 1,
    });
    expect(
      await accountStore().changeCredentials(987654321, seen, { generation: 1, statusModeration: 2 }),
    ).toBe("missing");
  });

  it("count every one of parallel revocations: each raises the generation once", async () => {
    const account = await createTestAccount();
    const results = await Promise.all(
      Array.from({ length: 3 }, () => accountAccess().revokeTokens(account.seller_id)),
    );
    expect(results.map((r) => r.token_generation).sort()).toEqual([1, 2, 3]);
    expect((await accountStore().findKeyHolder(hashApiKey(account.api_key)))?.generation).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import type { CodeUse } from "../../../shared/accounts/account-repository.js";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { newId } from "../../../shared/ids/ids.js";
import { cryptoRandomness } from "../../../shared/ids/randomness.js";
import type { PayoutRecord } from "../../../shared/payouts/payout.js";
import { createPayoutRepository } from "../../../shared/payouts/payout-repository.js";
import { accountService, accountStore } from "../../../shared/runtime/dependencies.js";
import { createTestAccount } from "../../support/accounts.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";

const MINUTE = 60_000;
const RULE = { maxWrongCodes: 5, windowSeconds: 15 * 60 };

const payoutOf = (sellerId: number, amount: number, at: Date): PayoutRecord => ({
  id: newId(at.getTime()),
  seller_id: sellerId,
  amount,
  payment_system: "card",
  wallet: "4111111111111111",
  status: "wait",
  created_at: at.toISOString(),
});

/**
 * The debit transaction on its own, past the service's early answers from the account read: its
 * conditions alone keep a code single-use, respect the lock and never overdraw, and the failed item it
 * hands back (ALL_OLD) tells which.
 */
describe("payout repository: the debit transaction with a code", () => {
  it("uses a step once, refuses an earlier step, a short balance and a full window, and tells which", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const payouts = createPayoutRepository(createDocumentClient(), requireEnv("TABLE_NAME"));
    const at = new Date(Date.now() - 30 * MINUTE);
    const create = (amount: number, code: CodeUse) =>
      payouts.create(payoutOf(account.seller_id, amount, code.at), cryptoRandomness.uuid(), code);
    const results = [
      await create(1000, { step: 1000, at, rule: RULE }),
      await create(1000, { step: 1000, at, rule: RULE }),
      await create(1000, { step: 999, at, rule: RULE }),
      await create(4001, { step: 1001, at, rule: RULE }),
    ];
    for (let i = 0; i < 5; i++) {
      expect(await accountStore().countWrongCode(account.seller_id, at, RULE, { otp_wrong_codes: i })).toBe(
        "counted",
      );
    }
    results.push(await create(1000, { step: 1001, at, rule: RULE }));
    // Locked and replayed at once: the lock is told, so a locked seller learns nothing about the code.
    results.push(await create(1000, { step: 1000, at, rule: RULE }));
    results.push(await create(1000, { step: 1001, at: new Date(at.getTime() + 15 * MINUTE), rule: RULE }));
    expect(results).toEqual([
      "created",
      "replayed",
      "replayed",
      "insufficient_balance",
      "locked",
      "locked",
      "created",
    ]);
    expect(await balanceOf(account.seller_id)).toBe(3000);
    expect((await ledgerOf(account.seller_id)).filter((e) => e.kind === "payout")).toHaveLength(2);
    expect((await accountStore().findWithCodeGuard(account.seller_id))?.guard).toEqual({
      totp_last_step: 1001,
      otp_wrong_codes: 5,
      otp_window_start: at.toISOString(),
    });
  });

  it("without a code (operator set-ups) debits only what the balance holds", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 1500);
    const payouts = createPayoutRepository(createDocumentClient(), requireEnv("TABLE_NAME"));
    const at = new Date();
    expect(await payouts.create(payoutOf(account.seller_id, 1000, at), cryptoRandomness.uuid())).toBe(
      "created",
    );
    expect(await payouts.create(payoutOf(account.seller_id, 1000, at), cryptoRandomness.uuid())).toBe(
      "insufficient_balance",
    );
    expect(await balanceOf(account.seller_id)).toBe(500);
  });
});

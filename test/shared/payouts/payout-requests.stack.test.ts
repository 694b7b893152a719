import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { createAccountRepository } from "../../../shared/accounts/account-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { cryptoRandomness } from "../../../shared/ids/randomness.js";
import { createPayoutRepository } from "../../../shared/payouts/payout-repository.js";
import { createPayoutService } from "../../../shared/payouts/payout-service.js";
import { accountService } from "../../../shared/runtime/dependencies.js";
import { masterSecret } from "../../../shared/runtime/master-secret.js";
import { pageCursors } from "../../../shared/runtime/page-cursors.js";
import { deriveKeys } from "../../../shared/secrets/derived-keys.js";
import { createCountingClient } from "../../bench/read-counter.js";
import { createTestAccount } from "../../support/accounts.js";
import { balanceOf } from "../../support/ledger.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";

const MINUTE = 60_000;
const CARD = "4111111111111111";
const LOCK_MESSAGE = "Too many invalid codes: payouts are locked for 15 minutes";

/** A payout service whose every DynamoDB request goes through a counting client, at `clock.now`. */
const counted = (clock: { now: Date }) => {
  const counting = createCountingClient();
  const table = requireEnv("TABLE_NAME");
  const service = createPayoutService({
    metrics: recordedMetrics().sink,
    accounts: createAccountRepository(counting.client, table),
    payouts: createPayoutRepository(counting.client, table),
    dataKey: async () => deriveKeys(await masterSecret()).dataEncryption,
    cursors: pageCursors,
    now: () => clock.now,
    random: cryptoRandomness,
  });
  return { counting, service };
};

const codeAt = (secret: string, at: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** A code valid at none of the steps around `at`. */
const wrongCodeAt = async (secret: string, at: Date): Promise<string> => {
  const near = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((k) => codeAt(secret, new Date(at.getTime() + k * 30_000)))),
  );
  const candidate = ["000000", "123456", "999999", "111111"].find((c) => !near.has(c));
  if (!candidate) throw new Error("no wrong code found");
  return candidate;
};

const cardPayout = (cod: string, amount = 1000) => ({
  amount,
  payment_system: "card" as const,
  wallet: CARD,
  cod,
});

/** Runs one payout from a reset tally: its outcome and the requests it sent, by operation. */
const measure = async (
  run: { counting: ReturnType<typeof createCountingClient>; service: ReturnType<typeof createPayoutService> },
  sellerId: number,
  body: ReturnType<typeof cardPayout>,
) => {
  run.counting.reset();
  let outcome = "paid";
  try {
    await run.service.request(sellerId, body);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    outcome = error.message;
  }
  const { requests, byOperation } = run.counting.tally();
  const operations = Object.fromEntries(Object.entries(byOperation).map(([op, t]) => [op, t.requests]));
  return { outcome, requests, operations };
};

describe("POST /payout round trips to DynamoDB", () => {
  it("a valid code: exactly 2 requests (the account, then the one debit transaction)", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const clock = { now: new Date(Date.now() - 20 * MINUTE) };
    const run = counted(clock);
    expect(
      await measure(run, account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
    ).toEqual({
      outcome: "paid",
      requests: 2,
      operations: { GetItem: 1, TransactWriteItems: 1 },
    });
    // Still two for the next payout in the same window, and after wrong codes.
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(
      (await measure(run, account.seller_id, cardPayout(await wrongCodeAt(account.totp_secret, clock.now))))
        .outcome,
    ).toBe("Invalid OTP code");
    expect(
      await measure(run, account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
    ).toEqual({
      outcome: "paid",
      requests: 2,
      operations: { GetItem: 1, TransactWriteItems: 1 },
    });
    expect(await balanceOf(account.seller_id)).toBe(3000);
  });

  it("a wrong code: exactly 2 requests (the account, then the conditional write that counts it)", async () => {
    const account = await createTestAccount();
    const start = new Date(Date.now() - 40 * MINUTE);
    const clock = { now: start };
    const run = counted(clock);
    const wrong = await wrongCodeAt(account.totp_secret, start);
    const wrongAnswer = {
      outcome: "Invalid OTP code",
      requests: 2,
      operations: { GetItem: 1, UpdateItem: 1 },
    };
    // The first of a window, then one inside the running window.
    expect(await measure(run, account.seller_id, cardPayout(wrong))).toEqual(wrongAnswer);
    expect(await measure(run, account.seller_id, cardPayout(wrong))).toEqual(wrongAnswer);
    for (let i = 0; i < 3; i++) await measure(run, account.seller_id, cardPayout(wrong));
    // Locked: the account read alone answers, for a wrong and a valid code alike.
    const lockedAnswer = { outcome: LOCK_MESSAGE, requests: 1, operations: { GetItem: 1 } };
    expect(await measure(run, account.seller_id, cardPayout(wrong))).toEqual(lockedAnswer);
    expect(
      await measure(run, account.seller_id, cardPayout(await codeAt(account.totp_secret, start))),
    ).toEqual(lockedAnswer);
    // Window rollover: the first wrong code after the window ended begins the next one, still 2 requests.
    clock.now = new Date(start.getTime() + 15 * MINUTE);
    expect(
      await measure(run, account.seller_id, cardPayout(await wrongCodeAt(account.totp_secret, clock.now))),
    ).toEqual(wrongAnswer);
  });

  it("a replayed code and a short balance are answered from the account read alone: 1 request, nothing written", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 1500);
    const clock = { now: new Date(Date.now() - 20 * MINUTE) };
    const run = counted(clock);
    const cod = await codeAt(account.totp_secret, clock.now);
    expect((await measure(run, account.seller_id, cardPayout(cod))).outcome).toBe("paid");
    expect(await measure(run, account.seller_id, cardPayout(cod))).toEqual({
      outcome: "Invalid OTP code",
      requests: 1,
      operations: { GetItem: 1 },
    });
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(
      await measure(run, account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
    ).toEqual({
      outcome: "Insufficient balance",
      requests: 1,
      operations: { GetItem: 1 },
    });
    expect(await balanceOf(account.seller_id)).toBe(500);
  });

  it("an unknown seller: 1 request, 'Seller not found'", async () => {
    const run = counted({ now: new Date() });
    expect(await measure(run, 987_654_321, cardPayout("123456"))).toEqual({
      outcome: "Seller not found",
      requests: 1,
      operations: { GetItem: 1 },
    });
  });
});

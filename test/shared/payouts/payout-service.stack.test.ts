import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { cryptoRandomness } from "../../../shared/ids/randomness.js";
import { checkWallet, passesLuhn } from "../../../shared/payouts/payout.js";
import { createPayoutRepository } from "../../../shared/payouts/payout-repository.js";
import {
  createPayoutService,
  LOCK_WINDOW_SECONDS,
  MAX_WRONG_CODES,
} from "../../../shared/payouts/payout-service.js";
import { accountService, accountStore, payoutService } from "../../../shared/runtime/dependencies.js";
import { masterSecret } from "../../../shared/runtime/master-secret.js";
import { pageCursors } from "../../../shared/runtime/page-cursors.js";
import { deriveKeys } from "../../../shared/secrets/derived-keys.js";
import { createTestAccount } from "../../support/accounts.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";

const CARD = "4111111111111111";
const CARD_MESSAGE = "Invalid card number: 16-19 digits with a valid checksum";
const USDT_MESSAGE = "Invalid USDT wallet: a TRC-20 (T…) or ERC-20 (0x…) address";
const ACCOUNT_MESSAGE = "Invalid payment account: 20 digits";
const LOCK_MESSAGE = "Too many invalid codes: payouts are locked for 15 minutes";
const MINUTE = 60_000;

/** A payout service on the stack's table whose clock reads `clock.now`, counting into `counted` if given. */
const payoutServiceAt = (clock: { now: Date }, counted = recordedMetrics()) =>
  createPayoutService({
    metrics: counted.sink,
    accounts: accountStore(),
    payouts: createPayoutRepository(createDocumentClient(), requireEnv("TABLE_NAME")),
    dataKey: async () => deriveKeys(await masterSecret()).dataEncryption,
    cursors: pageCursors,
    now: () => clock.now,
    random: cryptoRandomness,
  });

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

/** A six-digit code that is not valid at `at` (none of steps −2 … +2). */
const wrongCodeAt = async (secret: string, at: Date): Promise<string> => {
  const near = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((k) => generate({ secret, epoch: epochOf(at) + k * 30 }))),
  );
  const candidate = ["000000", "123456", "999999", "111111", "654321"].find((c) => !near.has(c));
  if (!candidate) throw new Error("no wrong code found");
  return candidate;
};

/** The code of `at`'s time step. */
const codeAt = (secret: string, at: Date): Promise<string> => generate({ secret, epoch: epochOf(at) });

const INVALID = "Invalid OTP code";

/** "paid", or the message a payout was refused with. */
const outcomeOf = async (payout: Promise<{ id_order: string }>): Promise<string> => {
  try {
    await payout;
    return "paid";
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
};

/** How many times each outcome occurred. */
const tally = (outcomes: string[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
};

const cardPayout = (cod: string) => ({
  amount: 1000,
  payment_system: "card" as const,
  wallet: CARD,
  cod,
});

describe("payout service: concurrent debits", () => {
  it("10 parallel debits of 1000 on a balance of 3000: exactly 3 succeed, balance 0, 3 payout ledger entries", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 3000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        payoutService().debit({
          sellerId: account.seller_id,
          amount: 1000,
          paymentSystem: "card",
          wallet: CARD,
        }),
      ),
    );
    const succeeded = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.id_order] : []));
    const failed = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(succeeded).toHaveLength(3);
    expect(new Set(succeeded).size).toBe(3);
    expect(failed).toHaveLength(7);
    for (const reason of failed) {
      expect(reason).toMatchObject({ kind: "conflict", message: "Insufficient balance" });
    }
    expect(await balanceOf(account.seller_id)).toBe(0);
    const ledger = await ledgerOf(account.seller_id);
    expect(ledger.map((e) => e.kind).sort()).toEqual(["operator_credit", "payout", "payout", "payout"]);
    expect(ledger.find((e) => e.kind === "operator_credit")?.amount).toBe(3000);
    const payouts = ledger.filter((e) => e.kind === "payout");
    expect(payouts.map((e) => e.amount)).toEqual([-1000, -1000, -1000]);
    expect(payouts.map((e) => e.payout_id).sort()).toEqual([...succeeded].sort());
    const history = (await payoutService().history(account.seller_id)).items;
    expect(history.map((p) => p.id_order).sort()).toEqual([...succeeded].sort());
    expect(history.every((p) => p.status === "wait" && p.amount === 1000)).toBe(true);
  });

  it("parallel debits of different amounts never overdraw and the ledger sums to the balance", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 3500);
    const amounts = [1000, 2000, 1500, 1000, 3000, 1200, 1000, 2500];
    const results = await Promise.allSettled(
      amounts.map((amount) =>
        payoutService().debit({ sellerId: account.seller_id, amount, paymentSystem: "card", wallet: CARD }),
      ),
    );
    const debited = amounts.filter((_, i) => results[i]?.status === "fulfilled");
    for (const r of results) {
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ kind: "conflict", message: "Insufficient balance" });
    }
    const balance = await balanceOf(account.seller_id);
    expect(balance).toBe(3500 - debited.reduce((a, b) => a + b, 0));
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBeLessThan(1000);
    const ledger = await ledgerOf(account.seller_id);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
    expect(ledger.filter((e) => e.kind === "payout")).toHaveLength(debited.length);
  });

  it("refuses a debit larger than the balance with 409 'Insufficient balance' and writes nothing", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 999);
    await expect(
      payoutService().debit({
        sellerId: account.seller_id,
        amount: 1000,
        paymentSystem: "card",
        wallet: CARD,
      }),
    ).rejects.toMatchObject({ kind: "conflict", message: "Insufficient balance" });
    expect(await balanceOf(account.seller_id)).toBe(999);
    expect((await ledgerOf(account.seller_id)).map((e) => e.kind)).toEqual(["operator_credit"]);
    expect((await payoutService().history(account.seller_id)).items).toEqual([]);
  });
});

describe("payout service: concurrent decisions", () => {
  it("10 parallel rejections of one payout refund it exactly once", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 3000);
    const { id_order } = await payoutService().debit({
      sellerId: account.seller_id,
      amount: 2000,
      paymentSystem: "card",
      wallet: CARD,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => payoutService().decide(id_order, "rejected")),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toMatchObject({ kind: "conflict", message: `Payout ${id_order} is not waiting` });
      }
    }
    expect(await balanceOf(account.seller_id)).toBe(3000);
    const ledger = await ledgerOf(account.seller_id);
    expect(ledger.filter((e) => e.kind === "payout_refund")).toEqual([
      expect.objectContaining({ amount: 2000, payout_id: id_order }),
    ]);
  });
});

describe("payout service: lock after wrong codes", () => {
  it("the lock ends 15 minutes after five wrong codes sent together; only the payout accepted counts as requested", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const start = new Date(Date.now() - 40 * MINUTE);
    const clock = { now: start };
    const metrics = recordedMetrics();
    const service = payoutServiceAt(clock, metrics);
    for (let i = 0; i < 5; i++) {
      await expect(
        service.request(account.seller_id, cardPayout(await wrongCodeAt(account.totp_secret, clock.now))),
      ).rejects.toMatchObject({ kind: "bad_request", message: "Invalid OTP code" });
    }
    clock.now = new Date(start.getTime() + 14 * MINUTE + 59_000);
    const during = await generate({ secret: account.totp_secret, epoch: epochOf(clock.now) });
    await expect(service.request(account.seller_id, cardPayout(during))).rejects.toMatchObject({
      kind: "rate_limited",
      message: LOCK_MESSAGE,
    });
    clock.now = new Date(start.getTime() + 15 * MINUTE + 1000);
    const after = await generate({ secret: account.totp_secret, epoch: epochOf(clock.now) });
    await expect(service.request(account.seller_id, cardPayout(after))).resolves.toMatchObject({
      id_order: expect.any(String),
    });
    expect(await balanceOf(account.seller_id)).toBe(4000);
    expect(metrics.counted).toEqual(["payoutsRequested"]);
  });

  it("the lock ends with its window, 15 minutes after the window's first wrong code, however late the fifth came", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const start = new Date(Date.now() - 60 * MINUTE);
    const clock = { now: start };
    const service = payoutServiceAt(clock);
    // Wrong codes at 0, 1, 2, 3 and 14 minutes fill the window that began at minute 0: locked until 15.
    for (const minute of [0, 1, 2, 3, 14]) {
      clock.now = new Date(start.getTime() + minute * MINUTE);
      await expect(
        service.request(account.seller_id, cardPayout(await wrongCodeAt(account.totp_secret, clock.now))),
      ).rejects.toMatchObject({ kind: "bad_request", message: "Invalid OTP code" });
    }
    clock.now = new Date(start.getTime() + 14 * MINUTE + 59_000);
    await expect(
      service.request(account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
    ).rejects.toMatchObject({ kind: "rate_limited", message: LOCK_MESSAGE });
    clock.now = new Date(start.getTime() + 15 * MINUTE);
    await expect(
      service.request(account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
    ).resolves.toMatchObject({ id_order: expect.any(String) });
    expect(await balanceOf(account.seller_id)).toBe(4000);
  });

  it("a wrong code after the window ended begins a new window: five more are answered, the sixth is locked", async () => {
    const account = await createTestAccount();
    const start = new Date(Date.now() - 60 * MINUTE);
    const clock = { now: start };
    const service = payoutServiceAt(clock);
    const answers: string[] = [];
    const attempt = async (minute: number) => {
      clock.now = new Date(start.getTime() + minute * MINUTE);
      answers.push(
        await outcomeOf(
          service.request(account.seller_id, cardPayout(await wrongCodeAt(account.totp_secret, clock.now))),
        ),
      );
    };
    for (const minute of [0, 1, 2, 3]) await attempt(minute);
    // Minute 15 is the first moment the window of minute 0 has ended.
    for (const minute of [15, 15, 16, 17, 29, 29]) await attempt(minute);
    await attempt(30);
    expect(answers).toEqual([...Array(4).fill(INVALID), ...Array(5).fill(INVALID), LOCK_MESSAGE, INVALID]);
    expect((await accountStore().findWithCodeGuard(account.seller_id))?.guard).toMatchObject({
      otp_wrong_codes: 1,
      otp_window_start: new Date(start.getTime() + 30 * MINUTE).toISOString(),
    });
  });

  it("checks the wallet before the lock and the code, so a locked seller still learns a wallet is wrong", async () => {
    const account = await createTestAccount();
    const clock = { now: new Date() };
    const service = payoutServiceAt(clock);
    for (let i = 0; i < 5; i++) {
      await expect(
        service.request(account.seller_id, cardPayout(await wrongCodeAt(account.totp_secret, clock.now))),
      ).rejects.toMatchObject({ kind: "bad_request", message: "Invalid OTP code" });
    }
    await expect(
      service.request(account.seller_id, { ...cardPayout("000000"), wallet: "4111111111111112" }),
    ).rejects.toMatchObject({ kind: "bad_request", message: CARD_MESSAGE });
    await expect(service.request(account.seller_id, cardPayout("000000"))).rejects.toMatchObject({
      kind: "rate_limited",
      message: LOCK_MESSAGE,
    });
  });
});

describe("payout service: codes and the lock under parallel requests", () => {
  it("a burst of 50 parallel payouts with wrong codes: exactly 5 are answered 'Invalid OTP code', 45 are locked; after the window a valid code pays out", async () => {
    expect([MAX_WRONG_CODES, LOCK_WINDOW_SECONDS]).toEqual([5, 900]);
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const start = new Date(Date.now() - 40 * MINUTE);
    const clock = { now: start };
    const service = payoutServiceAt(clock);
    const wrong = await wrongCodeAt(account.totp_secret, start);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => outcomeOf(service.request(account.seller_id, cardPayout(wrong)))),
    );
    expect(tally(outcomes)).toEqual({ [INVALID]: 5, [LOCK_MESSAGE]: 45 });
    expect((await accountStore().findWithCodeGuard(account.seller_id))?.guard).toMatchObject({
      otp_wrong_codes: 5,
      otp_window_start: start.toISOString(),
    });
    clock.now = new Date(start.getTime() + 15 * MINUTE - 1000);
    expect(
      await outcomeOf(
        service.request(account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
      ),
    ).toBe(LOCK_MESSAGE);
    clock.now = new Date(start.getTime() + 15 * MINUTE);
    expect(
      await outcomeOf(
        service.request(account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
      ),
    ).toBe("paid");
    expect(await balanceOf(account.seller_id)).toBe(4000);
  });

  it("20 parallel payouts with the same valid code: exactly one pays out, 19 are 'Invalid OTP code', and none counts as wrong", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 50_000);
    const clock = { now: new Date(Date.now() - 30 * MINUTE) };
    const service = payoutServiceAt(clock);
    const cod = await codeAt(account.totp_secret, clock.now);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => outcomeOf(service.request(account.seller_id, cardPayout(cod)))),
    );
    expect(tally(outcomes)).toEqual({ paid: 1, [INVALID]: 19 });
    expect(await balanceOf(account.seller_id)).toBe(49_000);
    expect((await ledgerOf(account.seller_id)).filter((e) => e.kind === "payout")).toHaveLength(1);
    expect((await accountStore().findWithCodeGuard(account.seller_id))?.guard.otp_wrong_codes).toBe(0);
    // The next step's code still pays: the replays locked nothing.
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(
      await outcomeOf(
        service.request(account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
      ),
    ).toBe("paid");
    expect(await balanceOf(account.seller_id)).toBe(48_000);
  });

  it("10 parallel valid payouts of 2000 (codes of 10 different steps) on a balance of 3000: exactly one pays out, never below zero", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 3000);
    const base = Date.now() - 30 * MINUTE;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        const clock = { now: new Date(base + k * 30_000) };
        const cod = await codeAt(account.totp_secret, clock.now);
        return outcomeOf(
          payoutServiceAt(clock).request(account.seller_id, { ...cardPayout(cod), amount: 2000 }),
        );
      }),
    );
    // Each other one fails on its step (an earlier step than the one used) or on the balance.
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.every((o) => ["paid", INVALID, "Insufficient balance"].includes(o))).toBe(true);
    expect(await balanceOf(account.seller_id)).toBe(1000);
    const ledger = await ledgerOf(account.seller_id);
    expect(ledger.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-2000, 3000]);
  });

  it("parallel valid payouts of different amounts whose sum exceeds the balance never overdraw, and the ledger sums to the balance", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 3500);
    const base = Date.now() - 30 * MINUTE;
    const amounts = [1000, 2000, 1500, 1000, 3000, 1200, 1000, 2500];
    const outcomes = await Promise.all(
      amounts.map(async (amount, k) => {
        const clock = { now: new Date(base + k * 30_000) };
        const cod = await codeAt(account.totp_secret, clock.now);
        return outcomeOf(payoutServiceAt(clock).request(account.seller_id, { ...cardPayout(cod), amount }));
      }),
    );
    const paid = amounts.filter((_, i) => outcomes[i] === "paid");
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => ["paid", INVALID, "Insufficient balance"].includes(o))).toBe(true);
    const balance = await balanceOf(account.seller_id);
    expect(balance).toBe(3500 - paid.reduce((a, b) => a + b, 0));
    expect(balance).toBeGreaterThanOrEqual(0);
    const ledger = await ledgerOf(account.seller_id);
    expect(
      ledger
        .filter((e) => e.kind === "payout")
        .map((e) => -e.amount)
        .sort(),
    ).toEqual([...paid].sort());
  });

  it("a valid code after four wrong ones pays out and leaves the count at four: one more wrong code is answered, the next is locked", async () => {
    const account = await createTestAccount();
    await accountService().credit(account.seller_id, 5000);
    const clock = { now: new Date(Date.now() - 30 * MINUTE) };
    const service = payoutServiceAt(clock);
    const wrong = await wrongCodeAt(account.totp_secret, clock.now);
    const answers: string[] = [];
    for (let i = 0; i < 4; i++)
      answers.push(await outcomeOf(service.request(account.seller_id, cardPayout(wrong))));
    answers.push(
      await outcomeOf(
        service.request(account.seller_id, cardPayout(await codeAt(account.totp_secret, clock.now))),
      ),
    );
    const guard = async () => (await accountStore().findWithCodeGuard(account.seller_id))?.guard;
    expect((await guard())?.otp_wrong_codes).toBe(4);
    answers.push(await outcomeOf(service.request(account.seller_id, cardPayout(wrong))));
    answers.push(await outcomeOf(service.request(account.seller_id, cardPayout(wrong))));
    expect(answers).toEqual([INVALID, INVALID, INVALID, INVALID, "paid", INVALID, LOCK_MESSAGE]);
    expect((await guard())?.otp_wrong_codes).toBe(5);
    expect(await balanceOf(account.seller_id)).toBe(4000);
  });

  it("answers 'Seller not found' for an account that does not exist, before anything else", async () => {
    const service = payoutServiceAt({ now: new Date() });
    await expect(service.request(987_654_321, cardPayout("123456"))).rejects.toMatchObject({
      kind: "not_found",
      message: "Seller not found",
    });
  });
});

describe("payout wallets: Luhn checksum", () => {
  it("accepts numbers whose Luhn checksum is valid", () => {
    for (const digits of [
      "4111111111111111",
      "5555555555554444",
      "378282246310005",
      "6000000000000000004",
      "79927398713",
      "0",
    ]) {
      expect(passesLuhn(digits), digits).toBe(true);
    }
  });

  it("refuses numbers with a wrong check digit or two swapped digits", () => {
    for (const digits of [
      "4111111111111112",
      "5555555555554445",
      "79927398710",
      "1234567812345678",
      "1411111111111111",
    ]) {
      expect(passesLuhn(digits), digits).toBe(false);
    }
  });
});

describe("payout wallets: checkWallet", () => {
  it("card: 16 to 19 Luhn-valid digits, spaces and dashes ignored, normalised to digits", () => {
    expect(checkWallet("card", CARD)).toEqual({ wallet: CARD });
    expect(checkWallet("card", " 4111 1111-1111 1111 ")).toEqual({ wallet: CARD });
    expect(checkWallet("card", "6000000000000000004")).toEqual({ wallet: "6000000000000000004" });
  });

  it("card: refuses the wrong length, a failed checksum or other characters with one message", () => {
    for (const wallet of [
      "378282246310005",
      "4111111111111112",
      "41111111111111111110",
      "4111.1111.1111.1111",
      "411111111111111a",
      "",
    ]) {
      expect(checkWallet("card", wallet), wallet).toEqual({ error: CARD_MESSAGE });
    }
  });

  it("usdt: accepts a TRC-20 (T + 33 base58) or ERC-20 (0x + 40 hex) address, trimmed", () => {
    expect(checkWallet("usdt", " TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ")).toEqual({
      wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    });
    expect(checkWallet("usdt", "0xdAC17F958D2ee523a2206206994597C13D831ec7")).toEqual({
      wallet: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    });
  });

  it("usdt: refuses other shapes with one message", () => {
    for (const wallet of [
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjOt",
      "0xdAC17F958D2ee523a2206206994597C13D831ec",
      "0xdAC17F958D2ee523a2206206994597C13D831ecZ",
      "dAC17F958D2ee523a2206206994597C13D831ec7aa",
      "1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
      "",
    ]) {
      expect(checkWallet("usdt", wallet), wallet).toEqual({ error: USDT_MESSAGE });
    }
  });

  it("payment_account: exactly 20 digits, trimmed", () => {
    expect(checkWallet("payment_account", " 40702810100000000001 ")).toEqual({
      wallet: "40702810100000000001",
    });
    for (const wallet of [
      "4070281010000000001",
      "407028101000000000011",
      "4070 2810 1000 0000 0001",
      "4070281010000000000a",
      "",
    ]) {
      expect(checkWallet("payment_account", wallet), wallet).toEqual({ error: ACCOUNT_MESSAGE });
    }
  });
});

import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import type { CreatedAccount } from "../../../shared/accounts/account-service.js";
import { accountService, payoutService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { balanceOf } from "../../support/ledger.js";
import { runOps } from "../../support/ops-cli.js";
import { jsonHeaders } from "../../support/products.js";

const STEP_SECONDS = 30;
const LOCK_MESSAGE = "Too many invalid codes: payouts are locked for 15 minutes";
const AMOUNT_MESSAGE = "Amount must be a whole number from 1000 to 1000000";
const SYSTEM_MESSAGE = "Payment system must be one of usdt, card, payment_account";
const CARD_MESSAGE = "Invalid card number: 16-19 digits with a valid checksum";
const USDT_MESSAGE = "Invalid USDT wallet: a TRC-20 (T…) or ERC-20 (0x…) address";
const ACCOUNT_MESSAGE = "Invalid payment account: 20 digits";
const CARD = "4111111111111111";
const PAYOUT_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

interface HistoryItem {
  id_order: string;
  type: string;
  amount: number;
  status: string;
  payment_system: string;
  date_create: string;
  time_create: string;
}

type Seller = CreatedAccount & { token: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The code of the time step `offset` steps away from the current one. */
const codeAt = (secret: string, offset = 0): Promise<string> =>
  generate({ secret, epoch: nowSeconds() + offset * STEP_SECONDS });

/**
 * Waits out the last three seconds of a time step, so codes computed right after belong to the step
 * the server sees when the request arrives.
 */
const awayFromStepEdge = async () => {
  const intoStep = (Date.now() / 1000) % STEP_SECONDS;
  if (intoStep > STEP_SECONDS - 3) await sleep((STEP_SECONDS - intoStep) * 1000 + 200);
};

/** A six-digit code that is none of the codes of steps t−2 … t+2, so it stays wrong for the whole test. */
const wrongCode = async (secret: string): Promise<string> => {
  const t = nowSeconds();
  const near = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((k) => generate({ secret, epoch: t + k * STEP_SECONDS }))),
  );
  const candidate = ["000000", "123456", "999999", "111111", "654321", "424242"].find((c) => !near.has(c));
  if (!candidate) throw new Error("no wrong code found");
  return candidate;
};

/** A fresh seller with `balance` credited by the operator and a v1 token. */
const fundedSeller = async (balance: number): Promise<Seller> => {
  const account = await createTestAccount();
  if (balance > 0) await accountService().credit(account.seller_id, balance);
  return { ...account, token: await tokenFor(account.api_key, "v1") };
};

const postPayout = (token: string, body: unknown) =>
  request("POST", "/api/v1/payout", { headers: jsonHeaders(token), body: JSON.stringify(body) });

const payoutBody = (cod: string, overrides: Record<string, unknown> = {}) => ({
  amount: 1000,
  payment_system: "card",
  wallet: CARD,
  cod,
  ...overrides,
});

const history = async (token: string): Promise<HistoryItem[]> => {
  const response = await request("GET", "/api/v1/payout/history", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = response.body as { status: string; data: HistoryItem[] };
  expect(body.status).toBe("success");
  return body.data;
};

/** Asserts a v1 error: exact HTTP status and exact envelope. */
const expectError = (response: JsonResponse, status: number, message: string) => {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: "error", message },
  });
};

/** Asserts a created payout and returns its id. */
const expectCreated = (response: JsonResponse): string => {
  expect(response.status, response.text).toBe(200);
  const body = response.body as { status: string; data: { id_order: string } };
  expect(body.status).toBe("success");
  expect(Object.keys(body.data)).toEqual(["id_order"]);
  expect(typeof body.data.id_order).toBe("string");
  expect(body.data.id_order).toMatch(PAYOUT_ID);
  return body.data.id_order;
};

/** Sends a body that must be refused with `message` and must leave the balance and history untouched. */
const expectRefused = async (seller: Seller, body: unknown, status: number, message: string) => {
  const before = await balanceOf(seller.seller_id);
  const response = await postPayout(seller.token, body);
  expect({ status: response.status, body: response.body }, JSON.stringify(body)).toEqual({
    status,
    body: { status: "error", message },
  });
  expect(await balanceOf(seller.seller_id)).toBe(before);
};

// Every value the body schema refuses, with its message, is asserted in test/shared/payouts/payout.test.ts.
// Here one value per schema rule proves the wiring (schema → 400 v1 envelope → nothing debited); the
// wallet's shape, the code, the balance and the lock are the service's and are checked end to end.
describe("POST /api/v1/payout: request body", () => {
  it("refuses an amount below 1000 with the amount message and debits nothing", async () => {
    const seller = await fundedSeller(2_000_000);
    await expectRefused(seller, payoutBody("123456", { amount: 999 }), 400, AMOUNT_MESSAGE);
    expect(await history(seller.token)).toEqual([]);
  });

  it("refuses a body without amount with \"Field 'amount' is required\"", async () => {
    const seller = await fundedSeller(5000);
    const { amount: _amount, ...noAmount } = payoutBody("123456");
    await expectRefused(seller, noAmount, 400, "Field 'amount' is required");
  });

  it("refuses a payment_system other than usdt, card or payment_account", async () => {
    const seller = await fundedSeller(5000);
    await expectRefused(seller, payoutBody("123456", { payment_system: "paypal" }), 400, SYSTEM_MESSAGE);
  });

  it("refuses a wallet that is not a string or longer than 100 characters", async () => {
    const seller = await fundedSeller(5000);
    await expectRefused(
      seller,
      payoutBody("123456", { wallet: 4111111111111111 }),
      400,
      "Field 'wallet' must be a string",
    );
    await expectRefused(seller, payoutBody("123456", { wallet: "4".repeat(101) }), 400, "Invalid wallet");
  });

  it("refuses a field naming a seller as not allowed", async () => {
    const seller = await fundedSeller(5000);
    await expectRefused(
      seller,
      payoutBody("123456", { seller_id: seller.seller_id }),
      400,
      "Field 'seller_id' is not allowed",
    );
  });

  it("refuses malformed JSON with 'Invalid JSON' and a body that is not an object with its own message", async () => {
    const seller = await fundedSeller(5000);
    for (const [body, message] of [
      ["{", "Invalid JSON"],
      ['{"amount": 1000,}', "Invalid JSON"],
      ["[]", "Request body must be a JSON object"],
    ] as const) {
      const response = await request("POST", "/api/v1/payout", { headers: jsonHeaders(seller.token), body });
      expect({ status: response.status, body: response.body }, body).toEqual({
        status: 400,
        body: { status: "error", message },
      });
    }
    const empty = await request("POST", "/api/v1/payout", { headers: jsonHeaders(seller.token) });
    expectError(empty, 400, "Request body must be a JSON object");
    expect(await balanceOf(seller.seller_id)).toBe(5000);
  });

  it("refuses a card number that is not 16-19 digits passing the Luhn check", async () => {
    const seller = await fundedSeller(5000);
    for (const wallet of [
      "4111111111111112",
      "411111111111111",
      "41111111111111111111",
      "4111-1111-1111-111x",
      "card 4111111111111111",
      "",
    ]) {
      await expectRefused(
        seller,
        payoutBody("123456", { payment_system: "card", wallet }),
        400,
        CARD_MESSAGE,
      );
    }
  });

  it("refuses a usdt wallet that is neither a TRC-20 nor an ERC-20 address", async () => {
    const seller = await fundedSeller(5000);
    for (const wallet of [
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t",
      "0xdAC17F958D2ee523a2206206994597C13D831ec",
      "0xdAC17F958D2ee523a2206206994597C13D831ecG",
      "1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
      CARD,
    ]) {
      await expectRefused(
        seller,
        payoutBody("123456", { payment_system: "usdt", wallet }),
        400,
        USDT_MESSAGE,
      );
    }
  });

  it("refuses a payment account that is not exactly 20 digits", async () => {
    const seller = await fundedSeller(5000);
    for (const wallet of ["4070281010000000001", "407028101000000000011", "4070281010000000000a", CARD]) {
      await expectRefused(
        seller,
        payoutBody("123456", { payment_system: "payment_account", wallet }),
        400,
        ACCOUNT_MESSAGE,
      );
    }
  });

  it("checks the wallet before the code, so a bad wallet does not count as a wrong code", async () => {
    const seller = await fundedSeller(5000);
    const wrong = await wrongCode(seller.totp_secret);
    for (let i = 0; i < 6; i++) {
      await expectRefused(seller, payoutBody(wrong, { wallet: "4111111111111112" }), 400, CARD_MESSAGE);
    }
    await awayFromStepEdge();
    expectCreated(await postPayout(seller.token, payoutBody(await codeAt(seller.totp_secret))));
  });

  it("answers 401 Unauthorized without a token or with an invalid one", async () => {
    expectError(
      await request("POST", "/api/v1/payout", {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(payoutBody("123456")),
      }),
      401,
      "Unauthorized",
    );
    expectError(await postPayout("not-a-token", payoutBody("123456")), 401, "Unauthorized");
  });
});

describe("POST /api/v1/payout: authenticator code and balance", () => {
  it("accepts the current code computed from the secret that `account create` printed and debits the balance", async () => {
    const created = await runOps([
      "account",
      "create",
      "--name",
      "Payout Cli Store",
      "--email",
      `payout-cli-${process.pid}@example.com`,
    ]);
    expect(created.code).toBe(0);
    const account = JSON.parse(created.stdout) as CreatedAccount;
    const credited = await runOps(["balance", "credit", String(account.seller_id), "3000"]);
    expect(credited.code).toBe(0);
    const token = await tokenFor(account.api_key, "v1");
    await awayFromStepEdge();
    const cod = await generate({ secret: account.totp_secret, epoch: nowSeconds() });
    const id = expectCreated(await postPayout(token, payoutBody(cod, { amount: 1200 })));
    expect(await balanceOf(account.seller_id)).toBe(1800);
    const items = await history(token);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id_order: id, type: "out", amount: 1200, status: "wait" });
  });

  it("creates a waiting payout for each payment system and stores the normalised wallet", async () => {
    const cases = [
      { payment_system: "card", wallet: " 4111 1111-1111 1111 ", stored: CARD },
      { payment_system: "card", wallet: "6000000000000000004", stored: "6000000000000000004" },
      {
        payment_system: "usdt",
        wallet: " TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ",
        stored: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      },
      {
        payment_system: "usdt",
        wallet: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        stored: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      },
      { payment_system: "payment_account", wallet: "40702810100000000001", stored: "40702810100000000001" },
    ];
    for (const c of cases) {
      const seller = await fundedSeller(3000);
      await awayFromStepEdge();
      const cod = await codeAt(seller.totp_secret);
      const id = expectCreated(
        await postPayout(
          seller.token,
          payoutBody(cod, { payment_system: c.payment_system, wallet: c.wallet }),
        ),
      );
      expect(await balanceOf(seller.seller_id)).toBe(2000);
      const listed = (await payoutService().list("wait")).find((p) => p.id_order === id);
      expect(listed, c.wallet).toMatchObject({
        seller_id: seller.seller_id,
        status: "wait",
        amount: 1000,
        payment_system: c.payment_system,
        wallet: c.stored,
      });
    }
  });

  it("accepts a code of the previous step and a code of the next step (±1 step of clock drift)", async () => {
    for (const offset of [-1, 1]) {
      const seller = await fundedSeller(1000);
      await awayFromStepEdge();
      expectCreated(await postPayout(seller.token, payoutBody(await codeAt(seller.totp_secret, offset))));
      expect(await balanceOf(seller.seller_id), `offset ${offset}`).toBe(0);
    }
  });

  it("refuses codes two steps away, wrong codes and codes that are not six digits with 'Invalid OTP code'", async () => {
    const seller = await fundedSeller(5000);
    await awayFromStepEdge();
    const codes = [
      await codeAt(seller.totp_secret, -2),
      await codeAt(seller.totp_secret, 2),
      await wrongCode(seller.totp_secret),
    ];
    for (const cod of codes) {
      await expectRefused(seller, payoutBody(cod), 400, "Invalid OTP code");
    }
    const fresh = await fundedSeller(5000);
    const current = await codeAt(fresh.totp_secret);
    for (const cod of [current.slice(0, 5), `${current}0`, "abcdef", "", ` ${current.slice(1)}`]) {
      await expectRefused(fresh, payoutBody(cod), 400, "Invalid OTP code");
    }
    expect(await history(seller.token)).toEqual([]);
    expect(await history(fresh.token)).toEqual([]);
  });

  it("accepts a code once: the same code replayed is 'Invalid OTP code' and debits nothing", async () => {
    const seller = await fundedSeller(5000);
    await awayFromStepEdge();
    const cod = await codeAt(seller.totp_secret);
    expectCreated(await postPayout(seller.token, payoutBody(cod)));
    expect(await balanceOf(seller.seller_id)).toBe(4000);
    await expectRefused(seller, payoutBody(cod), 400, "Invalid OTP code");
    await expectRefused(seller, payoutBody(cod, { amount: 2000 }), 400, "Invalid OTP code");
    expect(await history(seller.token)).toHaveLength(1);
  });

  it("refuses a code of an earlier step once a later step's code was used", async () => {
    const seller = await fundedSeller(5000);
    await awayFromStepEdge();
    const next = await codeAt(seller.totp_secret, 1);
    const current = await codeAt(seller.totp_secret, 0);
    expectCreated(await postPayout(seller.token, payoutBody(next)));
    await expectRefused(seller, payoutBody(current), 400, "Invalid OTP code");
    expect(await balanceOf(seller.seller_id)).toBe(4000);
  });

  it("refuses a payout larger than the balance with 409 'Insufficient balance' and keeps the balance", async () => {
    const short = await fundedSeller(500);
    await awayFromStepEdge();
    await expectRefused(short, payoutBody(await codeAt(short.totp_secret)), 409, "Insufficient balance");
    expect(await balanceOf(short.seller_id)).toBe(500);
    const rich = await fundedSeller(5000);
    await awayFromStepEdge();
    await expectRefused(
      rich,
      payoutBody(await codeAt(rich.totp_secret), { amount: 5001 }),
      409,
      "Insufficient balance",
    );
    expect(await history(rich.token)).toEqual([]);
  });

  it("pays out the whole balance down to exactly zero", async () => {
    const seller = await fundedSeller(1_000_000);
    await awayFromStepEdge();
    expectCreated(
      await postPayout(seller.token, payoutBody(await codeAt(seller.totp_secret), { amount: 1_000_000 })),
    );
    expect(await balanceOf(seller.seller_id)).toBe(0);
  });
});

describe("POST /api/v1/payout: lock after wrong codes", () => {
  it("after 5 wrong codes answers 429 with the lock message and a Retry-After within the lock window, even for a valid code, and keeps the balance", async () => {
    const seller = await fundedSeller(5000);
    const wrong = await wrongCode(seller.totp_secret);
    for (let i = 0; i < 5; i++) {
      await expectRefused(seller, payoutBody(wrong), 400, "Invalid OTP code");
    }
    await awayFromStepEdge();
    await expectRefused(seller, payoutBody(await codeAt(seller.totp_secret)), 429, LOCK_MESSAGE);
    await expectRefused(seller, payoutBody(wrong), 429, LOCK_MESSAGE);
    expect(await balanceOf(seller.seller_id)).toBe(5000);
    expect(await history(seller.token)).toEqual([]);
    // Retry-After says when the window that locked it ends: within its 15 minutes, counted from its first code.
    const retryAfter = Number((await postPayout(seller.token, payoutBody(wrong))).headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it("four wrong codes do not lock: a valid code then still pays out", async () => {
    const seller = await fundedSeller(5000);
    const wrong = await wrongCode(seller.totp_secret);
    for (let i = 0; i < 4; i++) {
      await expectRefused(seller, payoutBody(wrong), 400, "Invalid OTP code");
    }
    await awayFromStepEdge();
    expectCreated(await postPayout(seller.token, payoutBody(await codeAt(seller.totp_secret))));
    expect(await balanceOf(seller.seller_id)).toBe(4000);
  });

  it("counts wrong codes sent in parallel: of 10 at once exactly 5 answer 'Invalid OTP code', the other 5 answer 429", async () => {
    const seller = await fundedSeller(5000);
    const wrong = await wrongCode(seller.totp_secret);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postPayout(seller.token, payoutBody(wrong))),
    );
    const outcomes = responses.map((r) => ({ status: r.status, body: r.body }));
    const checked = outcomes.filter((o) => o.status === 400);
    const locked = outcomes.filter((o) => o.status === 429);
    for (const o of checked) expect(o.body).toEqual({ status: "error", message: "Invalid OTP code" });
    for (const o of locked) expect(o.body).toEqual({ status: "error", message: LOCK_MESSAGE });
    expect([checked.length, locked.length]).toEqual([5, 5]);
    await awayFromStepEdge();
    await expectRefused(seller, payoutBody(await codeAt(seller.totp_secret)), 429, LOCK_MESSAGE);
  });

  it("locks only the seller who sent the wrong codes", async () => {
    const locked = await fundedSeller(5000);
    const other = await fundedSeller(5000);
    const wrong = await wrongCode(locked.totp_secret);
    for (let i = 0; i < 5; i++) {
      await expectRefused(locked, payoutBody(wrong), 400, "Invalid OTP code");
    }
    await awayFromStepEdge();
    await expectRefused(locked, payoutBody(await codeAt(locked.totp_secret)), 429, LOCK_MESSAGE);
    expectCreated(await postPayout(other.token, payoutBody(await codeAt(other.totp_secret))));
    expect(await balanceOf(other.seller_id)).toBe(4000);
  });
});

describe("GET /api/v1/payout/history", () => {
  it("is an empty array for a seller without payouts", async () => {
    const seller = await fundedSeller(0);
    expect(await history(seller.token)).toEqual([]);
  });

  it("lists payouts newest first as {id_order, type out, amount, status, payment_system, date_create, time_create}", async () => {
    const seller = await fundedSeller(10_000);
    const before = Math.floor(Date.now() / 1000) * 1000;
    const debits = [
      { amount: 1000, paymentSystem: "card", wallet: CARD },
      { amount: 2500, paymentSystem: "usdt", wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
      { amount: 1500, paymentSystem: "payment_account", wallet: "40702810100000000001" },
    ];
    const ids: string[] = [];
    for (const debit of debits) {
      ids.push((await payoutService().debit({ sellerId: seller.seller_id, ...debit })).id_order);
      await sleep(5);
    }
    const [first, second, third] = ids;
    if (!first || !second || !third) throw new Error("missing payout");
    await payoutService().decide(first, "paid");
    await payoutService().decide(second, "rejected");
    const after = Date.now();
    const items = await history(seller.token);
    expect(items.map(({ date_create: _d, time_create: _t, ...rest }) => rest)).toEqual([
      { id_order: third, type: "out", amount: 1500, status: "wait", payment_system: "payment_account" },
      { id_order: second, type: "out", amount: 2500, status: "rejected", payment_system: "usdt" },
      { id_order: first, type: "out", amount: 1000, status: "paid", payment_system: "card" },
    ]);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        "amount",
        "date_create",
        "id_order",
        "payment_system",
        "status",
        "time_create",
        "type",
      ]);
      expect(item.date_create).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.time_create).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      const at = Date.parse(`${item.date_create}T${item.time_create}Z`);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
    }
  });

  it("answers 401 Unauthorized without a token or with an invalid one", async () => {
    expectError(await request("GET", "/api/v1/payout/history"), 401, "Unauthorized");
    expectError(
      await request("GET", "/api/v1/payout/history", { headers: { Authorization: "Bearer nope" } }),
      401,
      "Unauthorized",
    );
  });
});

describe("payout ownership", () => {
  it("history lists only the caller's payouts, whatever the query says", async () => {
    const a = await fundedSeller(5000);
    const b = await fundedSeller(5000);
    const idA = (
      await payoutService().debit({
        sellerId: a.seller_id,
        amount: 1000,
        paymentSystem: "card",
        wallet: CARD,
      })
    ).id_order;
    const idB = (
      await payoutService().debit({
        sellerId: b.seller_id,
        amount: 2000,
        paymentSystem: "card",
        wallet: CARD,
      })
    ).id_order;
    expect((await history(a.token)).map((i) => i.id_order)).toEqual([idA]);
    expect((await history(b.token)).map((i) => i.id_order)).toEqual([idB]);
    const queried = await request(
      "GET",
      `/api/v1/payout/history?seller_id=${a.seller_id}&id=${a.seller_id}`,
      {
        headers: { Authorization: `Bearer ${b.token}` },
      },
    );
    expect(queried.status).toBe(200);
    expect(queried.text).not.toContain(idA);
  });

  it("a payout debits only the caller's balance", async () => {
    const a = await fundedSeller(5000);
    const b = await fundedSeller(5000);
    await awayFromStepEdge();
    expectCreated(await postPayout(b.token, payoutBody(await codeAt(b.totp_secret), { amount: 3000 })));
    expect(await balanceOf(b.seller_id)).toBe(2000);
    expect(await balanceOf(a.seller_id)).toBe(5000);
    expect(await history(a.token)).toEqual([]);
  });

  it("another seller's valid code is 'Invalid OTP code' for the caller and stays usable by its owner", async () => {
    const a = await fundedSeller(5000);
    const b = await fundedSeller(5000);
    await awayFromStepEdge();
    const codeOfA = await codeAt(a.totp_secret);
    const codesOfB = new Set(await Promise.all([-1, 0, 1].map((k) => codeAt(b.totp_secret, k))));
    if (!codesOfB.has(codeOfA)) {
      await expectRefused(b, payoutBody(codeOfA), 400, "Invalid OTP code");
    }
    expectCreated(await postPayout(a.token, payoutBody(codeOfA)));
    expect(await balanceOf(a.seller_id)).toBe(4000);
    expect(await balanceOf(b.seller_id)).toBe(5000);
  });
});

describe("POST /api/v1/payout: concurrency", () => {
  it("three parallel payouts with the codes of steps t−1, t and t+1 never debit more than the codes allow", async () => {
    const seller = await fundedSeller(5000);
    await awayFromStepEdge();
    const codes = await Promise.all([-1, 0, 1].map((k) => codeAt(seller.totp_secret, k)));
    const responses = await Promise.all(codes.map((cod) => postPayout(seller.token, payoutBody(cod))));
    const successes = responses.filter((r) => r.status === 200);
    const failures = responses.filter((r) => r.status !== 200);
    for (const r of successes) expectCreated(r);
    for (const r of failures) expectError(r, 400, "Invalid OTP code");
    expect(successes.length).toBeGreaterThanOrEqual(1);
    expect(successes.length).toBeLessThanOrEqual(3);
    expect(await balanceOf(seller.seller_id)).toBe(5000 - 1000 * successes.length);
    expect(await history(seller.token)).toHaveLength(successes.length);
  });

  it("the same code sent three times in parallel pays out exactly once", async () => {
    const seller = await fundedSeller(5000);
    await awayFromStepEdge();
    const cod = await codeAt(seller.totp_secret);
    const responses = await Promise.all([1, 2, 3].map(() => postPayout(seller.token, payoutBody(cod))));
    const successes = responses.filter((r) => r.status === 200);
    for (const r of successes) expectCreated(r);
    for (const r of responses.filter((x) => x.status !== 200)) expectError(r, 400, "Invalid OTP code");
    expect(successes).toHaveLength(1);
    expect(await balanceOf(seller.seller_id)).toBe(4000);
  });
});

import { describe, expect, it } from "vitest";
import { accountService, accountStore, payoutService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount } from "../../support/accounts.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { runOps, usageError } from "../../support/ops-cli.js";

const CARD = "4111111111111111";

interface ListedPayout {
  id_order: string;
  type: string;
  amount: number;
  status: string;
  payment_system: string;
  date_create: string;
  time_create: string;
  seller_id: number;
  wallet: string;
}

/** A fresh seller credited with `balance` and one waiting payout of `amount` already debited. */
const sellerWithPayout = async (balance: number, amount: number) => {
  const account = await createTestAccount();
  await accountService().credit(account.seller_id, balance);
  const { id_order } = await payoutService().debit({
    sellerId: account.seller_id,
    amount,
    paymentSystem: "card",
    wallet: CARD,
  });
  return { sellerId: account.seller_id, payoutId: id_order };
};

const listed = async (args: string[]): Promise<ListedPayout[]> => {
  const result = await runOps(["payout", "list", ...args]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as ListedPayout[];
};

const statusOf = async (sellerId: number, payoutId: string) =>
  (await payoutService().history(sellerId)).items.find((p) => p.id_order === payoutId)?.status;

describe("ops CLI: balance credit", () => {
  it("adds to the seller's balance, prints {seller_id, balance} and writes an operator_credit ledger entry", async () => {
    const account = await createTestAccount();
    const first = await runOps(["balance", "credit", String(account.seller_id), "5000"]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ seller_id: account.seller_id, balance: 5000 });
    const second = await runOps(["balance", "credit", String(account.seller_id), "250"]);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({ seller_id: account.seller_id, balance: 5250 });
    expect(await balanceOf(account.seller_id)).toBe(5250);
    const ledger = await ledgerOf(account.seller_id);
    expect(
      ledger.map((e) => ({ kind: e.kind, amount: e.amount })).sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { kind: "operator_credit", amount: 250 },
      { kind: "operator_credit", amount: 5000 },
    ]);
  });

  it("refuses an unknown seller with exit 1 and credits nobody", async () => {
    const result = await runOps(["balance", "credit", "987654321", "1000"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("Seller 987654321 not found\n");
    expect(await accountStore().findById(987654321)).toBeUndefined();
  });

  it("refuses a zero amount with exit 1 and bad arguments with one line and exit 2", async () => {
    const account = await createTestAccount();
    const id = String(account.seller_id);
    const zero = await runOps(["balance", "credit", id, "0"]);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toBe("amount must be a whole number from 1 to 100000000\n");
    const cases: [string[], string][] = [
      [["balance", "credit", id], "seller_id and amount are required"],
      [["balance", "credit"], "seller_id and amount are required"],
      [["balance", "credit", id, "abc"], 'amount must be a positive integer, got "abc"'],
      [["balance", "credit", id, "-5"], "unknown option -5"],
      [["balance", "credit", id, "10.5"], 'amount must be a positive integer, got "10.5"'],
      [["balance", "credit", "x1", "100"], 'seller_id must be a positive integer, got "x1"'],
      [["balance", "credit", id, "100", "extra"], 'unexpected argument "extra"'],
    ];
    for (const [args, message] of cases) {
      const result = await runOps(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout, args.join(" ")).toBe("");
      expect(result.stderr, args.join(" ")).toBe(usageError(message, "balance credit <seller_id> <amount>"));
    }
    expect(await balanceOf(account.seller_id)).toBe(0);
  });
});

describe("ops CLI: payout list", () => {
  it("lists a payout with its seller and wallet, and filters by --status", async () => {
    const { sellerId, payoutId } = await sellerWithPayout(5000, 1500);
    const all = await listed([]);
    const mine = all.find((p) => p.id_order === payoutId);
    expect(mine).toEqual({
      id_order: payoutId,
      type: "out",
      amount: 1500,
      status: "wait",
      payment_system: "card",
      date_create: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      time_create: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
      seller_id: sellerId,
      wallet: CARD,
    });
    const waiting = await listed(["--status", "wait"]);
    expect(waiting.every((p) => p.status === "wait")).toBe(true);
    expect(waiting.some((p) => p.id_order === payoutId)).toBe(true);
    expect((await listed(["--status", "paid"])).some((p) => p.id_order === payoutId)).toBe(false);
    expect((await listed(["--status", "rejected"])).some((p) => p.id_order === payoutId)).toBe(false);
  });

  it("lists newest first", async () => {
    const first = await sellerWithPayout(5000, 1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await sellerWithPayout(5000, 1000);
    const ids = (await listed(["--status", "wait"])).map((p) => p.id_order);
    expect(ids.indexOf(second.payoutId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.payoutId)).toBeLessThan(ids.indexOf(first.payoutId));
  });

  it("refuses an unknown --status with exit 2", async () => {
    const result = await runOps(["payout", "list", "--status", "done"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      usageError(
        '--status must be wait, paid or rejected, got "done"',
        "payout list [--status wait|paid|rejected]",
      ),
    );
  });
});

describe("ops CLI: payout complete", () => {
  it("marks a waiting payout paid, keeps the balance debited and cannot decide it again", async () => {
    const { sellerId, payoutId } = await sellerWithPayout(5000, 2000);
    const result = await runOps(["payout", "complete", payoutId]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id_order: payoutId, status: "paid" });
    expect(await statusOf(sellerId, payoutId)).toBe("paid");
    expect(await balanceOf(sellerId)).toBe(3000);
    expect((await listed(["--status", "paid"])).some((p) => p.id_order === payoutId)).toBe(true);
    expect((await listed(["--status", "wait"])).some((p) => p.id_order === payoutId)).toBe(false);
    for (const command of ["complete", "reject"]) {
      const again = await runOps(["payout", command, payoutId]);
      expect(again.code, command).toBe(1);
      expect(again.stderr, command).toBe(`Payout ${payoutId} is not waiting\n`);
    }
    expect(await balanceOf(sellerId)).toBe(3000);
    expect((await ledgerOf(sellerId)).map((e) => e.kind).sort()).toEqual(["operator_credit", "payout"]);
  });
});

describe("ops CLI: payout reject", () => {
  it("marks a waiting payout rejected and refunds the balance with one payout_refund ledger entry", async () => {
    const { sellerId, payoutId } = await sellerWithPayout(5000, 2000);
    expect(await balanceOf(sellerId)).toBe(3000);
    const result = await runOps(["payout", "reject", payoutId]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id_order: payoutId, status: "rejected" });
    expect(await statusOf(sellerId, payoutId)).toBe("rejected");
    expect(await balanceOf(sellerId)).toBe(5000);
    const refunds = (await ledgerOf(sellerId)).filter((e) => e.kind === "payout_refund");
    expect(refunds).toEqual([
      expect.objectContaining({ kind: "payout_refund", amount: 2000, payout_id: payoutId }),
    ]);
  });

  it("refunds exactly once: a second reject or a complete after it exits 1 'Payout <id> is not waiting'", async () => {
    const { sellerId, payoutId } = await sellerWithPayout(5000, 2000);
    expect((await runOps(["payout", "reject", payoutId])).code).toBe(0);
    for (const command of ["reject", "complete"]) {
      const again = await runOps(["payout", command, payoutId]);
      expect(again.code, command).toBe(1);
      expect(again.stdout, command).toBe("");
      expect(again.stderr, command).toBe(`Payout ${payoutId} is not waiting\n`);
    }
    expect(await balanceOf(sellerId)).toBe(5000);
    expect(await statusOf(sellerId, payoutId)).toBe("rejected");
    expect((await ledgerOf(sellerId)).filter((e) => e.kind === "payout_refund")).toHaveLength(1);
  });

  it("two rejects in parallel: exactly one exits 0, the other exits 1 'Payout <id> is not waiting', one refund", async () => {
    const { sellerId, payoutId } = await sellerWithPayout(5000, 3000);
    const results = await Promise.all([
      runOps(["payout", "reject", payoutId]),
      runOps(["payout", "reject", payoutId]),
    ]);
    const codes = results.map((r) => r.code).sort();
    expect(codes).toEqual([0, 1]);
    const winner = results.find((r) => r.code === 0);
    const loser = results.find((r) => r.code === 1);
    expect(JSON.parse(winner?.stdout ?? "null")).toEqual({ id_order: payoutId, status: "rejected" });
    expect(loser?.stderr).toBe(`Payout ${payoutId} is not waiting\n`);
    expect(await balanceOf(sellerId)).toBe(5000);
    const ledger = await ledgerOf(sellerId);
    expect(ledger.filter((e) => e.kind === "payout_refund")).toHaveLength(1);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(5000);
  });

  it("a complete and a reject in parallel: exactly one decision wins and the balance matches it", async () => {
    const { sellerId, payoutId } = await sellerWithPayout(5000, 3000);
    const [complete, reject] = await Promise.all([
      runOps(["payout", "complete", payoutId]),
      runOps(["payout", "reject", payoutId]),
    ]);
    expect([complete.code, reject.code].sort()).toEqual([0, 1]);
    const loser = complete.code === 1 ? complete : reject;
    expect(loser.stderr).toBe(`Payout ${payoutId} is not waiting\n`);
    const status = await statusOf(sellerId, payoutId);
    const refunds = (await ledgerOf(sellerId)).filter((e) => e.kind === "payout_refund");
    if (complete.code === 0) {
      expect(status).toBe("paid");
      expect(await balanceOf(sellerId)).toBe(2000);
      expect(refunds).toHaveLength(0);
    } else {
      expect(status).toBe("rejected");
      expect(await balanceOf(sellerId)).toBe(5000);
      expect(refunds).toHaveLength(1);
    }
  });
});

describe("ops CLI: payout decisions on unknown payouts", () => {
  it("answers exit 1 'Payout <id> not found' for an unknown or malformed id and exit 2 without one", async () => {
    for (const id of ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "nope", "PAYOUT#x"]) {
      for (const command of ["complete", "reject"]) {
        const result = await runOps(["payout", command, id]);
        expect(result.code, `${command} ${id}`).toBe(1);
        expect(result.stdout).toBe("");
        expect(result.stderr, `${command} ${id}`).toBe(`Payout ${id} not found\n`);
      }
    }
    const missing = await runOps(["payout", "reject"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(usageError("payout id is required", "payout reject <id_order>"));
  });
});

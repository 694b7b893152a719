import {
  type CodeGuard,
  type CodeLockRule,
  codeLocked,
  codeReplayed,
  windowRunning,
} from "../accounts/account.js";
import type { AccountStore } from "../accounts/account-repository.js";
import { matchingTimeStep } from "../auth/one-time-codes.js";
import type { PageCursors } from "../data/page-cursor.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId, newId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import { readSellerHistory } from "../lists/seller-history.js";
import type { MetricsSink } from "../observability/metrics-sink.js";
import { open } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import { clockTime, isoDate } from "../time/formats.js";
import type { CursorPage } from "../validation/cursor-page.js";
import {
  checkWallet,
  type PayoutRecord,
  type PayoutRequest,
  type PayoutStatus,
  walletRefusal,
} from "./payout.js";
import type { PayoutStore } from "./payout-repository.js";

/** Wrong codes allowed in the window before payouts lock. */
export const MAX_WRONG_CODES = 5;
/** How long a window of wrong codes lasts from its first one; a full window locks payouts until it ends. */
export const LOCK_WINDOW_SECONDS = 15 * 60;

/** GET /payout/history as a history list: its cursors and its words. */
const SELLER_PAYOUTS = { name: "seller-payouts", noun: "payouts" } as const;

const LOCK_RULE: CodeLockRule = { maxWrongCodes: MAX_WRONG_CODES, windowSeconds: LOCK_WINDOW_SECONDS };

/**
 * When a locked seller may try again (Retry-After): the end of the window the guard read shows, or a whole
 * window when the lock was found by a write (its window began at most that long ago).
 */
const secondsUntilUnlock = (guard: CodeGuard | undefined, at: Date): number => {
  const start = guard?.otp_window_start;
  if (guard === undefined || start === undefined || !windowRunning(guard, at, LOCK_RULE))
    return LOCK_WINDOW_SECONDS;
  const end = Date.parse(start) + LOCK_WINDOW_SECONDS * 1000;
  return Math.max(1, Math.ceil((end - at.getTime()) / 1000));
};

/** A debited balance: the result of a payout that passed every check. */
export interface PayoutDebit {
  readonly sellerId: number;
  readonly amount: number;
  readonly paymentSystem: string;
  readonly wallet: string;
}

const historyItem = (payout: PayoutRecord) => {
  const created = new Date(payout.created_at);
  return {
    id_order: payout.id,
    type: "out" as const,
    amount: payout.amount,
    status: payout.status,
    payment_system: payout.payment_system,
    date_create: isoDate(created),
    time_create: clockTime(created),
  };
};

/** Payout rules: an authenticator code used once, a lock after repeated wrong codes, and a debit that never overdraws. */
export const createPayoutService = (deps: {
  accounts: AccountStore;
  payouts: PayoutStore;
  dataKey: () => Promise<Buffer>;
  cursors: PageCursors;
  now: Clock;
  random: Randomness;
  /** The most payouts a whole history answers with (WHOLE_HISTORY_MAX unless a test says otherwise). */
  wholeMax?: number;
  /** Counts the payout requests accepted (PayoutsRequested). */
  metrics: MetricsSink;
}) => {
  const { now } = deps;

  const invalidCode = () => refuse(refusals.invalidOtp);
  const locked = (at: Date, guard?: CodeGuard) =>
    refuse(refusals.payoutsLocked, { retryAfterSeconds: secondsUntilUnlock(guard, at) });
  const insufficientBalance = () => refuse(refusals.insufficientBalance);

  /** A waiting payout of `request`, created now. */
  const newPayout = (request: PayoutDebit): PayoutRecord => ({
    id: newId(now().getTime()),
    seller_id: request.sellerId,
    amount: request.amount,
    payment_system: request.paymentSystem,
    wallet: request.wallet,
    status: "wait",
    created_at: now().toISOString(),
  });

  return {
    /** Debits the balance for a payout without a code (operator and test set-ups); the concurrency-safe core. */
    async debit(request: PayoutDebit): Promise<{ id_order: string }> {
      const payout = newPayout(request);
      if ((await deps.payouts.create(payout, deps.random.uuid())) !== "created") throw insufficientBalance();
      return { id_order: payout.id };
    },

    /**
     * POST /payout: wallet shape, lock, code, then the debit. Two requests for a valid code: the account
     * (secret, lock, last step, balance), then one transaction that debits, uses up the code and checks
     * the lock again. A wrong code is counted by a conditional write before it is answered, so of a
     * burst of guesses exactly as many get "Invalid OTP code" as the window has room for; the rest, and
     * every code while the window is full, get the lock. A valid code never counts.
     */
    async request(sellerId: number, request: PayoutRequest): Promise<{ id_order: string }> {
      const wallet = checkWallet(request.payment_system, request.wallet);
      if ("error" in wallet) throw refuse(walletRefusal(wallet.error));
      const at = now();
      const found = await deps.accounts.findWithCodeGuard(sellerId);
      if (!found) throw refuse(refusals.sellerNotFound);
      if (codeLocked(found.guard, at, LOCK_RULE)) throw locked(at, found.guard);
      const secret = open(await deps.dataKey(), found.account.totp_secret_sealed);
      const step = await matchingTimeStep(secret, request.cod, at);
      if (step === undefined) {
        const counted = await deps.accounts.countWrongCode(sellerId, at, LOCK_RULE, found.guard);
        if (counted === "missing") throw refuse(refusals.sellerNotFound);
        throw counted === "locked" ? locked(at) : invalidCode();
      }
      // A replayed code (this step or an earlier one already used) is as invalid as a wrong one; it is
      // not counted, since whoever sends it learns nothing new.
      if (codeReplayed(found.guard, step)) throw invalidCode();
      if (found.account.balance < request.amount) throw insufficientBalance();
      const payout = newPayout({
        sellerId,
        amount: request.amount,
        paymentSystem: request.payment_system,
        wallet: wallet.wallet,
      });
      const created = await deps.payouts.create(payout, deps.random.uuid(), { step, at, rule: LOCK_RULE });
      if (created === "locked") throw locked(at);
      if (created === "replayed") throw invalidCode();
      if (created === "insufficient_balance") throw insufficientBalance();
      deps.metrics.count("payoutsRequested");
      return { id_order: payout.id };
    },

    /** The seller's payouts newest first: all of them, or a page and the cursor of the next (none at the end). */
    async history(sellerId: number, query: CursorPage = {}) {
      const [account, result] = await Promise.allSettled([
        deps.accounts.findById(sellerId),
        readSellerHistory(deps, SELLER_PAYOUTS, sellerId, query, {
          page: async (limit, start) => {
            const page = await deps.payouts.pageBySeller(sellerId, limit, start);
            return page === "invalid_start" ? page : { items: page.payouts, next: page.next };
          },
          all: (max) => deps.payouts.allBySeller(sellerId, max),
        }),
      ]);
      // The account is read beside the list (one round), and its absence is the answer that wins.
      if (account.status === "rejected") throw account.reason;
      if (!account.value) throw refuse(refusals.sellerNotFound);
      if (result.status === "rejected") throw result.reason;
      return { items: result.value.items.map(historyItem), next: result.value.next };
    },

    /** Operator: payouts, optionally of one status, newest first. */
    async list(status?: PayoutStatus) {
      const statuses: PayoutStatus[] = status ? [status] : ["wait", "paid", "rejected"];
      const all = (await Promise.all(statuses.map((s) => deps.payouts.listByStatus(s)))).flat();
      return all
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map((p) => ({ ...historyItem(p), seller_id: p.seller_id, wallet: p.wallet }));
    },

    /** Operator: marks a waiting payout paid, or rejects it and refunds the balance, exactly once. */
    async decide(payoutId: string, status: "paid" | "rejected") {
      const payout = isId(payoutId) ? await deps.payouts.get(payoutId) : undefined;
      if (!payout) throw refuse(worded(refusals.payoutIdNotFound, { payoutId }));
      if (!(await deps.payouts.decide(payout, status, now().toISOString(), deps.random.uuid()))) {
        throw refuse(worded(refusals.payoutNotWaiting, { payoutId }));
      }
      return { id_order: payoutId, status };
    },
  };
};

export type PayoutService = ReturnType<typeof createPayoutService>;

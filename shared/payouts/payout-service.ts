import type { AccountStore } from "../accounts/account-repository.js";
import { matchingTimeStep } from "../auth/one-time-codes.js";
import { badRequest, conflict, DomainError, notFound } from "../errors/domain-error.js";
import { isId, newId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import { open } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import { clockTime, isoDate } from "../time/formats.js";
import { CURSOR_PAGE_DEFAULT, type CursorPage } from "../validation/cursor-page.js";
import { checkWallet, type PayoutRecord, type PayoutRequest, type PayoutStatus } from "./payout.js";
import type { PayoutStore } from "./payout-repository.js";

/** Wrong codes allowed in the window before payouts lock. */
export const MAX_WRONG_CODES = 5;
/** The window wrong codes are counted in, and how long the lock lasts. */
export const LOCK_WINDOW_SECONDS = 15 * 60;

/**
 * When payouts unlock, given the times of wrong codes: five within 15 minutes lock payouts for 15
 * minutes from the fifth. Undefined when nothing locks.
 */
export const lockedUntil = (failureTimes: string[]): Date | undefined => {
  const times = failureTimes.map((t) => Date.parse(t)).sort((a, b) => a - b);
  let until: number | undefined;
  for (let i = MAX_WRONG_CODES - 1; i < times.length; i++) {
    const fifth = times[i] ?? 0;
    const first = times[i - (MAX_WRONG_CODES - 1)] ?? 0;
    if (fifth - first <= LOCK_WINDOW_SECONDS * 1000)
      until = Math.max(until ?? 0, fifth + LOCK_WINDOW_SECONDS * 1000);
  }
  return until === undefined ? undefined : new Date(until);
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
  now: Clock;
  random: Randomness;
}) => {
  const { now } = deps;

  const invalidCode = () => new DomainError("bad_request", "invalid_otp", "Invalid OTP code");

  /** Debits the balance for a payout whose code has been verified; the concurrency-safe core. */
  const debit = async (request: PayoutDebit): Promise<{ id_order: string }> => {
    const payout: PayoutRecord = {
      id: newId(now().getTime()),
      seller_id: request.sellerId,
      amount: request.amount,
      payment_system: request.paymentSystem,
      wallet: request.wallet,
      status: "wait",
      created_at: now().toISOString(),
    };
    if (!(await deps.payouts.create(payout, deps.random.uuid())))
      throw conflict("Insufficient balance", "insufficient_balance");
    return { id_order: payout.id };
  };

  return {
    debit,

    /** POST /payout: wallet shape, lock, code (once), then the debit. */
    async request(sellerId: number, request: PayoutRequest): Promise<{ id_order: string }> {
      const wallet = checkWallet(request.payment_system, request.wallet);
      if ("error" in wallet) throw badRequest(wallet.error);
      const at = now();
      const account = await deps.accounts.findById(sellerId);
      if (!account) throw notFound("Seller not found");
      const locked = () =>
        new DomainError(
          "rate_limited",
          "payouts_locked",
          "Too many invalid codes: payouts are locked for 15 minutes",
        );
      const window = LOCK_WINDOW_SECONDS * 1000;
      const until = lockedUntil(
        await deps.accounts.otpFailuresSince(sellerId, new Date(at.getTime() - 2 * window)),
      );
      if (until && at < until) throw locked();
      // The attempt counts as a failure before its code is checked, so parallel guesses see each
      // other: of any burst, at most five have their code checked. Counting goes by each record's
      // time; the TTL (a day) only cleans up.
      const attemptId = await deps.accounts.recordOtpFailure(sellerId, at, 24 * 3600);
      const recent = await deps.accounts.otpFailuresSince(sellerId, new Date(at.getTime() - window));
      // Beyond the limit the attempt stays counted (it was a guess too) but its code is never checked.
      if (recent.length > MAX_WRONG_CODES) throw locked();
      const secret = open(await deps.dataKey(), account.totp_secret_sealed);
      const step = await matchingTimeStep(secret, request.cod, at);
      if (step === undefined) throw invalidCode();
      await deps.accounts.forgetOtpFailure(sellerId, at, attemptId);
      // A replayed code (this step or an earlier one already used) is as invalid as a wrong one.
      if (!(await deps.accounts.consumeTotpStep(sellerId, step))) throw invalidCode();
      return debit({
        sellerId,
        amount: request.amount,
        paymentSystem: request.payment_system,
        wallet: wallet.wallet,
      });
    },

    /** A page of the seller's payouts, newest first, and the cursor of the next page (none at the end). */
    async history(sellerId: number, page: CursorPage = { limit: CURSOR_PAGE_DEFAULT }) {
      const [account, result] = await Promise.all([
        deps.accounts.findById(sellerId),
        deps.payouts.pageBySeller(sellerId, page.limit, page.cursor),
      ]);
      if (!account) throw notFound("Seller not found");
      if (result === "invalid_cursor") throw badRequest("Invalid cursor");
      return { items: result.payouts.map(historyItem), next: result.next };
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
      if (!payout) throw notFound(`Payout ${payoutId} not found`);
      if (!(await deps.payouts.decide(payout, status, now().toISOString(), deps.random.uuid()))) {
        throw conflict(`Payout ${payoutId} is not waiting`);
      }
      return { id_order: payoutId, status };
    },
  };
};

export type PayoutService = ReturnType<typeof createPayoutService>;

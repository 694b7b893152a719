import { describe, expect, it } from "vitest";
import {
  codeGuardSchema,
  codeLocked,
  codeReplayed,
  windowCutoff,
  windowRunning,
} from "../../../shared/accounts/account.js";
import { codeUseClauses, codeUseRefusal } from "../../../shared/accounts/account-repository.js";

const RULE = { maxWrongCodes: 5, windowSeconds: 15 * 60 };
const START = new Date("2026-03-01T10:00:00.000Z");
const plus = (ms: number) => new Date(START.getTime() + ms);
const MINUTE = 60_000;

describe("the payout lock rule on the account item", () => {
  it("reads an account item without code state as an empty guard", () => {
    expect(codeGuardSchema.parse({ balance: 10, totp_secret_sealed: "x" })).toEqual({ otp_wrong_codes: 0 });
  });

  it("a window runs for exactly 15 minutes from its first wrong code", () => {
    const guard = { otp_wrong_codes: 1, otp_window_start: START.toISOString() };
    expect(windowCutoff(plus(15 * MINUTE), RULE)).toBe(START.toISOString());
    expect(windowRunning(guard, START, RULE)).toBe(true);
    expect(windowRunning(guard, plus(15 * MINUTE - 1), RULE)).toBe(true);
    expect(windowRunning(guard, plus(15 * MINUTE), RULE)).toBe(false);
    expect(windowRunning({ otp_wrong_codes: 0 }, START, RULE)).toBe(false);
  });

  it("locks while the running window holds five wrong codes, and not with four or after it ended", () => {
    const full = { otp_wrong_codes: 5, otp_window_start: START.toISOString() };
    expect(codeLocked(full, plus(14 * MINUTE + 59_999), RULE)).toBe(true);
    expect(codeLocked(full, plus(15 * MINUTE), RULE)).toBe(false);
    expect(codeLocked({ ...full, otp_wrong_codes: 4 }, plus(MINUTE), RULE)).toBe(false);
  });

  it("a code is replayed when its step or a later one was used", () => {
    expect(codeReplayed({ otp_wrong_codes: 0 }, 100)).toBe(false);
    expect(codeReplayed({ otp_wrong_codes: 0, totp_last_step: 99 }, 100)).toBe(false);
    expect(codeReplayed({ otp_wrong_codes: 0, totp_last_step: 100 }, 100)).toBe(true);
    expect(codeReplayed({ otp_wrong_codes: 0, totp_last_step: 101 }, 100)).toBe(true);
  });

  it("the debit's code clauses set the step and carry the lock's cutoff and maximum", () => {
    expect(codeUseClauses({ step: 7, at: plus(15 * MINUTE), rule: RULE })).toEqual({
      set: "totp_last_step = :codeStep",
      condition:
        "(attribute_not_exists(totp_last_step) OR totp_last_step < :codeStep) AND " +
        "(attribute_not_exists(otp_window_start) OR otp_window_start <= :codeCutoff OR otp_wrong_codes < :codeMax)",
      values: { ":codeStep": 7, ":codeCutoff": START.toISOString(), ":codeMax": 5 },
    });
  });

  it("tells why the debit refused a code: no account, the lock before a replay, else not the code", () => {
    const use = { step: 100, at: plus(MINUTE), rule: RULE };
    const full = { otp_wrong_codes: 5, otp_window_start: START.toISOString() };
    expect(codeUseRefusal(undefined, use)).toBe("missing");
    expect(codeUseRefusal({ ...full, totp_last_step: 100 }, use)).toBe("locked");
    expect(
      codeUseRefusal({ otp_wrong_codes: 4, otp_window_start: START.toISOString(), totp_last_step: 100 }, use),
    ).toBe("replayed");
    expect(
      codeUseRefusal({ ...full, totp_last_step: 99 }, { ...use, at: plus(15 * MINUTE) }),
    ).toBeUndefined();
  });
});

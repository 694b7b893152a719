import { describe, expect, it } from "vitest";
import { accountStore } from "../../../shared/runtime/dependencies.js";
import { createTestAccount } from "../../support/accounts.js";

const MINUTE = 60_000;
const RULE = { maxWrongCodes: 5, windowSeconds: 15 * 60 };

describe("account repository: counting wrong codes on the account item", () => {
  it("counts five in a window, refuses the sixth, and begins a new window once it ended", async () => {
    const account = await createTestAccount();
    const store = accountStore();
    const start = new Date(Date.now() - 40 * MINUTE);
    const guard = async () => (await store.findWithCodeGuard(account.seller_id))?.guard;
    expect(await guard()).toEqual({ otp_wrong_codes: 0 });
    const results: string[] = [];
    // Each call is given the empty guard it first saw: the failed write's ALL_OLD corrects it.
    for (let i = 0; i < 6; i++) {
      results.push(
        await store.countWrongCode(account.seller_id, new Date(start.getTime() + i * MINUTE), RULE, {
          otp_wrong_codes: 0,
        }),
      );
    }
    expect(results).toEqual(["counted", "counted", "counted", "counted", "counted", "locked"]);
    expect(await guard()).toEqual({ otp_wrong_codes: 5, otp_window_start: start.toISOString() });
    const next = new Date(start.getTime() + 15 * MINUTE);
    const stale = { otp_wrong_codes: 5, otp_window_start: start.toISOString() };
    expect(await store.countWrongCode(account.seller_id, next, RULE, stale)).toBe("counted");
    expect(await guard()).toEqual({ otp_wrong_codes: 1, otp_window_start: next.toISOString() });
  });

  it("50 parallel counts in one window: exactly 5 counted, 45 locked", async () => {
    const account = await createTestAccount();
    const at = new Date(Date.now() - 40 * MINUTE);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        accountStore().countWrongCode(account.seller_id, at, RULE, { otp_wrong_codes: 0 }),
      ),
    );
    expect(results.filter((r) => r === "counted")).toHaveLength(5);
    expect(results.filter((r) => r === "locked")).toHaveLength(45);
  });

  it("answers 'missing' for an account that does not exist, and creates nothing", async () => {
    const store = accountStore();
    const at = new Date();
    expect(await store.countWrongCode(987_654_322, at, RULE, { otp_wrong_codes: 0 })).toBe("missing");
    expect(
      await store.countWrongCode(987_654_322, at, RULE, {
        otp_wrong_codes: 1,
        otp_window_start: at.toISOString(),
      }),
    ).toBe("missing");
    expect(await store.findWithCodeGuard(987_654_322)).toBeUndefined();
  });
});

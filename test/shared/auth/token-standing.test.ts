import { describe, expect, it } from "vitest";
import type { AccountStanding } from "../../../shared/accounts/account-standing.js";
import {
  createTokenStanding,
  DEFAULT_TOKEN_STATUS_CACHE_SECONDS,
  tokenStatusCacheSeconds,
} from "../../../shared/auth/token-standing.js";

const approved = (generation: number): AccountStanding => ({ generation, statusModeration: 1 });
const blocked = (generation: number): AccountStanding => ({ generation, statusModeration: 2 });

/** A standing check over a mutable table of standings, a settable clock and a count of reads. */
const checkOver = (cacheSeconds: number) => {
  const standings = new Map<number, AccountStanding>();
  const clock = { ms: 1_000_000 };
  const reads: number[] = [];
  const check = createTokenStanding({
    find: async (accountId) => {
      reads.push(accountId);
      return standings.get(accountId);
    },
    cacheSeconds,
    now: () => clock.ms,
  });
  return { check, standings, clock, reads };
};

describe("token standing", () => {
  it("honours a token of the account's current generation and refuses one of an earlier generation", async () => {
    const { check, standings } = checkOver(0);
    standings.set(7, approved(3));
    expect(await check({ accountId: 7, generation: 3 })).toBe(true);
    expect(await check({ accountId: 7, generation: 2 })).toBe(false);
    expect(await check({ accountId: 7, generation: 0 })).toBe(false);
  });

  it("honours a later generation than the one read (a fresh token checked against a lagging read)", async () => {
    const { check, standings } = checkOver(0);
    standings.set(7, approved(3));
    expect(await check({ accountId: 7, generation: 4 })).toBe(true);
  });

  it("refuses every token of a blocked account, of any generation, and of an account that does not exist", async () => {
    const { check, standings } = checkOver(0);
    standings.set(7, blocked(1));
    expect(await check({ accountId: 7, generation: 1 })).toBe(false);
    expect(await check({ accountId: 7, generation: 5 })).toBe(false);
    expect(await check({ accountId: 8, generation: 0 })).toBe(false);
  });

  it("reads each account once per cache period: a warm request costs no read", async () => {
    const { check, standings, clock, reads } = checkOver(10);
    standings.set(7, approved(0));
    standings.set(8, approved(0));
    expect(await check({ accountId: 7, generation: 0 })).toBe(true);
    clock.ms += 9_999;
    expect(await check({ accountId: 7, generation: 0 })).toBe(true);
    expect(await check({ accountId: 8, generation: 0 })).toBe(true);
    expect(reads).toEqual([7, 8]);
  });

  it("sees a revocation once the cache period has passed, and not before", async () => {
    const { check, standings, clock, reads } = checkOver(10);
    standings.set(7, approved(0));
    expect(await check({ accountId: 7, generation: 0 })).toBe(true);
    standings.set(7, approved(1));
    clock.ms += 5_000;
    expect(await check({ accountId: 7, generation: 0 })).toBe(true);
    clock.ms += 5_000;
    expect(await check({ accountId: 7, generation: 0 })).toBe(false);
    expect(reads).toEqual([7, 7]);
  });

  it("reads on every request with a cache period of 0", async () => {
    const { check, standings, reads } = checkOver(0);
    standings.set(7, approved(0));
    await check({ accountId: 7, generation: 0 });
    await check({ accountId: 7, generation: 0 });
    expect(reads).toEqual([7, 7]);
  });

  it("shares one read among concurrent first requests for an account", async () => {
    const { check, standings, reads } = checkOver(10);
    standings.set(7, approved(0));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => check({ accountId: 7, generation: 0 })),
    );
    expect(results).toEqual([true, true, true, true, true]);
    expect(reads).toEqual([7]);
  });

  it("does not remember a failed read: the next request reads again", async () => {
    let fail = true;
    let reads = 0;
    const check = createTokenStanding({
      find: async () => {
        reads += 1;
        if (fail) throw new Error("throttled");
        return approved(0);
      },
      cacheSeconds: 10,
    });
    await expect(check({ accountId: 7, generation: 0 })).rejects.toThrow("throttled");
    fail = false;
    expect(await check({ accountId: 7, generation: 0 })).toBe(true);
    expect(reads).toBe(2);
  });

  it("reads a remembered block again for a token of a later generation: an unblocked seller's new token works at once, the old one stays refused", async () => {
    const { check, standings, reads } = checkOver(10);
    standings.set(7, blocked(1));
    expect(await check({ accountId: 7, generation: 0 })).toBe(false);
    // Unblocked: the generation rises again and the seller exchanges its key for a token of it.
    standings.set(7, approved(2));
    expect(
      await Promise.all([check({ accountId: 7, generation: 2 }), check({ accountId: 7, generation: 2 })]),
    ).toEqual([true, true]);
    expect(await check({ accountId: 7, generation: 0 })).toBe(false);
    expect(await check({ accountId: 7, generation: 2 })).toBe(true);
    expect(reads).toEqual([7, 7]);
  });

  it("reads again for a later generation only while the remembered standing refuses it: a block that stands costs a read per such token, an approved standing none", async () => {
    const { check, standings, reads } = checkOver(10);
    standings.set(7, blocked(1));
    expect(await check({ accountId: 7, generation: 1 })).toBe(false);
    expect(await check({ accountId: 7, generation: 5 })).toBe(false);
    expect(await check({ accountId: 7, generation: 5 })).toBe(false);
    standings.set(8, approved(1));
    expect(await check({ accountId: 8, generation: 1 })).toBe(true);
    expect(await check({ accountId: 8, generation: 3 })).toBe(true);
    expect(reads).toEqual([7, 7, 7, 8]);
  });

  it("reads TOKEN_STATUS_CACHE_SECONDS as whole seconds from 0 to 300, 10 when unset, and names the variable otherwise", () => {
    expect(tokenStatusCacheSeconds(undefined)).toBe(DEFAULT_TOKEN_STATUS_CACHE_SECONDS);
    expect(DEFAULT_TOKEN_STATUS_CACHE_SECONDS).toBe(10);
    expect(tokenStatusCacheSeconds("0")).toBe(0);
    expect(tokenStatusCacheSeconds("300")).toBe(300);
    for (const bad of ["301", "-1", "1.5", "ten", " 5"]) {
      expect(() => tokenStatusCacheSeconds(bad)).toThrow(
        `TOKEN_STATUS_CACHE_SECONDS must be a whole number of seconds from 0 to 300, got "${bad}"`,
      );
    }
  });
});

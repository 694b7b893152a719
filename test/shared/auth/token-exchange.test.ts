import { describe, expect, it } from "vitest";
import type { KeyHolder } from "../../../shared/accounts/account-repository.js";
import { generateApiKey, hashApiKey } from "../../../shared/accounts/api-keys.js";
import { createAccessTokens } from "../../../shared/auth/access-tokens.js";
import type { ExchangeLimiter, ExchangeScope } from "../../../shared/auth/exchange-limits.js";
import { createTokenExchange } from "../../../shared/auth/token-exchange.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import type { Allowance } from "../../../shared/limits/rate-limiter.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";

const signing = new TextEncoder().encode("k".repeat(32));
const tokens = createAccessTokens(signing);
const apiKey = generateApiKey();

/** An exchange over one known key and a limiter whose answers per scope the test chooses. */
const exchangeWith = (options: { holder?: KeyHolder; key?: Allowance; address?: Allowance }) => {
  const taken: [ExchangeScope, string][] = [];
  const limiter: ExchangeLimiter = {
    take: async (scope, subject) => {
      taken.push([scope, subject]);
      return (scope === "key" ? options.key : options.address) ?? { granted: true };
    },
  };
  const metrics = recordedMetrics();
  const exchange = createTokenExchange({
    metrics: metrics.sink,
    store: {
      findKeyHolder: async (hash) => (hash === hashApiKey(apiKey) ? options.holder : undefined),
    },
    tokens: async () => tokens,
    limiter,
  });
  return { exchange, taken, counted: metrics.counted };
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { kind: error.kind, code: error.code, message: error.message, retryAfter: error.retryAfterSeconds };
};

const unauthorized = {
  kind: "unauthenticated",
  code: "unauthorized",
  message: "Unauthorized",
  retryAfter: undefined,
};
const tooMany = (seconds: number) => ({
  kind: "rate_limited",
  code: "too_many_requests",
  message: "Too many requests",
  retryAfter: seconds,
});
const holder: KeyHolder = { accountId: 7, generation: 4, statusModeration: 1 };

describe("token exchange rules", () => {
  it("counts every refused exchange once (TokenExchangesRefused: malformed, unknown and limited keys) and no granted one", async () => {
    const { exchange, counted } = exchangeWith({ holder, key: { granted: false, retryAfterSeconds: 5 } });
    await refusal(exchange.exchange("not-a-key", "v1", "203.0.113.9"));
    await refusal(exchange.exchange(generateApiKey(), "v1", "203.0.113.9"));
    await refusal(exchange.exchange(apiKey, "v1", "203.0.113.9"));
    expect(counted).toEqual(["tokenExchangesRefused", "tokenExchangesRefused", "tokenExchangesRefused"]);
    const granted = exchangeWith({ holder });
    await granted.exchange.exchange(apiKey, "v2", "203.0.113.9");
    expect(granted.counted).toEqual([]);
  });

  it("stamps the account's current generation on the token it issues", async () => {
    const { exchange } = exchangeWith({ holder });
    const issued = await exchange.exchange(apiKey, "v1", "203.0.113.7");
    const claims = JSON.parse(Buffer.from(issued.accessToken.split(".")[1] ?? "", "base64url").toString());
    expect(claims).toMatchObject({ sub: "7", gen: 4 });
  });

  it("counts a served exchange against its key only, never against its source address", async () => {
    const { exchange, taken } = exchangeWith({ holder });
    await exchange.exchange(apiKey, "v2", "203.0.113.7");
    expect(taken).toEqual([["key", hashApiKey(apiKey)]]);
  });

  it("serves a good key from an address whose window of refused exchanges is full", async () => {
    const { exchange, taken } = exchangeWith({ holder, address: { granted: false, retryAfterSeconds: 12 } });
    const issued = await exchange.exchange(apiKey, "v1", "203.0.113.7");
    expect(issued.expiresIn).toBe(3600);
    expect(taken).toEqual([["key", hashApiKey(apiKey)]]);
  });

  it("looks the key up and counts its window in one round: both start before either answers", async () => {
    const events: string[] = [];
    const later = <T>(name: string, value: T) => {
      events.push(`start ${name}`);
      return new Promise<T>((resolve) =>
        setImmediate(() => {
          events.push(`end ${name}`);
          resolve(value);
        }),
      );
    };
    const exchange = createTokenExchange({
      metrics: recordedMetrics().sink,
      store: { findKeyHolder: () => later("lookup", holder) },
      tokens: async () => tokens,
      limiter: { take: (scope) => later(scope, { granted: true } as const) },
    });
    await exchange.exchange(apiKey, "v1", "203.0.113.7");
    expect(events.slice(0, 2).sort()).toEqual(["start key", "start lookup"]);
    expect(events).toHaveLength(4);
  });

  it("refuses a blocked seller's key with the same 401 as an unknown key", async () => {
    const { exchange } = exchangeWith({ holder: { ...holder, statusModeration: 2 } });
    expect(await refusal(exchange.exchange(apiKey, "v1", "203.0.113.7"))).toEqual(unauthorized);
    expect(await refusal(exchange.exchange(generateApiKey(), "v1", "203.0.113.7"))).toEqual(unauthorized);
  });

  it("counts an unknown or blocked key's refusal against the source address, after the lookup", async () => {
    const blocked = exchangeWith({ holder: { ...holder, statusModeration: 2 } });
    await refusal(blocked.exchange.exchange(apiKey, "v1", "203.0.113.7"));
    expect(blocked.taken).toEqual([
      ["key", hashApiKey(apiKey)],
      ["address", "203.0.113.7"],
    ]);
    const unknown = exchangeWith({ holder });
    const guess = generateApiKey();
    await refusal(unknown.exchange.exchange(guess, "v2", "198.51.100.4"));
    expect(unknown.taken).toEqual([
      ["key", hashApiKey(guess)],
      ["address", "198.51.100.4"],
    ]);
  });

  it("answers unknown and blocked keys from an address over its refusal window with the same 429 and its seconds to wait", async () => {
    const full = { granted: false, retryAfterSeconds: 12 } as const;
    const blocked = exchangeWith({ holder: { ...holder, statusModeration: 2 }, address: full });
    expect(await refusal(blocked.exchange.exchange(apiKey, "v1", "203.0.113.7"))).toEqual(tooMany(12));
    const unknown = exchangeWith({ holder, address: full });
    expect(await refusal(unknown.exchange.exchange(generateApiKey(), "v1", "203.0.113.7"))).toEqual(
      tooMany(12),
    );
  });

  it("refuses a good key over its own limit with 429, but an unknown key over it is still the plain 401", async () => {
    const { exchange } = exchangeWith({ holder, key: { granted: false, retryAfterSeconds: 30 } });
    expect(await refusal(exchange.exchange(apiKey, "v2", "203.0.113.7"))).toEqual(tooMany(30));
    expect(await refusal(exchange.exchange(generateApiKey(), "v2", "203.0.113.7"))).toEqual(unauthorized);
  });

  it("refuses a malformed key before counting anything", async () => {
    const { exchange, taken } = exchangeWith({ holder });
    expect(await refusal(exchange.exchange("not a key", "v1", "203.0.113.7"))).toEqual(unauthorized);
    expect(await refusal(exchange.exchange(undefined, "v1", "203.0.113.7"))).toEqual(unauthorized);
    expect(taken).toEqual([]);
  });
});

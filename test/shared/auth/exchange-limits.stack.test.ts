import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { generateApiKey } from "../../../shared/accounts/api-keys.js";
import {
  createExchangeLimiter,
  DEFAULT_EXCHANGES_PER_KEY,
  DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS,
  exchangeLimitName,
} from "../../../shared/auth/exchange-limits.js";
import { createTokenExchange } from "../../../shared/auth/token-exchange.js";
import { keys } from "../../../shared/data/table-keys.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { createRateLimiter } from "../../../shared/limits/rate-limiter.js";
import { createRateWindowRepository } from "../../../shared/limits/rate-window-repository.js";
import { windowAt } from "../../../shared/limits/window-limit.js";
import { accessTokens, accountAccess, accountStore } from "../../../shared/runtime/dependencies.js";
import { tableClient, tableName } from "../../../shared/runtime/table.js";
import { createTestAccount } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";
import { workerStack } from "../../support/worker-stack.js";

const PER_KEY = 20;
const REFUSED_PER_ADDRESS = 60;
const tooManyV1 = { status: "error", message: "Too many requests" };
const unauthorizedV1 = { status: "error", message: "Unauthorized" };
const tooManyV2 = {
  ok: false,
  code: "too_many_requests",
  message: "Too many requests",
  http_status: 429,
  error: { code: "too_many_requests" },
};

/** Waits into the next minute when this one ends within 10 s, so a burst falls in one fixed window. */
const awayFromWindowEdge = async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 200));
};

const exchange = (version: "v1" | "v2", apiKey: string) =>
  request("POST", `/api/${version}/auth/api-key/create`, { headers: { "X-API-KEY": apiKey } });

/** A token exchange over the stack's table with its own limits and clock, as the auth groups build it. */
const exchangeWithLimits = (limits: { key: number; address: number }, now: () => Date = () => new Date()) =>
  createTokenExchange({
    metrics: recordedMetrics().sink,
    store: accountStore(),
    tokens: accessTokens,
    limiter: createExchangeLimiter({
      limiter: createRateLimiter({ windows: createRateWindowRepository(tableClient(), tableName()), now }),
      limits: {
        key: { limit: limits.key, windowSeconds: 60 },
        address: { limit: limits.address, windowSeconds: 60 },
      },
    }),
  });

/** A documentation address (2001:db8::/32) no other test uses. */
const freshAddress = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;

/** The outcome of an exchange: "ok", or the refusal's code and its Retry-After seconds. */
const outcome = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => "ok",
    (error: unknown) =>
      error instanceof DomainError
        ? [error.code, error.retryAfterSeconds].filter((part) => part !== undefined).join(" ")
        : String(error),
  );

/** Outcomes with any Retry-After shown as "N", for a clock the test does not hold. */
const anyWait = (outcomes: string[]) => outcomes.map((o) => o.replace(/ \d+$/, " N"));

/** A loopback address of its own (Linux answers all of 127/8), so no other test shares its windows. */
const freshLoopback = () =>
  `127.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** One exchange over HTTP sent from `source`: the gateway sees it as the request's source address. */
const exchangeFrom = (source: string, version: "v1" | "v2", apiKey: string) => {
  const url = new URL(`${workerStack().gatewayUrl}/api/${version}/auth/api-key/create`);
  return new Promise<{ status: number; body: unknown; retryAfter: string | undefined }>((resolve, reject) => {
    const sent = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: source,
        headers: { "X-API-KEY": apiKey },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text),
            retryAfter: response.headers["retry-after"],
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end();
  });
};

/**
 * Runs `burst` from a fresh address until one run starts and ends in the same fixed window, so its
 * counts are exact however slowly the machine runs it (a run that straddles a window edge is repeated).
 */
const inOneWindow = async <T>(
  burst: (source: string) => Promise<T>,
): Promise<{ source: string; result: T }> => {
  for (let attempt = 1; ; attempt++) {
    const source = freshLoopback();
    const before = windowAt(new Date(), { limit: 1, windowSeconds: 60 }).start;
    const result = await burst(source);
    if (windowAt(new Date(), { limit: 1, windowSeconds: 60 }).start === before || attempt === 3)
      return { source, result };
  }
};

/** Runs `task` over `items`, `width` at a time. */
const inBatches = async <T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i] as T);
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
};

describe("token exchange abuse limit per API key, over HTTP", () => {
  it("lets exactly 20 of 30 parallel v1 exchanges of one key through; the rest are 429 Too many requests with Retry-After", async () => {
    const account = await createTestAccount();
    await awayFromWindowEdge();
    const responses = await Promise.all(Array.from({ length: 30 }, () => exchange("v1", account.api_key)));
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect([ok.length, limited.length]).toEqual([PER_KEY, 10]);
    for (const response of limited) {
      expect(response.body).toEqual(tooManyV1);
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("counts v1 and v2 exchanges of one key together and refuses the v2 ones over the limit in the v2 envelope", async () => {
    const account = await createTestAccount();
    await awayFromWindowEdge();
    const first = await Promise.all(Array.from({ length: 12 }, () => exchange("v1", account.api_key)));
    expect(first.map((r) => r.status)).toEqual(Array(12).fill(200));
    const second = await Promise.all(Array.from({ length: 12 }, () => exchange("v2", account.api_key)));
    expect(second.filter((r) => r.status === 200)).toHaveLength(PER_KEY - 12);
    const limited = second.filter((r) => r.status === 429);
    expect(limited).toHaveLength(4);
    for (const response of limited) {
      expect(response.body).toEqual(tooManyV2);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  });

  it("keeps answering one unknown key with 401 however often it is tried: a refused key's own window is never answered", async () => {
    const exchanger = exchangeWithLimits({ key: PER_KEY, address: 100 });
    const unknown = generateApiKey();
    const address = freshAddress();
    await awayFromWindowEdge();
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () => outcome(exchanger.exchange(unknown, "v1", address))),
    );
    expect(outcomes).toEqual(Array(25).fill("unauthorized"));
  });
});

describe("token exchange abuse limit on refused exchanges per source address, over HTTP with the default limits", () => {
  it("runs with the defaults: 20 exchanges per key and 60 refused exchanges per address a minute", () => {
    expect([DEFAULT_EXCHANGES_PER_KEY, DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS]).toEqual([
      PER_KEY,
      REFUSED_PER_ADDRESS,
    ]);
  });

  it.each(["v1", "v2"] as const)(
    "counts a refused %s exchange against the caller's source address as the gateway saw it, and a served one not at all",
    async (version) => {
      const account = await createTestAccount();
      const source = freshLoopback();
      await awayFromWindowEdge();
      const refused = await exchangeFrom(source, version, generateApiKey());
      const served = await exchangeFrom(source, version, account.api_key);
      expect([refused.status, served.status]).toEqual([401, 200]);
      const window = windowAt(new Date(), { limit: 1, windowSeconds: 60 });
      const counter = await tableClient().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.rateWindow(exchangeLimitName("address"), source, window.start),
          ConsistentRead: true,
        }),
      );
      expect(counter.Item?.hits).toBe(1);
      expect(counter.Item?.expires_at).toBe(window.end + 60);
    },
  );

  it("serves 1,000 distinct valid keys exchanged from one address, every one with a token", async () => {
    const accounts = await inBatches(
      Array.from({ length: 1000 }, (_, i) => i),
      8,
      () => createTestAccount(),
    );
    const source = freshLoopback();
    const statuses = await inBatches(accounts, 8, async (account) => {
      const answer = await exchangeFrom(source, "v1", account.api_key);
      return answer.status === 200 &&
        typeof (answer.body as { data?: { access_token?: unknown } }).data?.access_token === "string"
        ? "served"
        : `${answer.status} ${JSON.stringify(answer.body)}`;
    });
    const tally = Object.fromEntries(
      [...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]),
    );
    expect(tally).toEqual({ served: 1000 });
  });

  it("answers 70 random keys from one address with exactly 60 × 401 and 10 × 429 with Retry-After, in parallel, and still serves a valid key from there", async () => {
    const account = await createTestAccount();
    const { source, result } = await inOneWindow((from) =>
      Promise.all(Array.from({ length: 70 }, () => exchangeFrom(from, "v1", generateApiKey()))),
    );
    const refused = result.filter((r) => r.status === 401);
    const limited = result.filter((r) => r.status === 429);
    expect([refused.length, limited.length]).toEqual([REFUSED_PER_ADDRESS, 10]);
    for (const answer of refused) expect(answer.body).toEqual(unauthorizedV1);
    for (const answer of limited) {
      expect(answer.body).toEqual(tooManyV1);
      const retryAfter = Number(answer.retryAfter);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    }
    const valid = await exchangeFrom(source, "v2", account.api_key);
    expect(valid.status).toBe(200);
    expect((valid.body as { data: { token_type: string } }).data.token_type).toBe("Bearer");
  });
});

describe("token exchange abuse limit on refused exchanges per source address, on the service against the table", () => {
  it("answers guesses from one address with 401 until its limit, then 429 with Retry-After, exactly, in parallel", async () => {
    const exchanger = exchangeWithLimits({ key: 20, address: 5 });
    const address = freshAddress();
    await awayFromWindowEdge();
    const outcomes = await Promise.all(
      Array.from({ length: 9 }, () => outcome(exchanger.exchange(generateApiKey(), "v1", address))),
    );
    expect(anyWait(outcomes).sort()).toEqual([
      ...Array(4).fill("too_many_requests N"),
      ...Array(5).fill("unauthorized"),
    ]);
  });

  it("never refuses a valid key for what other keys did from its address: served before, during and after the address's refusals", async () => {
    const [first, second] = [await createTestAccount(), await createTestAccount()];
    const at = { time: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000) };
    const exchanger = exchangeWithLimits({ key: 20, address: 2 }, () => at.time);
    const [busy, quiet] = [freshAddress(), freshAddress()];
    const outcomes = [];
    for (const key of [first.api_key, generateApiKey(), generateApiKey(), generateApiKey(), second.api_key])
      outcomes.push(await outcome(exchanger.exchange(key, "v2", busy)));
    expect(outcomes).toEqual(["ok", "unauthorized", "unauthorized", "too_many_requests 55", "ok"]);
    expect(await outcome(exchanger.exchange(generateApiKey(), "v2", quiet))).toBe("unauthorized");
  });

  it("counts a blocked seller's key as refused: the same 401, then the same 429, as an unknown key", async () => {
    const blocked = await createTestAccount();
    await accountAccess().block(blocked.seller_id);
    const at = { time: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 20_000) };
    const exchanger = exchangeWithLimits({ key: 20, address: 2 }, () => at.time);
    const address = freshAddress();
    const outcomes = [];
    for (const key of [blocked.api_key, generateApiKey(), blocked.api_key, generateApiKey()])
      outcomes.push(await outcome(exchanger.exchange(key, "v1", address)));
    expect(outcomes).toEqual([
      "unauthorized",
      "unauthorized",
      "too_many_requests 40",
      "too_many_requests 40",
    ]);
  });

  it("refuses with the seconds left in the window as Retry-After, and starts counting again in the next window", async () => {
    const account = await createTestAccount();
    const at = { time: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000) };
    const exchanger = exchangeWithLimits({ key: 1, address: 100 }, () => at.time);
    const address = freshAddress();
    expect(await outcome(exchanger.exchange(account.api_key, "v1", address))).toBe("ok");
    expect(await outcome(exchanger.exchange(account.api_key, "v1", address))).toBe("too_many_requests 55");
    at.time = new Date(at.time.getTime() + 60_000);
    expect(await outcome(exchanger.exchange(account.api_key, "v1", address))).toBe("ok");
  });

  it("starts a new window of refusals for an address when the minute ends", async () => {
    const at = { time: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 50_000) };
    const exchanger = exchangeWithLimits({ key: 20, address: 1 }, () => at.time);
    const address = freshAddress();
    expect(await outcome(exchanger.exchange(generateApiKey(), "v1", address))).toBe("unauthorized");
    expect(await outcome(exchanger.exchange(generateApiKey(), "v1", address))).toBe("too_many_requests 10");
    at.time = new Date(at.time.getTime() + 10_000);
    expect(await outcome(exchanger.exchange(generateApiKey(), "v1", address))).toBe("unauthorized");
  });
});

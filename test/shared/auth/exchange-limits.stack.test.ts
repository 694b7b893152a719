import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, inject, it } from "vitest";
import { generateApiKey } from "../../../shared/accounts/api-keys.js";
import { createExchangeLimiter, exchangeLimitName } from "../../../shared/auth/exchange-limits.js";
import { createTokenExchange } from "../../../shared/auth/token-exchange.js";
import { keys } from "../../../shared/data/table-keys.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { createRateLimiter } from "../../../shared/limits/rate-limiter.js";
import { createRateWindowRepository } from "../../../shared/limits/rate-window-repository.js";
import { windowAt } from "../../../shared/limits/window-limit.js";
import { accessTokens, accountStore } from "../../../shared/runtime/dependencies.js";
import { tableClient, tableName } from "../../../shared/runtime/table.js";
import { createTestAccount } from "../../support/accounts.js";
import { request } from "../../support/http.js";

const PER_KEY = 20;
const tooManyV1 = { status: "error", message: "Too many requests" };
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

  it("keeps answering an unknown key with 401, however often it is tried (guessing is the address limit's)", async () => {
    await awayFromWindowEdge();
    const unknown = generateApiKey();
    const responses = await Promise.all(Array.from({ length: 25 }, () => exchange("v1", unknown)));
    expect(responses.map((r) => r.status)).toEqual(Array(25).fill(401));
  });

  it.each(["v1", "v2"] as const)(
    "counts each %s exchange against the caller's source address as the gateway saw it",
    async (version) => {
      const account = await createTestAccount();
      const source = `127.0.${version === "v1" ? 1 : 2}.${10 + Math.floor(Math.random() * 200)}`;
      const url = new URL(`${inject("gatewayUrl")}/api/${version}/auth/api-key/create`);
      await awayFromWindowEdge();
      const status = await new Promise<number>((resolve, reject) => {
        const sent = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: "POST",
            localAddress: source,
            headers: { "X-API-KEY": account.api_key },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        sent.on("error", reject);
        sent.end();
      });
      expect(status).toBe(200);
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
});

describe("token exchange abuse limit per source address, on the service against the table", () => {
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

  it("refuses a good key from an address over its limit, while another address still gets its token", async () => {
    const account = await createTestAccount();
    const exchanger = exchangeWithLimits({ key: 20, address: 2 });
    const [busy, quiet] = [freshAddress(), freshAddress()];
    await awayFromWindowEdge();
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await outcome(exchanger.exchange(account.api_key, "v2", busy)));
    expect(anyWait(outcomes)).toEqual(["ok", "ok", "too_many_requests N"]);
    expect(await outcome(exchanger.exchange(account.api_key, "v2", quiet))).toBe("ok");
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
});

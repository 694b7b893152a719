import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AccountRecord } from "../../../shared/accounts/account.js";
import { newSigningSecret } from "../../../shared/accounts/webhook-signing-secret.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { cryptoRandomness } from "../../../shared/ids/randomness.js";
import { createRateLimiter } from "../../../shared/limits/rate-limiter.js";
import { seal } from "../../../shared/secrets/sealed-box.js";
import { standardSignature } from "../../../shared/webhooks/standard-signature.js";
import { createTestWebhook } from "../../../shared/webhooks/test-webhook.js";
import { TEST_WEBHOOK_LIMIT_NAME } from "../../../shared/webhooks/test-webhook-limit.js";
import type { WebhookCallResult } from "../../../shared/webhooks/webhook-client.js";
import { verifyWebhookSignature } from "../../../shared/webhooks/webhook-signature.js";

const key = randomBytes(32);
const API_KEY = "mk_test-webhook-unit-key";
const SIGNING_SECRET = newSigningSecret();

const account = (apiUrl: string): AccountRecord => ({
  account_id: 7,
  id_user: 7,
  name: "Store",
  email: "seller@example.com",
  description: "",
  api_url: apiUrl,
  img: "",
  img_key: "",
  balance: 0,
  rating: 0,
  status_moderation: 1,
  token_generation: 0,
  api_key_hash: "h",
  api_key_sealed: seal(key, API_KEY),
  totp_secret_sealed: "",
  webhook_secret_sealed: seal(key, SIGNING_SECRET),
  created_at: "2026-01-01T00:00:00.000Z",
});

/**
 * A test webhook whose call answers `result`; the clock moves 120 ms during the call. Its limit admits
 * `limit` calls per minute, counted in memory per seller.
 */
const testWebhookWith = (apiUrl: string | undefined, result: WebhookCallResult, limit = 5) => {
  const calls: { url: string; body: string; headers: Record<string, string> }[] = [];
  const counted: string[] = [];
  let t = Date.parse("2026-11-24T10:00:00.000Z");
  const windows = new Map<string, number>();
  const service = createTestWebhook({
    accounts: { findById: async (id) => (id === 7 && apiUrl !== undefined ? account(apiUrl) : undefined) },
    limiter: createRateLimiter({
      windows: {
        take: async (name, subject, windowStart, max) => {
          counted.push(`${name}|${subject}`);
          const key = `${name}|${subject}|${windowStart}`;
          const hits = windows.get(key) ?? 0;
          if (hits >= max) return false;
          windows.set(key, hits + 1);
          return true;
        },
      },
      now: () => new Date(t),
    }),
    limit: { name: TEST_WEBHOOK_LIMIT_NAME, limit, windowSeconds: 60 },
    dataKey: async () => key,
    post: async (url, body, headers) => {
      calls.push({ url, body, headers });
      t += 120;
      return result;
    },
    publicBaseUrl: "https://api.example/",
    now: () => new Date(t),
    random: cryptoRandomness,
  });
  return { service, calls, counted };
};

describe("the signed test webhook", () => {
  it("posts the spec's payload signed with the seller's key to its api_url, and answers delivered with the 2xx and the duration", async () => {
    const { service, calls } = testWebhookWith("https://hooks.example/in?secret=x", { status: 200 });
    const answer = await service.send(7);
    expect(answer).toEqual({
      id_order: answer.id_order,
      target: "https://hooks.example",
      outcome: "delivered",
      http_status: 200,
      error: null,
      duration_ms: 120,
    });
    expect(answer.id_order).toMatch(/^test-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("https://hooks.example/in?secret=x");
    const payload = JSON.parse(calls[0]?.body ?? "{}") as Record<string, string>;
    expect(payload).toEqual({
      id_order: answer.id_order,
      id_product: "test",
      payment_status: "paid",
      signature: payload.signature,
      delivery_url: `https://api.example/api/v1/orders/delivery/${payload.token}`,
      token: payload.token,
    });
    expect(verifyWebhookSignature(API_KEY, answer.id_order, payload.signature ?? "")).toBe(true);
    // Signed as a real webhook is (Standard Webhooks, at the call's time); the stack's tests verify real
    // ones with the standardwebhooks package, whose tolerance this fixed clock would fail.
    const timestamp = calls[0]?.headers["webhook-timestamp"] ?? "";
    expect(calls[0]?.headers).toEqual({
      "x-webhook-id": answer.id_order,
      "webhook-id": answer.id_order,
      "webhook-timestamp": timestamp,
      "webhook-signature": standardSignature(
        SIGNING_SECRET,
        answer.id_order,
        Number(timestamp),
        calls[0]?.body ?? "",
      ),
      "x-webhook-test": "1",
      "user-agent": "Marketplace-Webhooks/1.0",
    });
    expect(timestamp).toMatch(/^\d{10}$/);
  });

  it("answers a non-2xx as failed with its status, a guard refusal as refused and other errors as failed, each with the error", async () => {
    const cases: [WebhookCallResult, string, number | null, string | null][] = [
      [{ status: 500 }, "failed", 500, null],
      [{ status: 302 }, "failed", 302, null],
      [
        { error: "Refused target address 10.0.0.1 for hooks.example" },
        "refused",
        null,
        "Refused target address 10.0.0.1 for hooks.example",
      ],
      [{ error: "Timed out after 5000 ms" }, "failed", null, "Timed out after 5000 ms"],
    ];
    for (const [result, outcome, status, error] of cases) {
      const answer = await testWebhookWith("https://hooks.example/in", result).service.send(7);
      expect([answer.outcome, answer.http_status, answer.error]).toEqual([outcome, status, error]);
    }
  });

  it("refuses a seller without api_url with 409 and calls nothing", async () => {
    const { service, calls } = testWebhookWith("", { status: 200 });
    const refusal = await service.send(7).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect([(refusal as DomainError).kind, (refusal as DomainError).message]).toEqual([
      "conflict",
      "No api_url is set: set one with POST /seller/profile",
    ]);
    expect(calls).toEqual([]);
  });

  it("refuses the call past the seller's limit with 429 and its Retry-After, calling nothing; every call counts, a 409 too", async () => {
    const { service, calls, counted } = testWebhookWith("https://hooks.example/in", { status: 200 }, 2);
    await service.send(7);
    await service.send(7);
    const refusal = await service.send(7).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    const { kind, code, message, retryAfterSeconds } = refusal as DomainError;
    // Two calls of 120 ms each: 0.24 s into the minute, so the window ends in 60 s (rounded up).
    expect({ kind, code, message, retryAfterSeconds }).toEqual({
      kind: "rate_limited",
      code: "too_many_requests",
      message: "Too many requests",
      retryAfterSeconds: 60,
    });
    expect(calls).toHaveLength(2);
    expect(counted).toEqual(Array(3).fill("WEBHOOK_TEST#seller|7"));

    const withoutUrl = testWebhookWith("", { status: 200 }, 1);
    expect(((await withoutUrl.service.send(7).catch((e: unknown) => e)) as DomainError).kind).toBe(
      "conflict",
    );
    expect(((await withoutUrl.service.send(7).catch((e: unknown) => e)) as DomainError).kind).toBe(
      "rate_limited",
    );
  });
});

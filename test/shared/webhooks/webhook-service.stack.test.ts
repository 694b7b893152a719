import { afterEach, describe, expect, it } from "vitest";
import { createAccountRepository } from "../../../shared/accounts/account-repository.js";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { cryptoRandomness } from "../../../shared/ids/randomness.js";
import type { WebhookJob } from "../../../shared/queue/queue-messages.js";
import { masterSecret } from "../../../shared/runtime/master-secret.js";
import { deriveKeys } from "../../../shared/secrets/derived-keys.js";
import { systemClock } from "../../../shared/time/clock.js";
import type { WebhookCallResult } from "../../../shared/webhooks/webhook-client.js";
import { createWebhookRepository } from "../../../shared/webhooks/webhook-repository.js";
import { createWebhookService, WebhookAttemptFailed } from "../../../shared/webhooks/webhook-service.js";
import { verifyWebhookSignature } from "../../../shared/webhooks/webhook-signature.js";
import { request } from "../../support/http.js";
import { paidOrder, paymentEventOf, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { startReceiver } from "../../support/receiver.js";

// The stack's own webhook worker handles these orders in the background too (attempts 1, 2, ...). This
// file's attempts are numbered from 101 and asserted on their own; any api_url set here is a loopback
// receiver that always answers 503, so the background worker can never mark an order delivered.
const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

interface PostCall {
  readonly url: string;
  readonly body: string;
  readonly headers: Record<string, string>;
}

/** A `post` that records each call and answers with the scripted results, in order. */
const scriptedPost = (...results: WebhookCallResult[]) => {
  const calls: PostCall[] = [];
  const post = async (url: string, body: string, headers: Record<string, string>) => {
    calls.push({ url, body, headers });
    const result = results.shift();
    if (!result) throw new Error(`unexpected post #${calls.length} to ${url}`);
    return result;
  };
  return { calls, post };
};

const publicBaseUrl = () => requireEnv("PUBLIC_BASE_URL").replace(/\/+$/, "");

/** The webhook service on the stack's real table and secrets, with a scripted `post`. */
const serviceWith = (
  post: (url: string, body: string, headers: Record<string, string>) => Promise<WebhookCallResult>,
  options: { sellerApiUrl?: string } = {},
) => {
  const client = createDocumentClient();
  const table = requireEnv("TABLE_NAME");
  const accounts = createAccountRepository(client, table);
  const { sellerApiUrl } = options;
  return createWebhookService({
    ...stores(),
    now: systemClock,
    random: cryptoRandomness,
    accounts:
      sellerApiUrl === undefined
        ? accounts
        : {
            ...accounts,
            // The account as it would be stored with a seller-level api_url.
            findById: async (id) => {
              const account = await accounts.findById(id);
              return account && { ...account, api_url: sellerApiUrl };
            },
          },
    attempts: createWebhookRepository(client, table),
    dataKey: async () => deriveKeys(await masterSecret()).dataEncryption,
    post,
    // A trailing slash must not double the one before /api.
    publicBaseUrl: `${publicBaseUrl()}/`,
  });
};

/** The webhook job of a paid order, built from its payment_confirmed outbox event. */
const jobFor = async (orderId: string): Promise<WebhookJob> => {
  const event = await paymentEventOf(orderId);
  return { event_id: event.event_id, order_id: event.order_id, token_sealed: event.token_sealed };
};

/** A paid order whose product had no api_url at payment time, and its webhook job. */
const paidOrderWithJob = async () => {
  const paid = await paidOrder();
  return { ...paid, orderId: paid.order.id_order, job: await jobFor(paid.order.id_order) };
};

/** Sets the product's api_url over HTTP, to a loopback receiver that always answers 503. */
const setProductApiUrl = async (seller: { token: string; productId: string }) => {
  const receiver = await startReceiver(() => 503);
  receivers.push(receiver);
  const update = await request("POST", `/api/v1/products/update/${seller.productId}`, {
    headers: jsonHeaders(seller.token),
    body: JSON.stringify({ api_url: receiver.url }),
  });
  expect(update.status).toBe(200);
  receiver.namedBy({ product: seller.productId });
  expect((await stores().products.get(seller.productId))?.api_url).toBe(receiver.url);
  return receiver.url;
};

/** This file's attempts of an order with one attempt number. */
const attemptsNumbered = async (orderId: string, attempt: number) =>
  (await serviceWith(scriptedPost().post).attempts(orderId)).filter((a) => a.attempt === attempt);

/** The rejection of a send, which must be a WebhookAttemptFailed. */
const failure = async (sending: Promise<unknown>): Promise<WebhookAttemptFailed> => {
  const error = await sending.then(
    (outcome) => new Error(`send resolved with ${JSON.stringify(outcome)}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookAttemptFailed);
  return error as WebhookAttemptFailed;
};

describe("webhook service on the stack's table", () => {
  it("an order whose product and seller have no api_url: one refused attempt recorded, nothing posted, and the job done (no retries)", async () => {
    const { orderId, job } = await paidOrderWithJob();
    const { calls, post } = scriptedPost();
    expect(await serviceWith(post).send(job, 101)).toBe("no_target");
    expect(calls).toEqual([]);
    expect(await attemptsNumbered(orderId, 101)).toEqual([
      {
        event_id: job.event_id,
        attempt: 101,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        target: "",
        outcome: "refused",
        error: "No api_url is set on the product or the seller",
        duration_ms: 0,
      },
    ]);
  });

  it("posts the spec's signed payload to the product's api_url when the seller has none, and a 2xx is delivered once", async () => {
    const paid = await paidOrderWithJob();
    const { orderId, job } = paid;
    const url = await setProductApiUrl(paid);
    const account = await createAccountRepository(createDocumentClient(), requireEnv("TABLE_NAME")).findById(
      paid.account.seller_id,
    );
    expect(account?.api_url).toBe("");
    const { calls, post } = scriptedPost({ status: 204 });
    const service = serviceWith(post);

    expect(await service.send(job, 101)).toBe("delivered");
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(url);
    const payload = JSON.parse(call?.body ?? "null") as Record<string, string>;
    expect(payload).toEqual({
      id_order: orderId,
      id_product: paid.productId,
      payment_status: "paid",
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      delivery_url: `${publicBaseUrl()}/api/v1/orders/delivery/${paid.deliveryToken}`,
      token: paid.deliveryToken,
    });
    expect(verifyWebhookSignature(paid.account.api_key, orderId, payload.signature ?? "")).toBe(true);
    expect(payload.delivery_url?.endsWith(`/api/v1/orders/delivery/${payload.token}`)).toBe(true);
    expect(call?.headers["x-webhook-id"]).toBe(job.event_id);

    const recorded = await attemptsNumbered(orderId, 101);
    expect(recorded).toEqual([
      {
        event_id: job.event_id,
        attempt: 101,
        at: expect.any(String),
        target: new URL(url).origin,
        outcome: "delivered",
        http_status: 204,
        duration_ms: expect.any(Number),
      },
    ]);
    expect((await stores().orders.get(orderId))?.webhook_delivered_at).toEqual(expect.any(String));

    // The queue hands the same job again: the seller is not called a second time.
    expect(await service.send(job, 102)).toBe("already_delivered");
    expect(calls).toHaveLength(1);
    expect(await attemptsNumbered(orderId, 102)).toEqual([]);
  });

  it("posts to the seller's api_url when the product has none", async () => {
    const { orderId, job } = await paidOrderWithJob();
    const { calls, post } = scriptedPost({ status: 200 });
    expect(
      await serviceWith(post, { sellerApiUrl: "https://seller.example/hooks/paid" }).send(job, 101),
    ).toBe("delivered");
    expect(calls.map((c) => c.url)).toEqual(["https://seller.example/hooks/paid"]);
    expect(await attemptsNumbered(orderId, 101)).toMatchObject([
      { outcome: "delivered", http_status: 200, target: "https://seller.example" },
    ]);
  });

  it("prefers the product's api_url to the seller's", async () => {
    const paid = await paidOrderWithJob();
    const url = await setProductApiUrl(paid);
    const { calls, post } = scriptedPost({ status: 200 });
    await serviceWith(post, { sellerApiUrl: "https://seller.example/hooks/paid" }).send(paid.job, 101);
    expect(calls.map((c) => c.url)).toEqual([url]);
  });

  it.each([404, 301, 500])(
    "records HTTP %i as a failed attempt with its http_status, throws, and leaves the order undelivered",
    async (status) => {
      const paid = await paidOrderWithJob();
      const url = await setProductApiUrl(paid);
      const { calls, post } = scriptedPost({ status });
      const error = await failure(serviceWith(post).send(paid.job, 101));
      expect(error.message).toBe(`HTTP ${status}`);
      expect(calls).toHaveLength(1);
      expect(await attemptsNumbered(paid.orderId, 101)).toEqual([
        {
          event_id: paid.job.event_id,
          attempt: 101,
          at: expect.any(String),
          target: new URL(url).origin,
          outcome: "failed",
          http_status: status,
          duration_ms: expect.any(Number),
        },
      ]);
      expect((await stores().orders.get(paid.orderId))?.webhook_delivered_at).toBeUndefined();
    },
  );

  it("records a target the client refused (e.g. a private address) as a refused attempt with its error", async () => {
    const paid = await paidOrderWithJob();
    await setProductApiUrl(paid);
    const { post } = scriptedPost({ error: "Refused target address 10.0.0.1 for x" });
    const error = await failure(serviceWith(post).send(paid.job, 101));
    expect(error.message).toBe("Refused target address 10.0.0.1 for x");
    const [attempt] = await attemptsNumbered(paid.orderId, 101);
    expect(attempt).toMatchObject({ outcome: "refused", error: "Refused target address 10.0.0.1 for x" });
    expect(attempt).not.toHaveProperty("http_status");
  });

  it("records a transport error as a failed attempt with its error text", async () => {
    const paid = await paidOrderWithJob();
    await setProductApiUrl(paid);
    const { post } = scriptedPost({ error: "Timed out after 5000 ms" });
    const error = await failure(serviceWith(post).send(paid.job, 101));
    expect(error.message).toBe("Timed out after 5000 ms");
    const [attempt] = await attemptsNumbered(paid.orderId, 101);
    expect(attempt).toMatchObject({ outcome: "failed", error: "Timed out after 5000 ms" });
    expect(attempt).not.toHaveProperty("http_status");
  });

  it("sends the same signed payload and x-webhook-id on a retry after a failure, then delivers", async () => {
    const paid = await paidOrderWithJob();
    await setProductApiUrl(paid);
    const { calls, post } = scriptedPost({ status: 500 }, { status: 200 });
    const service = serviceWith(post);
    await failure(service.send(paid.job, 101));
    expect(await service.send(paid.job, 102)).toBe("delivered");
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toBe(calls[0]?.body);
    expect(calls.map((c) => c.headers["x-webhook-id"])).toEqual([paid.job.event_id, paid.job.event_id]);
    const mine = (await service.attempts(paid.orderId)).filter((a) => a.attempt > 100);
    expect(mine.map((a) => [a.attempt, a.outcome, a.http_status])).toEqual([
      [101, "failed", 500],
      [102, "delivered", 200],
    ]);
  });
});

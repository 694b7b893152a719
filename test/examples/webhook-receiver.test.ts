import { request as httpRequest } from "node:http";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { generateApiKey } from "../../shared/accounts/api-keys.js";
import { newSigningSecret } from "../../shared/accounts/webhook-signing-secret.js";
import { type FakeAnswer, type FakeRequest, startFakeService, tokenAnswer } from "../client/fake-service.js";
import {
  hookBody,
  readmeReceiverBlock,
  receiverFileCode,
  sendHook,
  sendRaw,
  startExampleReceiver,
} from "../support/example-receiver.js";

const EXCHANGE = "/api/v1/auth/api-key/create";
const ok: FakeAnswer = { status: 200, json: { status: "success", data: {} } };
const unauthorized: FakeAnswer = { status: 401, json: { status: "error", message: "Unauthorized" } };

/** A stand-in service: tok-1, tok-2, … per exchange with `expiresIn`; other routes answered by `route`. */
const service = (expiresIn: number, route: (request: FakeRequest) => FakeAnswer = () => ok) => {
  let issued = 0;
  return startFakeService((request) => {
    if (request.url === EXCHANGE) {
      issued += 1;
      return tokenAnswer("v1", `tok-${issued}`, expiresIn);
    }
    return route(request);
  });
};

const running: { stop: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

/** The README's receiver running against `fake` with a fresh API key. */
const receiverFor = async (fake: Awaited<ReturnType<typeof startFakeService>>) => {
  const apiKey = generateApiKey();
  const receiver = await startExampleReceiver({ API_KEY: apiKey, BASE_URL: fake.baseUrl });
  running.push(receiver);
  let order = 0;
  const hook = () => {
    order += 1;
    return sendHook(receiver.url, apiKey, {
      id_order: `order-${order}`,
      delivery_url: `${fake.baseUrl}/api/v1/orders/delivery/token-${order}`,
    });
  };
  return { hook };
};

/** The Standard Webhooks headers of `body` sent as `id` at `at`, signed by the standardwebhooks package. */
const signedHeaders = (secret: string, id: string, at: Date, body: string) => ({
  "webhook-id": id,
  "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
  "webhook-signature": new Webhook(secret).sign(id, at, body),
});

/** The README's receiver running against `fake` with a fresh key and `secret` as its WEBHOOK_SECRET. */
const signingReceiverFor = async (fake: Awaited<ReturnType<typeof startFakeService>>, secret: string) => {
  const receiver = await startExampleReceiver({
    API_KEY: generateApiKey(),
    BASE_URL: fake.baseUrl,
    WEBHOOK_SECRET: secret,
  });
  running.push(receiver);
  return receiver;
};

/** The bearer tokens the service saw on every call that was not an exchange, in order. */
const bearers = (fake: Awaited<ReturnType<typeof startFakeService>>) =>
  fake.requests.filter((r) => r.url !== EXCHANGE).map((r) => r.headers.authorization);

describe("the README's webhook receiver", () => {
  it("is examples/webhook-receiver.ts, line for line", () => {
    expect(readmeReceiverBlock()).toBe(receiverFileCode());
  });

  it("keeps one token for many webhooks, one after another and at once, while it is far from expiry: one exchange", async () => {
    const fake = await service(3600);
    running.push({ stop: fake.close });
    const { hook } = await receiverFor(fake);

    const answers = [await hook(), await hook(), await hook()];
    answers.push(...(await Promise.all(Array.from({ length: 5 }, () => hook()))));

    expect(answers.map((a) => `${a.status} ${a.text}`)).toEqual(Array(8).fill("200 ok"));
    expect(fake.to(EXCHANGE)).toHaveLength(1);
    expect(bearers(fake)).toEqual(Array(16).fill("Bearer tok-1"));
  });

  it("exchanges again for a token that expires within a minute, before using it", async () => {
    const fake = await service(60);
    running.push({ stop: fake.close });
    const { hook } = await receiverFor(fake);

    const answers = [await hook(), await hook(), await hook()];

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(fake.to(EXCHANGE)).toHaveLength(3);
    expect(bearers(fake)).toEqual([
      "Bearer tok-1",
      "Bearer tok-1",
      "Bearer tok-2",
      "Bearer tok-2",
      "Bearer tok-3",
      "Bearer tok-3",
    ]);
  });

  it("drops a token the service refuses (401), so the retried webhook exchanges anew and delivers", async () => {
    const fake = await service(3600, (request) =>
      request.headers.authorization === "Bearer tok-1" ? unauthorized : ok,
    );
    running.push({ stop: fake.close });
    const { hook } = await receiverFor(fake);

    const answers = [await hook(), await hook(), await hook()];

    expect(answers.map((a) => `${a.status} ${a.text}`)).toEqual([
      "500 Product generation failed",
      "200 ok",
      "200 ok",
    ]);
    expect(fake.to(EXCHANGE)).toHaveLength(2);
    expect(bearers(fake)).toEqual([
      "Bearer tok-1",
      "Bearer tok-2",
      "Bearer tok-2",
      "Bearer tok-2",
      "Bearer tok-2",
    ]);
  });

  it("with WEBHOOK_SECRET set, delivers a webhook the standardwebhooks package signed with it, and refuses one signed with another secret, one unsigned, and one timestamped six minutes ago (403, nothing delivered)", async () => {
    const fake = await service(3600);
    running.push({ stop: fake.close });
    const apiKey = generateApiKey();
    const secret = newSigningSecret();
    const receiver = await startExampleReceiver({
      API_KEY: apiKey,
      BASE_URL: fake.baseUrl,
      WEBHOOK_SECRET: secret,
    });
    running.push(receiver);
    const body = (n: number) =>
      hookBody(apiKey, {
        id_order: `order-${n}`,
        delivery_url: `${fake.baseUrl}/api/v1/orders/delivery/token-${n}`,
      });

    const answers = [
      await sendRaw(receiver.url, body(1), signedHeaders(secret, "msg_1", new Date(), body(1))),
      await sendRaw(receiver.url, body(2), signedHeaders(newSigningSecret(), "msg_2", new Date(), body(2))),
      await sendRaw(receiver.url, body(3)),
      await sendRaw(
        receiver.url,
        body(4),
        signedHeaders(secret, "msg_4", new Date(Date.now() - 6 * 60_000), body(4)),
      ),
      await sendRaw(receiver.url, body(5), signedHeaders(secret, "msg_5", new Date(), body(1))),
    ];

    expect(answers.map((a) => `${a.status} ${a.text}`)).toEqual([
      "200 ok",
      "403 Invalid signature",
      "403 Invalid signature",
      "403 Invalid signature",
      "403 Invalid signature",
    ]);
    expect(fake.requests.filter((r) => r.url.includes("/orders/")).map((r) => r.url)).toEqual([
      "/api/v1/orders/info/order-1",
      "/api/v1/orders/delivery/token-1",
    ]);
  });

  it("answers a signed event ({type, timestamp, data}) with 200 and calls nothing of the service", async () => {
    const fake = await service(3600);
    running.push({ stop: fake.close });
    const secret = newSigningSecret();
    const receiver = await signingReceiverFor(fake, secret);
    const event = JSON.stringify({
      type: "dispute.opened",
      timestamp: "2026-11-27T10:00:00.000Z",
      data: { id_order: "order-9", id_product: "p-1", signature: "0".repeat(40) },
    });
    const at = new Date();
    const answer = await sendRaw(receiver.url, event, signedHeaders(secret, "evt_9", at, event));
    expect(`${answer.status} ${answer.text}`).toBe("200 ok");
    expect(fake.requests).toEqual([]);
  });

  it("verifies a signed event whose non-ASCII text arrives split inside a character across two chunks", async () => {
    const fake = await service(3600);
    running.push({ stop: fake.close });
    const secret = newSigningSecret();
    const receiver = await signingReceiverFor(fake, secret);
    const event = JSON.stringify({
      type: "chat.message",
      timestamp: "2026-11-27T10:00:00.000Z",
      data: {
        id_order: "order-9",
        id_product: "p-1",
        message_id: 1,
        message: "Ключ не работает",
        signature: "0".repeat(40),
      },
    });
    const bytes = Buffer.from(event, "utf8");
    // The first byte of "К" (two bytes in UTF-8) ends the first chunk.
    const split = bytes.indexOf(Buffer.from("К", "utf8")) + 1;
    const at = new Date();
    const headers = {
      "Content-Type": "application/json",
      "Content-Length": String(bytes.length),
      ...signedHeaders(secret, "evt_split", at, event),
    };
    const status = await new Promise<number>((resolve, reject) => {
      const sending = httpRequest(receiver.url, { method: "POST", headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sending.on("error", reject);
      sending.write(bytes.subarray(0, split));
      // A moment between the two halves, so the receiver reads them as two chunks.
      setTimeout(() => sending.end(bytes.subarray(split)), 50);
    });
    expect(status).toBe(200);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { generateApiKey } from "../../shared/accounts/api-keys.js";
import { type FakeAnswer, type FakeRequest, startFakeService, tokenAnswer } from "../client/fake-service.js";
import {
  readmeReceiverBlock,
  receiverFileCode,
  sendHook,
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
});

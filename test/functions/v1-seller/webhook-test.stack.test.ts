import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { verifyWebhookSignature } from "../../../shared/webhooks/webhook-signature.js";
import { createTestSeller, updateSellerProfile } from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { jsonHeaders } from "../../support/products.js";
import { eventually, startReceiver } from "../../support/receiver.js";

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const sendTest = (token: string) =>
  request("POST", "/api/v1/seller/webhook-test", { headers: { Authorization: `Bearer ${token}` } });

/** A loopback port nothing listens on: taken, then released. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe("POST /api/v1/seller/webhook-test", () => {
  it("posts a signed sample of the spec's payload to the seller's api_url and answers the outcome; nothing is recorded", async () => {
    const seller = await createTestSeller();
    const receiver = await startReceiver(() => 204);
    receivers.push(receiver);
    await updateSellerProfile(seller.v1, { api_url: `${receiver.url}?key=hook-secret` });

    const response = await sendTest(seller.v1);
    expect(response.status).toBe(200);
    const data = (response.body as { data: Record<string, unknown> }).data;
    expect(response.body).toEqual({
      status: "success",
      data: {
        id_order: data.id_order,
        target: new URL(receiver.url).origin,
        outcome: "delivered",
        http_status: 204,
        error: null,
        duration_ms: data.duration_ms,
      },
    });
    expect(data.id_order).toMatch(/^test-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(Number.isInteger(data.duration_ms) && Number(data.duration_ms) >= 0).toBe(true);
    expect(response.text).not.toContain("hook-secret");

    expect(receiver.calls).toHaveLength(1);
    const call = receiver.calls[0];
    const payload = call?.body as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual(
      ["delivery_url", "id_order", "id_product", "payment_status", "signature", "token"].sort(),
    );
    expect(payload).toMatchObject({ id_order: data.id_order, id_product: "test", payment_status: "paid" });
    expect(verifyWebhookSignature(seller.apiKey, payload.id_order ?? "", payload.signature ?? "")).toBe(true);
    expect(payload.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(payload.delivery_url).toBe(
      `${requireEnv("PUBLIC_BASE_URL").replace(/\/+$/, "")}/api/v1/orders/delivery/${payload.token}`,
    );
    expect(call?.headers["x-webhook-id"]).toBe(data.id_order);
    expect(call?.headers["x-webhook-test"]).toBe("1");

    // The sample's token names no order: delivering to it is the spec's 404, and no order appeared.
    const delivery = await request("POST", `/api/v1/orders/delivery/${payload.token}`, {
      headers: jsonHeaders(seller.v1),
      body: JSON.stringify({ text: "KEY" }),
    });
    expect(delivery.status).toBe(404);
    expect(delivery.body).toEqual({ status: "error", message: "Order not found" });
    const orders = await request("GET", "/api/v1/orders", {
      headers: { Authorization: `Bearer ${seller.v1}` },
    });
    expect(orders.body).toEqual({ status: "success", data: [] });
  });

  it("answers a receiver's refusal as failed with its status, and an unreachable one as failed with the error", async () => {
    const seller = await createTestSeller();
    const receiver = await startReceiver(() => 403);
    receivers.push(receiver);
    await updateSellerProfile(seller.v1, { api_url: receiver.url });
    receiver.namedBy({ seller: seller.id });
    const refused = await sendTest(seller.v1);
    expect(refused.status).toBe(200);
    expect((refused.body as { data: unknown }).data).toMatchObject({
      outcome: "failed",
      http_status: 403,
      error: null,
    });

    const port = await closedPort();
    await updateSellerProfile(seller.v1, { api_url: `http://127.0.0.1:${port}/hook` });
    const unreachable = await sendTest(seller.v1);
    expect(unreachable.status).toBe(200);
    expect((unreachable.body as { data: unknown }).data).toMatchObject({
      target: `http://127.0.0.1:${port}`,
      outcome: "failed",
      http_status: null,
      error: `connect ECONNREFUSED 127.0.0.1:${port}`,
    });
  });

  it("refuses a seller without api_url with 409 'No api_url is set: set one with POST /seller/profile', and no token with 401", async () => {
    const seller = await createTestSeller();
    const response = await sendTest(seller.v1);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      status: "error",
      message: "No api_url is set: set one with POST /seller/profile",
    });
    const anonymous = await request("POST", "/api/v1/seller/webhook-test");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "error", message: "Unauthorized" });
  });

  it("admits exactly 5 of 30 parallel calls of one seller to a receiver that does not answer; the other 25 are 429 with Retry-After at once, and another seller is unaffected", async () => {
    const [seller, other] = await Promise.all([createTestSeller(), createTestSeller()]);
    // The receiver holds every call until the test lets it answer: the refusals cannot have waited for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const silent = await startReceiver(async () => {
      await held;
      return 204;
    });
    const answering = await startReceiver(() => 204);
    receivers.push(silent, answering);
    await Promise.all([
      updateSellerProfile(seller.v1, { api_url: silent.url }),
      updateSellerProfile(other.v1, { api_url: answering.url }),
    ]);
    silent.namedBy({ seller: seller.id });
    answering.namedBy({ seller: other.id });
    // A burst that straddles two fixed windows would be counted in both.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 200));

    const answered: Awaited<ReturnType<typeof sendTest>>[] = [];
    const all = Promise.all(
      Array.from({ length: 30 }, () =>
        sendTest(seller.v1).then((response) => {
          answered.push(response);
          return response;
        }),
      ),
    );
    // Every call is either answered or held at the receiver; without a limit all 30 are held.
    await eventually(
      async () => answered.length + silent.calls.length,
      (n) => n >= 30,
    );
    expect({ answered: answered.map((r) => r.status), held: silent.calls.length }).toEqual({
      answered: Array(25).fill(429),
      held: 5,
    });
    for (const response of answered) {
      expect(response.body).toEqual({ status: "error", message: "Too many requests" });
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter)).toBe(
        true,
      );
    }

    // The other seller's window is its own.
    const others = await sendTest(other.v1);
    expect([others.status, (others.body as { data: { outcome: string } }).data.outcome]).toEqual([
      200,
      "delivered",
    ]);

    release();
    const responses = await all;
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expect(silent.calls).toHaveLength(5);
  });
});

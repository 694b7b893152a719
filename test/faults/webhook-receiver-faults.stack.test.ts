import type { SQSRecord } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { handler as webhookHandler } from "../../functions/webhooks/handler.js";
import { orderService, paymentService, webhookService } from "../../shared/runtime/dependencies.js";
import { WEBHOOK_TIMEOUT_MS } from "../../shared/webhooks/webhook-client.js";
import { type ReceiverAnswer, startFaultReceiver } from "../support/fault-receiver.js";
import { request } from "../support/http.js";
import { outboxEventsFor, sellerWithProduct } from "../support/orders.js";
import { jsonHeaders } from "../support/products.js";
import { eventually } from "../support/receiver.js";

// The stack's own webhook worker (queue, retry schedule WEBHOOK_RETRY_DELAYS_SECONDS=1,1,1,1: five
// receives, then the dead-letter queue) against a receiver that fails in every way a seller's server can
// before it recovers. A receiver failing with 500 then recovering is in
// test/functions/webhooks/payment-loop.stack.test.ts; this one mixes the other faults into one job's life.

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const receiver = async (answer: (index: number) => ReceiverAnswer) => {
  const started = await startFaultReceiver(answer);
  receivers.push(started);
  return started;
};

/** A paid storefront order of a product whose api_url is `url`; its webhook is on its way. */
const paidOrderTo = async (url: string) => {
  const seller = await sellerWithProduct({ price: 900, count: 3 });
  const update = await request("POST", `/api/v1/products/update/${seller.productId}`, {
    headers: jsonHeaders(seller.token),
    body: JSON.stringify({ api_url: url }),
  });
  expect(update.status).toBe(200);
  const order = await orderService().createGuestOrder({
    product_id: seller.productId,
    quantity: 1,
    email: "faulty-receiver@example.com",
  });
  await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
  return order.id_order;
};

/** The webhook job of a paid order as the queue carries it, received for the `receiveCount`-th time. */
const redelivered = async (orderId: string, receiveCount: number): Promise<SQSRecord> => {
  const event = (await outboxEventsFor(orderId)).find((e) => e.type === "payment_confirmed");
  if (!event) throw new Error(`no payment_confirmed event for ${orderId}`);
  return {
    messageId: `redelivery-${orderId}`,
    receiptHandle: "not-used-when-the-job-succeeds",
    body: JSON.stringify({
      event_id: event.event_id,
      order_id: event.order_id,
      token_sealed: event.token_sealed,
    }),
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: "0",
      SenderId: "s",
      ApproximateFirstReceiveTimestamp: "0",
    },
    messageAttributes: {},
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: "arn:aws:sqs:us-east-1:000000000000:webhooks",
    awsRegion: "us-east-1",
  };
};

/** An attempt as [number, outcome, HTTP status or transport error]. */
const attemptsOf = async (orderId: string) =>
  (await webhookService().attempts(orderId)).map((a) => [a.attempt, a.outcome, a.http_status ?? a.error]);

describe("the webhook worker against a faulty receiver", () => {
  it("a slow, a 500, a dropped and a redirecting answer are each a failed attempt retried on schedule; the fifth attempt delivers once, the redirect is never followed, and nothing is sent after the success", async () => {
    const elsewhere = await receiver(() => ({ kind: "status", status: 200 }));
    const script: ReceiverAnswer[] = [
      { kind: "slow", delayMs: WEBHOOK_TIMEOUT_MS + 1000, status: 200 },
      { kind: "status", status: 500 },
      { kind: "close_mid_answer" },
      { kind: "redirect", status: 307, location: elsewhere.url },
      { kind: "status", status: 200 },
    ];
    const seller = await receiver((index) => script[index] ?? { kind: "status", status: 200 });
    const orderId = await paidOrderTo(seller.url);

    const attempts = await eventually(
      () => attemptsOf(orderId),
      (a) => a.some(([, outcome]) => outcome === "delivered"),
    );
    expect(attempts).toEqual([
      [1, "failed", `Timed out after ${WEBHOOK_TIMEOUT_MS} ms`],
      [2, "failed", 500],
      [3, "failed", "aborted"],
      [4, "failed", 307],
      [5, "delivered", 200],
    ]);
    // Each retry waited out the schedule's delay (1 s) after its failure; the first failed only at the
    // timeout. A call is stamped when the receiver has read it, a moment after the sender started it.
    const starts = seller.calls.map((c) => c.at);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS + 500);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(500);
    // One job throughout: the same payload and X-Webhook-Id on every attempt.
    expect(new Set(seller.calls.map((c) => c.body)).size).toBe(1);
    expect(new Set(seller.calls.map((c) => c.headers["x-webhook-id"])).size).toBe(1);
    expect(elsewhere.calls).toHaveLength(0);

    // Nothing more arrives once it got through: three retry delays later there are still five calls.
    await new Promise((r) => setTimeout(r, 3000));
    expect(seller.calls).toHaveLength(5);
    // And a late duplicate of the job (queues deliver at least once) calls no one and records nothing.
    const result = await webhookHandler({ Records: [await redelivered(orderId, 6)] });
    expect(result).toEqual({ batchItemFailures: [] });
    expect(seller.calls).toHaveLength(5);
    expect(await attemptsOf(orderId)).toEqual(attempts);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { postWebhook } from "../../shared/webhooks/webhook-client.js";
import { type ReceiverAnswer, startFaultReceiver } from "../support/fault-receiver.js";

// The webhook client against real receivers that misbehave. A timeout, a dropped connection before any
// answer and a closed port are covered in test/shared/webhooks/webhook-client.test.ts; these are the
// faults it does not cover: redirects and a connection dropped after the status line.

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const receiver = async (answer: (index: number) => ReceiverAnswer) => {
  const started = await startFaultReceiver(answer);
  receivers.push(started);
  return started;
};

const post = (url: string) =>
  postWebhook(url, '{"id_order":"1"}', { "x-webhook-id": "evt-1" }, { allowLoopback: true });

describe("postWebhook against a faulty receiver", () => {
  it.each([301, 302, 303, 307, 308])(
    "reports a %i redirect as that status and does not follow it: the redirect's target is never called",
    async (status) => {
      const target = await receiver(() => ({ kind: "status", status: 200 }));
      const redirecting = await receiver(() => ({ kind: "redirect", status, location: target.url }));
      expect(await post(redirecting.url)).toEqual({ status });
      // Give a followed redirect time to arrive before counting.
      await new Promise((r) => setTimeout(r, 200));
      expect(redirecting.calls).toHaveLength(1);
      expect(target.calls).toHaveLength(0);
    },
  );

  it("reports a receiver that sends 200 and drops the connection before the end of its answer as an error, not a 200", async () => {
    const dropping = await receiver(() => ({ kind: "close_mid_answer" }));
    const result = await post(dropping.url);
    expect(result).toEqual({ error: "aborted" });
    expect(dropping.calls).toHaveLength(1);
  });
});

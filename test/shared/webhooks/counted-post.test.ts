import { describe, expect, it } from "vitest";
import { countedPost } from "../../../shared/webhooks/counted-post.js";
import type { WebhookCallResult } from "../../../shared/webhooks/webhook-client.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";

/** The counts of one webhook request that ended as `result`. */
const countsOf = async (result: WebhookCallResult) => {
  const metrics = recordedMetrics();
  const post = countedPost(async () => result, metrics.sink);
  expect(await post("https://seller.example/hook", "{}", {})).toEqual(result);
  return metrics.counted;
};

describe("webhook requests counted", () => {
  it("counts a 2xx as an attempt only", async () => {
    expect(await countsOf({ status: 200 })).toEqual(["webhookAttempts"]);
    expect(await countsOf({ status: 204 })).toEqual(["webhookAttempts"]);
  });

  it("counts a refusal, a redirect, a timeout or an unreachable receiver as an attempt and a failure", async () => {
    for (const result of [
      { status: 500 },
      { status: 302 },
      { status: 199 },
      { error: "Timed out after 5000 ms" },
    ]) {
      expect(await countsOf(result)).toEqual(["webhookAttempts", "webhookFailures"]);
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  DEFAULT_TEST_WEBHOOKS_PER_SELLER,
  TEST_WEBHOOK_LIMIT_NAME,
  testWebhookLimit,
} from "../../../shared/webhooks/test-webhook-limit.js";

describe("the test webhook's limit", () => {
  it("is 5 calls per seller per minute unless WEBHOOK_TEST_LIMIT_PER_SELLER says otherwise", () => {
    expect(DEFAULT_TEST_WEBHOOKS_PER_SELLER).toBe(5);
    expect(testWebhookLimit("WEBHOOK_TEST_LIMIT_PER_SELLER", undefined)).toEqual({
      name: TEST_WEBHOOK_LIMIT_NAME,
      limit: 5,
      windowSeconds: 60,
    });
    expect(testWebhookLimit("WEBHOOK_TEST_LIMIT_PER_SELLER", "12")).toEqual({
      name: "WEBHOOK_TEST#seller",
      limit: 12,
      windowSeconds: 60,
    });
  });

  it("fails on a bad value, naming the variable and what it counts", () => {
    expect(() => testWebhookLimit("WEBHOOK_TEST_LIMIT_PER_SELLER", "0")).toThrow(
      'WEBHOOK_TEST_LIMIT_PER_SELLER must be a whole number of test webhooks per minute from 1, got "0"',
    );
  });
});

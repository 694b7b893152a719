import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature, webhookSignature } from "../../../shared/webhooks/webhook-signature.js";

const apiKey = "mk_live_7f3a9c";
const orderId = "1048576";
/** The spec's rule computed here on its own: sha1hex(sha1hex(apiKey) + id_order). */
const expected = createHash("sha1")
  .update(createHash("sha1").update(apiKey).digest("hex") + orderId)
  .digest("hex");

describe("webhook signature", () => {
  it("is the lowercase hex SHA-1 of (lowercase hex SHA-1 of the API key) followed by id_order", () => {
    // The same vector worked out outside Node as well.
    expect(expected).toBe("a51276ee4ade8073fe7b4895a23c7b4ab7269899");
    expect(webhookSignature(apiKey, orderId)).toBe(expected);
    expect(webhookSignature(apiKey, orderId)).toMatch(/^[0-9a-f]{40}$/);
  });

  it("verifies the signature of the same key and order", () => {
    expect(verifyWebhookSignature(apiKey, orderId, expected)).toBe(true);
  });

  it.each([
    ["another order id", apiKey, "1048577", expected],
    ["another API key", "mk_live_7f3a9d", orderId, expected],
    ["the uppercase hex of the signature", apiKey, orderId, expected.toUpperCase()],
    ["a truncated signature", apiKey, orderId, expected.slice(0, 39)],
    ["a signature with an extra character", apiKey, orderId, `${expected}0`],
    ["an empty signature", apiKey, orderId, ""],
  ])("rejects %s", (_case, key, order, signature) => {
    expect(verifyWebhookSignature(key, order, signature)).toBe(false);
  });
});

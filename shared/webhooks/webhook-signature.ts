import { createHash, timingSafeEqual } from "node:crypto";

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("hex");

/** The spec's webhook signature: lowercase hex SHA-1 of (lowercase hex SHA-1 of the API key) + id_order. */
export const webhookSignature = (apiKey: string, orderId: string): string => sha1(sha1(apiKey) + orderId);

/** What a receiver does: recompute and compare in constant time. */
export const verifyWebhookSignature = (apiKey: string, orderId: string, signature: string): boolean => {
  const expected = Buffer.from(webhookSignature(apiKey, orderId), "utf8");
  const given = Buffer.from(signature, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
};

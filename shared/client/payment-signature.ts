import { verifyWebhookSignature } from "../webhooks/webhook-signature.js";

/** The fields of a payment webhook's body the spec's signature covers, as a parsed body may hold them. */
export interface SignedPaymentWebhook {
  readonly id_order?: unknown;
  readonly signature?: unknown;
}

/**
 * Verifies the spec's `signature` field of a parsed payment webhook: lowercase hex
 * `sha1(sha1(api_key) + id_order)`, compared in constant time. The formula is the service's own
 * (`shared/webhooks/webhook-signature.ts`), bundled into the package rather than written twice. It covers
 * the order id only; the Standard Webhooks signature (verifyStandardWebhook) covers the body and time.
 */
export const verifyPaymentSignature = (apiKey: string, payload: SignedPaymentWebhook): boolean =>
  typeof payload.id_order === "string" &&
  typeof payload.signature === "string" &&
  verifyWebhookSignature(apiKey, payload.id_order, payload.signature);

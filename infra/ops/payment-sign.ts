import { optionalEnv } from "../../shared/config/environment.js";
import { callbackSignature } from "../../shared/payments/callback-signature.js";
import { type PaymentCallback, paymentCallbackSchema } from "../../shared/payments/payment-callback.js";
import { paymentCallbackSecret } from "../../shared/runtime/dependencies.js";

/** A payment provider's callback, signed, and the curl command that sends it. */
export interface SignedCallback {
  readonly url: string;
  readonly body: string;
  /** The `X-Payment-Signature` header's value: `sha256=<hex HMAC-SHA256 of body>`. */
  readonly signature: string;
  readonly curl: string;
}

/** Quotes a word for a POSIX shell, so the printed curl runs as printed whatever the ids hold. */
const shellQuote = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Signs a callback the way the payment provider does, for the README flows and manual tests: the same
 * secret the stack verifies with (PAYMENT_CALLBACK_SECRET, or its _ARN in AWS).
 */
export const signPaymentCallback = async (callback: PaymentCallback): Promise<SignedCallback> => {
  const body = JSON.stringify(paymentCallbackSchema.parse(callback));
  const signature = callbackSignature(await paymentCallbackSecret(), Buffer.from(body, "utf8"));
  const base = (optionalEnv("PUBLIC_BASE_URL") ?? "https://<your API>").replace(/\/+$/, "");
  const url = `${base}/api/payments/callback`;
  const curl = [
    "curl -s -X POST",
    "-H 'Content-Type: application/json'",
    `-H ${shellQuote(`X-Payment-Signature: ${signature}`)}`,
    `--data-raw ${shellQuote(body)}`,
    shellQuote(url),
  ].join(" ");
  return { url, body, signature, curl };
};

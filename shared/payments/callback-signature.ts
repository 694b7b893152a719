import { createHmac, timingSafeEqual } from "node:crypto";

/** The header a payment provider signs its callbacks in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const CALLBACK_SIGNATURE_HEADER = "x-payment-signature";

/** The signature of a raw callback body. */
export const callbackSignature = (secret: Buffer, rawBody: Buffer): string =>
  `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;

/** Constant-time check of a callback's signature header against its raw body. */
export const isValidCallbackSignature = (
  secret: Buffer,
  rawBody: Buffer,
  header: string | undefined,
): boolean => {
  if (!header) return false;
  const expected = Buffer.from(callbackSignature(secret, rawBody), "utf8");
  const given = Buffer.from(header.trim(), "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
};

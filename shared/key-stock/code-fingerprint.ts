import { createHmac } from "node:crypto";

/**
 * A code's name among one seller's codes: HMAC-SHA256 over the seller and the code under the
 * fingerprint key. The same code held twice by the seller has the same fingerprint, so a conditional
 * write on it refuses the second copy; the table never holds the code in the clear, and two sellers'
 * fingerprints of one code differ, so neither can learn from them what the other holds.
 */
export const codeFingerprint = (key: Buffer, sellerId: number, code: string): string =>
  createHmac("sha256", key).update(`${sellerId}\n${code}`, "utf8").digest("base64url");

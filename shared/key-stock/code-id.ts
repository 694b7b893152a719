import { createHmac } from "node:crypto";

/** Bytes of HMAC-SHA256 a code's id keeps: 128 bits, so two codes of one seller never share one. */
const ID_BYTES = 16;

/** A code id as `codeId` spells it: 22 base64url characters. */
export const CODE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * A code's id among one seller's codes: HMAC-SHA256 over the seller and the code under the fingerprint
 * key, cut to 128 bits. The same code held twice by the seller has the same id, so a conditional write on
 * it refuses the second copy; the table never holds the code in the clear, and two sellers' ids for one
 * code differ, so neither can learn from them what the other holds.
 */
export const codeId = (key: Buffer, sellerId: number, code: string): string =>
  createHmac("sha256", key)
    .update(`${sellerId}\n${code}`, "utf8")
    .digest()
    .subarray(0, ID_BYTES)
    .toString("base64url");

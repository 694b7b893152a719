import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeFingerprint } from "../../../shared/key-stock/code-fingerprint.js";
import { deriveKeys } from "../../../shared/secrets/derived-keys.js";

const keys = deriveKeys(Buffer.alloc(32, 7));

describe("codeFingerprint", () => {
  it("names one seller's code the same way every time, and never holds the code itself", () => {
    const first = codeFingerprint(keys.keyStockFingerprints, 12, "AAAA-BBBB-CCCC");
    expect(codeFingerprint(keys.keyStockFingerprints, 12, "AAAA-BBBB-CCCC")).toBe(first);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).toBe(
      createHmac("sha256", keys.keyStockFingerprints).update("12\nAAAA-BBBB-CCCC").digest("base64url"),
    );
  });

  it("differs between sellers, between codes, and under another master secret", () => {
    const key = keys.keyStockFingerprints;
    const fingerprints = new Set([
      codeFingerprint(key, 12, "AAAA-BBBB-CCCC"),
      codeFingerprint(key, 13, "AAAA-BBBB-CCCC"),
      codeFingerprint(key, 12, "AAAA-BBBB-CCCD"),
      codeFingerprint(key, 1, "2\nAAAA-BBBB-CCCC"),
      codeFingerprint(key, 12, "aaaa-bbbb-cccc"),
      codeFingerprint(deriveKeys(Buffer.alloc(32, 8)).keyStockFingerprints, 12, "AAAA-BBBB-CCCC"),
    ]);
    expect(fingerprints.size).toBe(6);
  });

  it("is keyed apart from every other purpose: the sealing and fingerprint keys are new and distinct", () => {
    const all = [
      Buffer.from(keys.tokenSigning),
      keys.dataEncryption,
      keys.pageCursors,
      keys.keyStockSealing,
      keys.keyStockFingerprints,
    ].map((key) => key.toString("hex"));
    expect(new Set(all).size).toBe(5);
    expect(keys.keyStockSealing).toHaveLength(32);
  });
});

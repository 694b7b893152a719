import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODE_ID_PATTERN, codeId } from "../../../shared/key-stock/code-id.js";
import { deriveKeys } from "../../../shared/secrets/derived-keys.js";

const keys = deriveKeys(Buffer.alloc(32, 7));

describe("codeId", () => {
  it("names one seller's code the same way every time, and never holds the code itself", () => {
    const first = codeId(keys.keyStockFingerprints, 12, "AAAA-BBBB-CCCC");
    expect(codeId(keys.keyStockFingerprints, 12, "AAAA-BBBB-CCCC")).toBe(first);
    expect(first).toMatch(CODE_ID_PATTERN);
    expect(first).toBe(
      createHmac("sha256", keys.keyStockFingerprints)
        .update("12\nAAAA-BBBB-CCCC")
        .digest()
        .subarray(0, 16)
        .toString("base64url"),
    );
  });

  it("differs between sellers, between codes, and under another master secret", () => {
    const key = keys.keyStockFingerprints;
    const fingerprints = new Set([
      codeId(key, 12, "AAAA-BBBB-CCCC"),
      codeId(key, 13, "AAAA-BBBB-CCCC"),
      codeId(key, 12, "AAAA-BBBB-CCCD"),
      codeId(key, 1, "2\nAAAA-BBBB-CCCC"),
      codeId(key, 12, "aaaa-bbbb-cccc"),
      codeId(deriveKeys(Buffer.alloc(32, 8)).keyStockFingerprints, 12, "AAAA-BBBB-CCCC"),
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

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { open, seal } from "../../../shared/secrets/sealed-box.js";

const key = Buffer.alloc(32, 1);
const otherKey = Buffer.alloc(32, 2);

/** Replaces one base64url part of a sealed value with the same bytes, one bit flipped. */
const flipBit = (sealed: string, partIndex: number): string => {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[partIndex] ?? "", "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[partIndex] = bytes.toString("base64url");
  return parts.join(".");
};

describe("sealed box", () => {
  it("open returns exactly the plaintext that seal encrypted", () => {
    const sealed = seal(key, "mk_secret-api-key");
    expect(open(key, sealed)).toBe("mk_secret-api-key");
  });

  it("a sealed value is s1.<iv>.<tag>.<body> and does not contain the plaintext", () => {
    const sealed = seal(key, "plain secret value");
    const parts = sealed.split(".");
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe("s1");
    expect(Buffer.from(parts[1] ?? "", "base64url")).toHaveLength(12);
    expect(Buffer.from(parts[2] ?? "", "base64url")).toHaveLength(16);
    expect(sealed).not.toContain("plain secret value");
  });

  it("the empty string round-trips", () => {
    expect(open(key, seal(key, ""))).toBe("");
  });

  it("two seals of the same plaintext differ (random IV) and both open", () => {
    const first = seal(key, "same plaintext");
    const second = seal(key, "same plaintext");
    expect(first).not.toBe(second);
    expect(first.split(".")[1]).not.toBe(second.split(".")[1]);
    expect(open(key, first)).toBe("same plaintext");
    expect(open(key, second)).toBe("same plaintext");
  });

  it("a tampered ciphertext makes open throw", () => {
    const sealed = seal(key, "do not tamper");
    expect(() => open(key, flipBit(sealed, 3))).toThrow();
  });

  it("a tampered authentication tag makes open throw", () => {
    const sealed = seal(key, "do not tamper");
    expect(() => open(key, flipBit(sealed, 2))).toThrow();
  });

  it("a tampered IV makes open throw", () => {
    const sealed = seal(key, "do not tamper");
    expect(() => open(key, flipBit(sealed, 1))).toThrow();
  });

  it("opening with another key throws", () => {
    const sealed = seal(key, "for one key only");
    expect(() => open(otherKey, sealed)).toThrow();
    expect(() => open(randomBytes(32), sealed)).toThrow();
  });

  it("a value with an unknown version or missing parts is refused as unreadable", () => {
    const sealed = seal(key, "versioned");
    expect(() => open(key, sealed.replace(/^s1\./, "s2."))).toThrow("Unreadable sealed value");
    expect(() => open(key, sealed.split(".").slice(0, 3).join("."))).toThrow("Unreadable sealed value");
    expect(() => open(key, "")).toThrow("Unreadable sealed value");
  });

  it("unicode plaintext survives the round trip unchanged", () => {
    const text = "Привет, 世界! 🔐 café — ñ";
    expect(open(key, seal(key, text))).toBe(text);
  });
});

import { describe, expect, it } from "vitest";
import {
  digestsEqual,
  generateApiKey,
  hashApiKey,
  looksLikeApiKey,
} from "../../../shared/accounts/api-keys.js";

describe("api keys", () => {
  it("a generated key has the mk_ prefix, 43 base64url characters and passes looksLikeApiKey", () => {
    const key = generateApiKey();
    expect(key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    expect(key).toHaveLength(46);
    expect(looksLikeApiKey(key)).toBe(true);
  });

  it("1000 generated keys all look like API keys and are all distinct", () => {
    const keys = Array.from({ length: 1000 }, () => generateApiKey());
    expect(keys.every((k) => looksLikeApiKey(k))).toBe(true);
    expect(new Set(keys).size).toBe(1000);
  });

  it.each([
    "",
    "mk_",
    "sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "mk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "mk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "mk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA+",
    " mk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ])("looksLikeApiKey refuses the malformed value %j", (value) => {
    expect(looksLikeApiKey(value)).toBe(false);
  });

  it("hashApiKey is the lowercase hex SHA-256 of the key (sha256('abc') test vector)", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashApiKey of the empty string is the SHA-256 empty-input vector", () => {
    expect(hashApiKey("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("hashApiKey is deterministic and differs for different keys", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toBe(hashApiKey(`${key}x`));
  });

  it("digestsEqual is true for equal digests", () => {
    const digest = hashApiKey("abc");
    expect(digestsEqual(digest, hashApiKey("abc"))).toBe(true);
  });

  it("digestsEqual is false for different digests of equal length", () => {
    expect(digestsEqual(hashApiKey("abc"), hashApiKey("abd"))).toBe(false);
  });

  it("digestsEqual is false for digests of different length", () => {
    const digest = hashApiKey("abc");
    expect(digestsEqual(digest, digest.slice(0, 62))).toBe(false);
    expect(digestsEqual(digest.slice(0, 62), digest)).toBe(false);
  });

  it("digestsEqual is false when either or both digests are empty", () => {
    const digest = hashApiKey("abc");
    expect(digestsEqual("", "")).toBe(false);
    expect(digestsEqual(digest, "")).toBe(false);
    expect(digestsEqual("", digest)).toBe(false);
  });
});

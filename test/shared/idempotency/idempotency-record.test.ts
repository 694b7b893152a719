import { describe, expect, it } from "vitest";
import {
  idempotencyKeySchema,
  keyHash,
  requestHash,
} from "../../../shared/idempotency/idempotency-record.js";

describe("Idempotency-Key records", () => {
  it("hashes a body independently of its key order, and differently for other values", () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } })).toBe(
      requestHash({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }),
    );
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });

  it("stores a key only as its SHA-256", () => {
    expect(keyHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("accepts 1-255 visible ASCII characters as a key", () => {
    expect(idempotencyKeySchema.safeParse("0b6c2f8e-6f0e-4b8a-9d1e-3f1a2b3c4d5e").success).toBe(true);
    expect(idempotencyKeySchema.safeParse("x".repeat(255)).success).toBe(true);
    for (const bad of ["", "x".repeat(256), "has space", "ключ", "tab\t"]) {
      expect(idempotencyKeySchema.safeParse(bad).success).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { isId, newId } from "../../../shared/ids/ids.js";

describe("ids", () => {
  it("are 26 Crockford base32 characters that isId accepts", () => {
    const id = newId();
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(isId(id)).toBe(true);
  });

  it("encode the creation time in their first ten characters, so they sort by time", () => {
    expect(newId(0).slice(0, 10)).toBe("0000000000");
    expect(newId(1469918176385).slice(0, 10)).toBe("01ARYZ6S41");
    const earlier = newId(1_700_000_000_000);
    const later = newId(1_700_000_000_001);
    expect(earlier < later).toBe(true);
  });

  it("do not repeat across 10,000 draws in the same millisecond", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId(1_700_000_000_000)));
    expect(ids.size).toBe(10_000);
  });

  it.each([
    "",
    "abc",
    "01arz3ndektsv4rrffq69g5fav",
    "01ARZ3NDEKTSV4RRFFQ69G5FA",
    "01ARZ3NDEKTSV4RRFFQ69G5FAVX",
    "01ARZ3NDEKTSV4RRFFQ69G5FAU",
    "../../etc/passwd",
  ])("isId refuses %j", (value) => {
    expect(isId(value)).toBe(false);
  });
});

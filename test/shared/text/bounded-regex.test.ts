import { describe, expect, it } from "vitest";
import { matchesWhole } from "../../../shared/text/bounded-regex.js";

describe("matchesWhole", () => {
  it("matches the whole value, never a part of it", () => {
    expect(matchesWhole("[A-Z]{3}-\\d{4}", "ABC-1234")).toBe(true);
    expect(matchesWhole("[A-Z]{3}-\\d{4}", "xABC-1234")).toBe(false);
    expect(matchesWhole("[A-Z]{3}-\\d{4}", "ABC-12345")).toBe(false);
  });

  it("keeps an alternation inside the whole-value anchors", () => {
    expect(matchesWhole("a|b", "b")).toBe(true);
    expect(matchesWhole("a|b", "ab")).toBe(false);
  });

  it("reads the value as Unicode", () => {
    expect(matchesWhole("\\p{L}+", "Ёлка")).toBe(true);
  });

  it("stops a catastrophically backtracking pattern at its budget and reports a timeout", () => {
    const started = Date.now();
    expect(matchesWhole("(a+)+", `${"a".repeat(40)}!`, 20)).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
    // The context is usable again afterwards.
    expect(matchesWhole("(a+)+", "aaa")).toBe(true);
  });
});

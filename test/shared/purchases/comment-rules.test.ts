import { describe, expect, it } from "vitest";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { checkedComment } from "../../../shared/purchases/comment-rules.js";

const free = { comment_status: 0, comment_regex: "" };
const required = { comment_status: 1, comment_regex: "" };

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return [error.kind, error.code, error.message];
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("checkedComment", () => {
  it("returns the comment exactly as sent, or undefined when there is none", () => {
    expect(checkedComment(free, "  Login: bob ")).toBe("  Login: bob ");
    expect(checkedComment(free, undefined)).toBeUndefined();
    expect(checkedComment(free, null)).toBeUndefined();
    expect(checkedComment(free, "  ")).toBeUndefined();
  });

  it("allows 200 characters and refuses 201, counting characters, not UTF-16 units", () => {
    expect(checkedComment(free, "😀".repeat(200))).toBe("😀".repeat(200));
    expect(refusal(() => checkedComment(free, "x".repeat(201)))).toEqual([
      "unprocessable",
      "invalid_comment",
      "Comment must be at most 200 characters",
    ]);
  });

  it("refuses any angle bracket and control characters, line breaks included", () => {
    for (const comment of ["<b>hi</b>", "a > b", "<img src=x onerror=alert(1)>"]) {
      expect(refusal(() => checkedComment(free, comment))[1]).toBe("invalid_comment");
    }
    for (const comment of ["a\u0000b", "a\nb", "a\u202eb", "a\ud800b"]) {
      expect(refusal(() => checkedComment(free, comment))).toEqual([
        "unprocessable",
        "invalid_comment",
        "Comment must not contain control characters",
      ]);
    }
  });

  it("requires a comment when comment_status is 1, and checks length and characters first", () => {
    expect(refusal(() => checkedComment(required, ""))).toEqual([
      "unprocessable",
      "comment_required",
      "A comment is required for this product",
    ]);
    expect(refusal(() => checkedComment(required, "<")).at(1)).toBe("invalid_comment");
  });

  it("applies the seller's pattern to the whole comment, and only when one is given", () => {
    const pattern = { comment_status: 0, comment_regex: "\\d{6}" };
    expect(checkedComment(pattern, "123456")).toBe("123456");
    expect(checkedComment(pattern, undefined)).toBeUndefined();
    expect(refusal(() => checkedComment(pattern, "1234567"))).toEqual([
      "unprocessable",
      "comment_regex_mismatch",
      "Comment does not match the format the seller requires",
    ]);
  });
});

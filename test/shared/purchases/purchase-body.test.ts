import { describe, expect, it } from "vitest";
import { buyBodySchema, giftBodySchema } from "../../../shared/purchases/purchase-body.js";
import { refusalOf } from "../../support/refusals.js";

describe("POST /buy and /gift bodies", () => {
  it("takes a product and a positive whole quantity up to 10000, with an optional comment", () => {
    expect(buyBodySchema.parse({ product_id: "P", quantity: 3, comment: "hi" })).toEqual({
      product_id: "P",
      quantity: 3,
      comment: "hi",
    });
    for (const quantity of [0, -1, 1.5, "2", 10_001, null]) {
      expect(buyBodySchema.safeParse({ product_id: "P", quantity }).success).toBe(false);
    }
    expect(buyBodySchema.safeParse({ product_id: "P", quantity: 1, extra: 1 }).success).toBe(false);
  });

  it("refuses a comment over 200 characters with the body, as the comment rules word it (invalid_comment)", () => {
    const tooLong = "Comment must be at most 200 characters";
    for (const comment of ["x".repeat(201), "😀".repeat(201), `${"😀".repeat(100)}${"x".repeat(101)}`]) {
      expect(refusalOf(buyBodySchema, { product_id: "P", quantity: 1, comment })).toEqual({
        kind: "unprocessable",
        code: "invalid_comment",
        message: tooLong,
        firstIssue: { field: "comment", message: tooLong },
        fieldsNamed: ["comment"],
      });
    }
    // Characters are code points: 200 emoji are 400 UTF-16 units and still fit.
    for (const comment of ["x".repeat(200), "😀".repeat(200), null]) {
      expect(buyBodySchema.parse({ product_id: "P", quantity: 1, comment }).comment).toBe(comment);
    }
  });

  it("lets a gift name quantity and count only as 1", () => {
    expect(giftBodySchema.parse({ product_id: "P" })).toEqual({ product_id: "P" });
    expect(giftBodySchema.parse({ product_id: "P", quantity: 1, count: 1 })).toEqual({
      product_id: "P",
      quantity: 1,
      count: 1,
    });
    for (const extra of [{ quantity: 2 }, { count: 0 }, { count: "1" }, { comment: "x" }]) {
      expect(giftBodySchema.safeParse({ product_id: "P", ...extra }).success).toBe(false);
    }
  });
});

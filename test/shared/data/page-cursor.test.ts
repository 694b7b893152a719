import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../../../shared/data/page-cursor.js";

const expected = { attributes: ["PK", "SK", "GSI1PK", "GSI1SK"], partition: { GSI1PK: "SELLER#1#ORDERS" } };
const key = { PK: "ORDER#A", SK: "ORDER", GSI1PK: "SELLER#1#ORDERS", GSI1SK: "2026-11-23T00:00:00.000Z#A" };

describe("list cursors", () => {
  it("round-trips a start key of the caller's own partition", () => {
    expect(decodeCursor(encodeCursor(key), expected)).toEqual(key);
  });

  it("refuses another partition, other or missing attributes, non-string values and non-cursors", () => {
    expect(decodeCursor(encodeCursor({ ...key, GSI1PK: "SELLER#2#ORDERS" }), expected)).toBeUndefined();
    expect(decodeCursor(encodeCursor({ ...key, extra: "x" }), expected)).toBeUndefined();
    expect(
      decodeCursor(encodeCursor({ PK: "ORDER#A", SK: "ORDER", GSI1PK: "SELLER#1#ORDERS" }), expected),
    ).toBeUndefined();
    expect(decodeCursor(encodeCursor({ ...key, GSI1SK: 5 }), expected)).toBeUndefined();
    for (const junk of [
      "",
      "!!",
      "e30",
      encodeCursor([1, 2] as unknown as Record<string, unknown>),
      "a".repeat(2000),
    ]) {
      expect(decodeCursor(junk, expected)).toBeUndefined();
    }
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPageCursors, MAX_CURSOR_LENGTH } from "../../../shared/data/page-cursor.js";

const cursors = createPageCursors(async () => new Uint8Array(32).fill(7));
const position = {
  PK: "ORDER#A",
  SK: "ORDER",
  GSI1PK: "SELLER#1#ORDERS",
  GSI1SK: "2026-11-23T00:00:00.000Z#A",
};

describe("list cursors", () => {
  it("open to the position they were sealed with, for the same list and owner", async () => {
    const cursor = await cursors.seal("seller-orders", "1", position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(await cursors.open("seller-orders", "1", cursor)).toEqual(position);
  });

  it("refuse a cursor of another owner, of another list, or sealed under another key", async () => {
    const cursor = await cursors.seal("seller-orders", "1", position);
    expect(await cursors.open("seller-orders", "2", cursor)).toBeUndefined();
    expect(await cursors.open("seller-payouts", "1", cursor)).toBeUndefined();
    const otherKey = createPageCursors(async () => new Uint8Array(32).fill(8));
    expect(await otherKey.open("seller-orders", "1", cursor)).toBeUndefined();
  });

  it("refuse a forged cursor: any position without our MAC, the red team's empty key values included", async () => {
    const unsigned = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const emptyPk = { PK: "", SK: "ORDER", GSI1PK: "SELLER#3#ORDERS", GSI1SK: "x" };
    for (const forged of [
      unsigned(emptyPk),
      `${unsigned(emptyPk)}.${"A".repeat(22)}`,
      `${unsigned(position)}.`,
      "",
      "!!",
      "e30",
      ".",
      "a".repeat(MAX_CURSOR_LENGTH + 1),
    ]) {
      expect(await cursors.open("seller-orders", "3", forged)).toBeUndefined();
    }
  });

  it("refuse a cursor whose MAC differs only in the spare bits of its last character", async () => {
    const cursor = await cursors.seal("seller-orders", "1", position);
    const last = cursor.at(-1) ?? "";
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 22 characters carry 132 bits for a 128-bit MAC: the last one's low 4 bits are spare.
    const twin = alphabet[(alphabet.indexOf(last) & ~15) | (~alphabet.indexOf(last) & 15)] ?? "";
    expect(twin).not.toBe(last);
    expect(await cursors.open("seller-orders", "1", cursor.slice(0, -1) + twin)).toBeUndefined();
  });

  it("refuse every change to an issued cursor: a property over random positions and random edits", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("PK", "SK", "GSI1PK", "GSI1SK"),
          fc.string({ minLength: 1, maxLength: 40 }),
        ),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 3 }),
        async (start, at, inserted) => {
          const cursor = await cursors.seal("seller-orders", "1", start);
          const i = at % cursor.length;
          const edited = [
            cursor.slice(0, i) + inserted + cursor.slice(i),
            cursor.slice(0, i) + cursor.slice(i + 1),
            cursor.slice(0, i) + (cursor[i] === "A" ? "B" : "A") + cursor.slice(i + 1),
          ].filter((candidate) => candidate !== cursor);
          for (const candidate of edited) {
            expect(await cursors.open("seller-orders", "1", candidate)).toBeUndefined();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { MAX_CODE_LENGTH } from "../../../shared/key-stock/key-code.js";
import {
  checkUploadedCodes,
  codesFromList,
  codesFromText,
} from "../../../shared/key-stock/uploaded-codes.js";

describe("codesFromText", () => {
  it("takes one code per line, whatever the line ends, and numbers each by its line in the seller's file", () => {
    expect(codesFromText("AAAA-1111\r\nBBBB-2222\n\n  \nCCCC-3333\rDDDD-4444\n")).toEqual([
      { position: 1, value: "AAAA-1111" },
      { position: 2, value: "BBBB-2222" },
      { position: 5, value: "CCCC-3333" },
      { position: 6, value: "DDDD-4444" },
    ]);
  });

  it("finds nothing in an empty or blank text", () => {
    expect(codesFromText("")).toEqual([]);
    expect(codesFromText("\n \r\n\t\n")).toEqual([]);
  });
});

describe("checkUploadedCodes", () => {
  it("accepts trimmed codes in their order and refuses each bad value by its position with the text rules' message", () => {
    const { accepted, refused } = checkUploadedCodes(
      codesFromList([
        "  KEY-ONE ",
        42,
        "",
        "x".repeat(MAX_CODE_LENGTH + 1),
        "bad\u0007bell",
        "<b>KEY</b>",
        "two\nlines",
        "x".repeat(MAX_CODE_LENGTH),
        "5 < 6 KEY",
      ]),
    );
    expect(accepted).toEqual([
      { position: 1, code: "KEY-ONE" },
      { position: 8, code: "x".repeat(MAX_CODE_LENGTH) },
      { position: 9, code: "5 < 6 KEY" },
    ]);
    expect(refused).toEqual([
      { position: 2, reason: "Field 'code' must be a string" },
      { position: 3, reason: "Field 'code' must not be empty" },
      { position: 4, reason: "Field 'code' must be at most 2000 characters" },
      { position: 5, reason: "Field 'code' must not contain control characters" },
      { position: 6, reason: "Field 'code' must not contain HTML tags" },
      { position: 7, reason: "Field 'code' must not contain control characters" },
    ]);
  });

  it("stores a code once per upload: a later copy, spaces aside, is refused naming the first one's position", () => {
    const { accepted, refused } = checkUploadedCodes(
      codesFromText("KEY-A\nKEY-B\n KEY-A\nkey-a\nKEY-B\nKEY-A"),
    );
    expect(accepted).toEqual([
      { position: 1, code: "KEY-A" },
      { position: 2, code: "KEY-B" },
      { position: 4, code: "key-a" },
    ]);
    expect(refused).toEqual([
      { position: 3, reason: "Repeats the code at position 1" },
      { position: 5, reason: "Repeats the code at position 2" },
      { position: 6, reason: "Repeats the code at position 1" },
    ]);
  });
});

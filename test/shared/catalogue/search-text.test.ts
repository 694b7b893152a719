import { describe, expect, it } from "vitest";
import {
  filterText,
  indexTerms,
  MAX_TERM_LENGTH,
  normalizeText,
  searchWords,
  termOf,
} from "../../../shared/catalogue/search-text.js";

describe("search text", () => {
  it("normalises case, width and accents the same way for products and queries", () => {
    expect(normalizeText("Café ＳＴＥＡＭ Ёлка")).toBe("cafe steam елка");
    expect(normalizeText("ÉLDEN")).toBe(normalizeText("elden"));
  });

  it("splits on anything but letters and digits, and keeps each word once in first-seen order", () => {
    expect(searchWords("Elden Ring: Steam-key (PC), elden RING 2024!")).toEqual([
      "elden",
      "ring",
      "steam",
      "key",
      "pc",
      "2024",
    ]);
    expect(searchWords("  ,.;  ")).toEqual([]);
    expect(searchWords("Ключ активации Steam 🎮")).toEqual(["ключ", "активации", "steam"]);
  });

  it("indexes every prefix of every word once", () => {
    expect(indexTerms(["ring", "rpg"])).toEqual(["r", "ri", "rin", "ring", "rp", "rpg"]);
  });

  it(`caps terms at ${MAX_TERM_LENGTH} characters, counting characters, not UTF-16 units`, () => {
    const long = "ы".repeat(25);
    const terms = indexTerms([long]);
    expect(terms).toHaveLength(MAX_TERM_LENGTH);
    expect(terms.at(-1)).toBe("ы".repeat(MAX_TERM_LENGTH));
    expect(termOf(long)).toBe("ы".repeat(MAX_TERM_LENGTH));
    expect(termOf("steam")).toBe("steam");
  });

  it("puts the words between spaces so a ' prefix' substring test is a word-prefix test", () => {
    const text = filterText(["elden", "ring"]);
    expect(text).toBe(" elden ring ");
    expect(text.includes(" rin")).toBe(true);
    expect(text.includes(" ing")).toBe(false);
  });
});

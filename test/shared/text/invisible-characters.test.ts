import { describe, expect, it } from "vitest";
import {
  hasStrayInvisibleCharacters,
  withoutInvisibleCharacters,
} from "../../../shared/text/invisible-characters.js";

describe("withoutInvisibleCharacters leaves what a reader sees", () => {
  it("removes zero-width space, joiners, BOM, soft hyphen, word joiner, marks, variation selectors and tags", () => {
    const text = "\ufeffa\u200bb\u200cc\u200dd\u00ade\u2060f\u200eg\ufe0fh\u{e0041}i\u3164j\ufff9k";
    expect(withoutInvisibleCharacters(text)).toBe("abcdefghijk");
  });

  it("keeps spaces, letters, combining accents and emoji", () => {
    const text = "Cafe\u0301 \u00a0🎮 ключ";
    expect(withoutInvisibleCharacters(text)).toBe(text);
  });
});

describe("hasStrayInvisibleCharacters finds invisible characters no script or emoji needs", () => {
  it.each([
    ["a zero-width space", "a\u200bb"],
    ["a byte order mark", "a\ufeffb"],
    ["a soft hyphen", "a\u00adb"],
    ["a word joiner", "a\u2060b"],
    ["an invisible operator", "a\u2062b"],
    ["a Hangul filler", "\u3164"],
    ["a Mongolian vowel separator", "a\u180eb"],
    ["a tag character outside a flag", "a\u{e0041}b"],
    ["a flag's tags without their black flag", "a\u{e0067}\u{e0062}\u{e007f}"],
    ["an interlinear annotation character", "a\ufffab"],
  ])("%s is stray", (_rule, text) => {
    expect(hasStrayInvisibleCharacters(text)).toBe(true);
  });

  it.each([
    ["plain text", "Elden Ring"],
    ["a Persian word with a zero-width non-joiner", "می\u200cخواهم"],
    ["a ZWJ emoji sequence", "👨\u200d👩\u200d👧"],
    ["an emoji variation selector", "❤\ufe0f"],
    ["a subdivision flag", "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}"],
    ["a right-to-left mark", "مفتاح\u200f key"],
    ["a combining grapheme joiner", "a\u034fb"],
  ])("%s is not stray", (_rule, text) => {
    expect(hasStrayInvisibleCharacters(text)).toBe(false);
  });
});

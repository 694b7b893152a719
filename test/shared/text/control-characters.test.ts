import { describe, expect, it } from "vitest";
import { hasControlCharacters, isWellFormedText } from "../../../shared/text/control-characters.js";

describe("control characters", () => {
  it.each(["\u0000", "a\u0007b", "\u001b[31m", "x\u007f", "\u001f"])("%j is refused everywhere", (text) => {
    expect(hasControlCharacters(text, false)).toBe(true);
    expect(hasControlCharacters(text, true)).toBe(true);
  });

  it.each(["\n", "\r\n", "\t"])(
    "line breaks and tabs (%j) pass only where line breaks are allowed",
    (text) => {
      expect(hasControlCharacters(`a${text}b`, false)).toBe(true);
      expect(hasControlCharacters(`a${text}b`, true)).toBe(false);
    },
  );

  it.each(["\u0085", "\u009b", "\u202e", "\u2066", "\u2069"])(
    "C1 control or bidi override %j is refused everywhere",
    (c) => {
      expect(hasControlCharacters(`a${c}b`, false)).toBe(true);
      expect(hasControlCharacters(`a${c}b`, true)).toBe(true);
    },
  );

  it("the Unicode line and paragraph separators pass only where line breaks are allowed", () => {
    expect(hasControlCharacters("a\u2028b", false)).toBe(true);
    expect(hasControlCharacters("a\u2029b", true)).toBe(false);
  });

  it("text with a lone surrogate is not well formed; paired surrogates are", () => {
    expect(isWellFormedText("Bad \ud800 name")).toBe(false);
    expect(isWellFormedText("\udc00 first")).toBe(false);
    expect(isWellFormedText("last \ud83c")).toBe(false);
    expect(isWellFormedText("Game 🎮 key")).toBe(true);
  });

  it("plain, accented, Cyrillic and emoji text passes", () => {
    expect(hasControlCharacters("Ключ Steam — café 🎮 ゲーム", false)).toBe(false);
  });
});

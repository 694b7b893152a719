import { describe, expect, it } from "vitest";
import { hasControlCharacters } from "../../../shared/text/control-characters.js";

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

  it("plain, accented, Cyrillic and emoji text passes", () => {
    expect(hasControlCharacters("Ключ Steam — café 🎮 ゲーム", false)).toBe(false);
  });
});

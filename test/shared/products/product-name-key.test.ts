import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { normalizeName } from "../../../shared/products/product-fields.js";

/**
 * A seller's product names are unique by `normalizeName`: names a reader would take for one another
 * must share the key (#12 item 7), and names that read differently must not.
 */

describe("look-alike product names share one uniqueness key", () => {
  it.each([
    { rule: "the name itself", name: "Elden Ring" },
    { rule: "upper case", name: "ELDEN RING" },
    { rule: "mixed case", name: "eLdEn rInG" },
    { rule: "surrounding spaces", name: "  Elden Ring  " },
    { rule: "a no-break space (NBSP)", name: "Elden\u00a0Ring" },
    { rule: "a narrow no-break space", name: "Elden\u202fRing" },
    { rule: "an ideographic space", name: "Elden\u3000Ring" },
    { rule: "an em space", name: "Elden\u2003Ring" },
    { rule: "a double space", name: "Elden  Ring" },
    { rule: "a tab between the words", name: "Elden\tRing" },
    { rule: "a zero-width space beside the space", name: "Elden\u200b Ring" },
    { rule: "a zero-width space inside a word", name: "El\u200bden Ring" },
    { rule: "a zero-width joiner", name: "Elden \u200dRing" },
    { rule: "a zero-width non-joiner", name: "Elden\u200c Ring" },
    { rule: "a byte order mark in front", name: "\ufeffElden Ring" },
    { rule: "a soft hyphen", name: "El\u00adden Ring" },
    { rule: "a word joiner", name: "Elden\u2060 Ring" },
    { rule: "a left-to-right mark", name: "Elden Ring\u200e" },
    { rule: "a variation selector", name: "Elden Ring\ufe0f" },
    { rule: "full-width letters", name: "Ｅｌｄｅｎ Ｒｉｎｇ" },
    { rule: "full-width letters and an ideographic space", name: "ＥＬＤＥＮ\u3000ＲＩＮＧ" },
    {
      rule: "NBSP, zero-width space, full-width letters and case together",
      name: "ｅＬＤＥＮ\u00a0\u200b ring ",
    },
  ])("$rule gives the key 'elden ring'", ({ name }) => {
    expect(normalizeName(name)).toBe("elden ring");
  });

  it.each([
    { rule: "a ligature and its letters", a: "Ofﬁce key", b: "office key" },
    { rule: "a composed and a decomposed accent", a: "Caf\u00e9 key", b: "Cafe\u0301 key" },
    { rule: "ß and SS (full case folding)", a: "Straße key", b: "STRASSE KEY" },
    { rule: "final and medial sigma", a: "ΟΔΟΣ key", b: "οδοσ key" },
    { rule: "a superscript two and a digit two", a: "Game\u00b2", b: "game2" },
  ])("$rule share a key", ({ a, b }) => {
    expect(normalizeName(a)).toBe(normalizeName(b));
  });
});

describe("names that read differently keep different keys", () => {
  it.each([
    { rule: "words run together", a: "Elden Ring", b: "EldenRing" },
    { rule: "an accent", a: "Cafe key", b: "Café key" },
    { rule: "Latin and Cyrillic letters (a script difference, not a rendering one)", a: "Key", b: "Кey" },
    { rule: "different digits", a: "Elden Ring 1", b: "Elden Ring 2" },
  ])("$rule", ({ a, b }) => {
    expect(normalizeName(a)).not.toBe(normalizeName(b));
  });
});

describe("the key fits in a table key", () => {
  it("a name of 255 emoji (1,020 UTF-8 bytes) is its own key", () => {
    expect(normalizeName("🎮".repeat(255))).toBe("🎮".repeat(255));
  });

  it("a name that NFKC expands past 1,024 bytes is keyed by the SHA-256 of its folded form", () => {
    // U+FDFA is one character that NFKC turns into eighteen (33 UTF-8 bytes).
    const name = "\ufdfa".repeat(255);
    const folded = "\ufdfa".normalize("NFKC").repeat(255);
    expect(Buffer.byteLength(folded)).toBe(8415);
    expect(normalizeName(name)).toBe(`sha256:${createHash("sha256").update(folded).digest("hex")}`);
    expect(normalizeName(` ${name}\u00a0`)).toBe(normalizeName(name));
  });
});

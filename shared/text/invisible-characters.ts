/**
 * Characters that draw nothing. Unicode's default-ignorable code points (zero-width space and joiners,
 * word joiner, BOM, soft hyphen, Hangul fillers, variation selectors, tags …) and the other format
 * characters (category Cf) render as nothing, or change only how their neighbours render, so two
 * strings that differ by them look the same.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * The invisible characters real text needs, kept in names: ZWNJ and ZWJ (Persian and Indic words,
 * emoji sequences), the combining grapheme joiner, the direction marks LRM, RLM and ALM (mixed
 * right-to-left text; the overrides and isolates are refused as control characters), Mongolian free
 * variation selectors, and variation selectors (emoji and ideographic variants). Emoji tag characters
 * are kept only inside a flag's tag sequence (FLAG_TAG_SEQUENCE).
 */
const isNeeded = (code: number): boolean =>
  code === 0x200c ||
  code === 0x200d ||
  code === 0x034f ||
  code === 0x200e ||
  code === 0x200f ||
  code === 0x061c ||
  (code >= 0x180b && code <= 0x180d) ||
  code === 0x180f ||
  (code >= 0xfe00 && code <= 0xfe0f) ||
  (code >= 0xe0100 && code <= 0xe01ef);

/** A subdivision flag: black flag, tag letters, cancel tag (Scotland's is U+1F3F4 then "gbsct" in tags, U+E007F). */
const FLAG_TAG_SEQUENCE = /\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}/gu;

/** The text without any invisible character (the needed ones included): what a reader sees. */
export const withoutInvisibleCharacters = (text: string): string => text.replace(INVISIBLE, "");

/**
 * Whether text holds an invisible character that no script or emoji needs (zero-width space, word
 * joiner, BOM, soft hyphen, Hangul fillers, tags outside a flag …): in a name they only make a
 * look-alike of another name or hide text.
 */
export const hasStrayInvisibleCharacters = (text: string): boolean => {
  const outsideFlags = text.replace(FLAG_TAG_SEQUENCE, "");
  for (const match of outsideFlags.matchAll(INVISIBLE)) {
    if (!isNeeded(match[0].codePointAt(0) ?? 0)) return true;
  }
  return false;
};

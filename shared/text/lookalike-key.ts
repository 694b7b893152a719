import { withoutInvisibleCharacters } from "./invisible-characters.js";

/** Any run of Unicode white space (NBSP, ideographic space, line separators, tabs …). */
const WHITE_SPACE = /[\s\p{Zs}\p{Zl}\p{Zp}]+/gu;

/**
 * The form two texts share when a reader would take one for the other: compatibility-normalised (NFKC:
 * full-width letters, ligatures and superscripts become their plain letters), without invisible
 * characters (zero-width space and joiners, BOM, soft hyphen, variation selectors …), every kind of
 * space a single space, trimmed, and case-folded. Upper- then lower-casing folds what lower-casing alone
 * keeps apart ("ß" and "SS", final and medial sigma); NFKC runs again because case mapping can
 * produce unnormalised text. Different scripts that look alike (Latin "a", Cyrillic "а") stay apart.
 */
export const lookalikeKey = (text: string): string =>
  withoutInvisibleCharacters(text.normalize("NFKC"))
    .replace(WHITE_SPACE, " ")
    .trim()
    .toUpperCase()
    .toLowerCase()
    .normalize("NFKC");

/**
 * How text becomes searchable: one normalisation for what products say and what resellers type, so a
 * word matches itself whatever its case, width or accents.
 */

/** Index terms are word prefixes up to this many characters; longer query words are checked in full by a filter. */
export const MAX_TERM_LENGTH = 20;
/** At most this many words of a query are used; more add nothing but cost. */
export const MAX_QUERY_WORDS = 8;

/** Lower-case, compatibility-folded, without combining marks ("Café" → "cafe", "Ёлка" → "елка"). */
export const normalizeText = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .normalize("NFC");

/** The distinct words of a text, in order of first appearance; a word is a run of letters and digits. */
export const searchWords = (text: string): string[] => [
  ...new Set(normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? []),
];

/** Every prefix of every word, 1 to MAX_TERM_LENGTH characters long, each once. */
export const indexTerms = (words: readonly string[]): string[] => {
  const terms = new Set<string>();
  for (const word of words) {
    const characters = [...word];
    for (let length = 1; length <= Math.min(characters.length, MAX_TERM_LENGTH); length++) {
      terms.add(characters.slice(0, length).join(""));
    }
  }
  return [...terms];
};

/** The term a query word is looked up by: itself, or its first MAX_TERM_LENGTH characters. */
export const termOf = (word: string): string => [...word].slice(0, MAX_TERM_LENGTH).join("");

/**
 * The words text carries for filtering by further query words: " w1 w2 … " so that
 * `contains(words, " <prefix>")` is true exactly when some word starts with the prefix.
 */
export const filterText = (words: readonly string[]): string => ` ${words.join(" ")} `;

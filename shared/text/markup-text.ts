/**
 * HTML markup → the text a browser would show, for fields stored as plain text. Tags, comments,
 * doctypes and processing instructions go; script, style and the other raw-text elements go with their
 * content; `<` not starting a tag ("5 < 6") stays. It follows the WHATWG tokenizer where it decides what
 * is a tag (a letter after `<` or `</`; quoted attribute values may hold `>`), and a tag left open at the
 * end is dropped rather than kept as text. Written here instead of bundling sanitize-html (≈280 KB with
 * its parser and entity tables) because nothing in the service keeps any markup.
 */

/** Elements whose content is never shown as text, dropped with their content. */
const RAW_TEXT_ELEMENTS = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "noscript",
  "noembed",
  "noframes",
  "iframe",
  "xmp",
  "template",
  "option",
]);

const isAsciiLetter = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);

/** Index just past the `>` that ends the tag starting at `start` (quotes honoured), or the input's end. */
const tagEnd = (input: string, start: number): number => {
  let quote: string | undefined;
  for (let i = start + 1; i < input.length; i++) {
    const c = input[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      // Quotes open a value only after `=`, but treating every quote inside a tag as one is safe: it
      // can only make the tag longer, never let a tag's text through.
      quote = c;
    } else if (c === ">") {
      return i + 1;
    }
  }
  return input.length;
};

/** Index just past `terminator` at or after `from`, or the input's end. */
const skipPast = (input: string, from: number, terminator: string): number => {
  const at = input.indexOf(terminator, from);
  return at === -1 ? input.length : at + terminator.length;
};

/** Index just past the end tag of raw-text element `name` (any case), or the input's end. */
const rawTextEnd = (input: string, from: number, name: string): number => {
  const closing = new RegExp(`</${name}(?=[\\s/>])`, "i");
  const match = closing.exec(input.slice(from));
  return match ? tagEnd(input, from + match.index) : input.length;
};

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the entities markup uses to hide itself: the XML five, `&nbsp;` and numeric references. */
export const decodeBasicEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });

/**
 * Whether a browser would read markup in `value`: a `<` that opens a tag (a letter, or `/` and a
 * letter), a comment, a doctype or a processing instruction, closed or not. Attribute values do not
 * hide one (`<img alt="<" onerror=…>` is a tag), and `<` before a space or digit ("5 < 6", "<3") is text.
 */
export const containsMarkup = (value: string): boolean => {
  for (let at = value.indexOf("<"); at !== -1; at = value.indexOf("<", at + 1)) {
    const next = value[at + 1];
    if (isAsciiLetter(next) || next === "!" || next === "?") return true;
    if (next === "/" && isAsciiLetter(value[at + 2])) return true;
  }
  return false;
};

/** One pass: removes the markup of `input` and decodes its entities. */
export const stripMarkupOnce = (input: string): string => {
  let text = "";
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    const next = input[i + 1];
    if (c !== "<") {
      text += c;
      i++;
    } else if (isAsciiLetter(next)) {
      const end = tagEnd(input, i);
      const name = /^<([A-Za-z][^\s/>]*)/.exec(input.slice(i, end))?.[1]?.toLowerCase() ?? "";
      const selfClosing = input[end - 2] === "/";
      i = RAW_TEXT_ELEMENTS.has(name) && !selfClosing ? rawTextEnd(input, end, name) : end;
    } else if (next === "/" && isAsciiLetter(input[i + 2])) {
      i = tagEnd(input, i);
    } else if (input.startsWith("<!--", i)) {
      i = skipPast(input, i + 4, "-->");
    } else if (next === "!" || next === "?" || (next === "/" && input[i + 2] !== undefined)) {
      // Doctypes, bogus comments and `</` followed by a non-letter: the tokenizer drops them up to `>`.
      i = skipPast(input, i + 2, ">");
    } else {
      text += c;
      i++;
    }
  }
  return decodeBasicEntities(text);
};

/**
 * The module specifiers a declaration file names (`from "x"`, `import("x")`, `import "x"`), found by a
 * small scanner that skips comments and other strings: declaration files keep their doc comments, and an
 * example in one (`import … from "./shared/…"`) must not count as an import.
 */

/** One specifier and where its text (between the quotes) lies in the file. */
export interface ModuleReference {
  readonly specifier: string;
  readonly start: number;
  readonly end: number;
}

/** The keyword a module string follows, looking back over whitespace and an opening parenthesis. */
const namesModule = (text: string, quote: number): boolean => {
  let i = quote - 1;
  while (i >= 0 && /\s/.test(text.charAt(i))) i -= 1;
  const word = (w: string) =>
    text.slice(i - w.length + 1, i + 1) === w && !/[\w$]/.test(text.charAt(i - w.length));
  if (text.charAt(i) === "(") {
    i -= 1;
    while (i >= 0 && /\s/.test(text.charAt(i))) i -= 1;
    return word("import");
  }
  return word("from") || word("import");
};

/** Where the string or template starting at `open` ends (the index after its closing quote). */
const endOfQuoted = (text: string, open: number): number => {
  const quote = text.charAt(open);
  let i = open + 1;
  while (i < text.length && text.charAt(i) !== quote) i += text.charAt(i) === "\\" ? 2 : 1;
  return i + 1;
};

/** Every module specifier of a TypeScript or declaration file, in order. */
export const moduleReferences = (text: string): ModuleReference[] => {
  const found: ModuleReference[] = [];
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    const char = text.charAt(i);
    if (two === "//") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
    } else if (two === "/*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (char === '"' || char === "'" || char === "`") {
      const end = endOfQuoted(text, i);
      if (char !== "`" && namesModule(text, i))
        found.push({ specifier: text.slice(i + 1, end - 1), start: i + 1, end: end - 1 });
      i = end;
    } else i += 1;
  }
  return found;
};

/** The file with each specifier replaced by `replace`'s answer (unchanged where it answers undefined). */
export const rewriteReferences = (
  text: string,
  replace: (specifier: string) => string | undefined,
): string => {
  let out = "";
  let from = 0;
  for (const reference of moduleReferences(text)) {
    const replacement = replace(reference.specifier);
    if (replacement === undefined) continue;
    out += text.slice(from, reference.start) + replacement;
    from = reference.end;
  }
  return out + text.slice(from);
};

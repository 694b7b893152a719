import { type Dirent, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Refusal, type RefusalTemplate, refusals } from "../../shared/errors/refusals.js";

/** Where the service's source lives: what a refusal message may be written in. */
// examples/ holds code a seller runs (its receiver words its own refusals, as the spec names them).
const SOURCE_FOLDERS = ["shared", "functions", "infra"];
/** The catalogue itself: each entry is declared there once. */
const CATALOGUE = join("shared", "errors", "refusals.ts");
const HOLE = "\u0001";

/** Every parameter of a template reads as a hole, so what is left are its fixed words. */
const holes: unknown = new Proxy({}, { get: () => HOLE });

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a string literal of the source is this entry's message: exactly, or the template with a word or a `${…}` in each hole. */
const matcherOf = (entry: Refusal | RefusalTemplate<never>): ((literal: string) => boolean) => {
  if (typeof entry.message === "string") {
    const message = entry.message;
    return (literal) => literal === message;
  }
  const shape = (entry.message as (params: unknown) => string)(holes);
  const pattern = new RegExp(`^${shape.split(HOLE).map(escapeRegex).join("\\S+")}$`);
  return (literal) => pattern.test(literal);
};

/** The string literals of a file outside its comments, with each template literal's `${…}` read as a hole. */
const literalsOf = (source: string): string[] => {
  // Comments quote messages without writing them.
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/[^\n]*/g, "$1");
  const literals: string[] = [];
  for (const [literal] of text.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g)) {
    const body = literal.slice(1, -1);
    if (literal.startsWith("`")) literals.push(body.replace(/\$\{[^}]*\}/g, HOLE).replace(/\\(.)/g, "$1"));
    else literals.push(body.replace(/\\(.)/g, "$1"));
  }
  return literals;
};

const sourceFiles = (root: string): string[] =>
  SOURCE_FOLDERS.flatMap((folder) =>
    (readdirSync(join(root, folder), { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name)),
  );

/**
 * For each refusal of the catalogue, the files that write its message (a string literal equal to it,
 * or a template literal of its shape) and how often, outside its one declaration in the catalogue.
 */
export const refusalCopies = (root: string): Map<string, Map<string, number>> => {
  const files = sourceFiles(root)
    .map((file) => ({ file: relative(root, file), literals: literalsOf(readFileSync(file, "utf8")) }))
    .filter(({ file }) => file !== CATALOGUE);
  const copies = new Map<string, Map<string, number>>();
  for (const [name, entry] of Object.entries(refusals)) {
    const matches = matcherOf(entry);
    const places = new Map<string, number>();
    for (const { file, literals } of files) {
      const count = literals.filter(matches).length;
      if (count > 0) places.set(file, count);
    }
    copies.set(name, places);
  }
  return copies;
};

// `node --import tsx test/support/refusal-homes.ts <root> [--list]`: how many places write each refusal.
if (process.argv[1]?.endsWith("refusal-homes.ts")) {
  const root = process.argv[2] ?? ".";
  const copies = refusalCopies(root);
  const hasCatalogue = sourceFiles(root).some((file) => relative(root, file) === CATALOGUE);
  const total = (places: Map<string, number>) => [...places.values()].reduce((a, b) => a + b, 0);
  const written = [...copies.values()].reduce(
    (sum, places) => sum + total(places) + (hasCatalogue ? 1 : 0),
    0,
  );
  console.log(`${root}: ${copies.size} refusals, their messages written in ${written} places`);
  if (process.argv.includes("--list")) {
    for (const [name, places] of copies) if (total(places) > 0) console.log(name, Object.fromEntries(places));
  }
}

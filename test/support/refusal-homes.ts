import { type Dirent, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as refusals from "../../shared/errors/refusals.js";
import { HOLE, matcherOf } from "./refusal-matcher.js";

/** Where the service's source lives: what a refusal message may be written in. */
// examples/ holds code a seller runs (its receiver words its own refusals, as the spec names them).
const SOURCE_FOLDERS = ["shared", "functions", "infra"];
/** The catalogue itself (one module per area): each entry is declared there once. */
const CATALOGUE = join("shared", "errors", "refusals");
/** The string literals of a file outside its comments, with each template literal's `${…}` read as a hole. */
const literalsOf = (source: string): string[] => {
  // Comments quote messages without writing them, and a table of HTTP reason phrases keyed by status
  // (`401: "Unauthorized"`, the OpenAPI responses' descriptions) names statuses, not refusals.
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|\s)\/\/[^\n]*/g, "$1")
    .replace(/^\s*\d{3}: "[^"\n]*",?$/gm, "");
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
    .filter(({ file }) => !file.startsWith(`${CATALOGUE}/`));
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
  const hasCatalogue = sourceFiles(root).some((file) => relative(root, file).startsWith(`${CATALOGUE}/`));
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

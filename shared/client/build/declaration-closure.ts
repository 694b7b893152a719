import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { moduleReferences } from "./module-references.js";

/** The declaration files a set of entries needs, and the packages they name. */
export interface DeclarationClosure {
  /** Absolute paths, entries first, each once. */
  readonly files: readonly string[];
  /** Bare specifiers (`zod/mini`), each with the files that name it. */
  readonly packages: ReadonlyMap<string, readonly string[]>;
}

/** The declaration file a relative specifier of `from` names: `./x.js` is `./x.d.ts`, as tsc resolves it. */
export const declarationFileOf = (from: string, specifier: string): string => {
  const target = resolve(dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, ".d.ts"), `${target}.d.ts`, resolve(target, "index.d.ts")];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(`${from} imports ${specifier}, which has no declaration file`);
  return found;
};

/**
 * Every declaration file reachable from `entries` by relative imports: tsc emits one for each source of
 * the program (repositories and all), of which the package ships only those its entry's types reach.
 */
export const declarationClosure = (entries: readonly string[]): DeclarationClosure => {
  const files = new Set<string>();
  const packages = new Map<string, string[]>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const { specifier } of moduleReferences(readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) visit(declarationFileOf(file, specifier));
      else packages.set(specifier, [...(packages.get(specifier) ?? []), file]);
    }
  };
  for (const entry of entries) visit(resolve(entry));
  return { files: [...files], packages };
};

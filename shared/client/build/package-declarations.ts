import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { declarationClosure } from "./declaration-closure.js";
import { rewriteReferences } from "./module-references.js";
import { vendorDeclarations } from "./vendored-types.js";

/** Where the declarations come from and go. */
export interface DeclarationBuild {
  /** The tsconfig that emits declarations for the package's entry (rootDir: the `shared` folder). */
  readonly tsconfig: string;
  /** The entry's path below rootDir, e.g. `client/index.ts`. */
  readonly entry: string;
  /** Where the package's declarations go: the entry's closure at its paths below rootDir, and `vendor/`. */
  readonly outDir: string;
}

const tscBin = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");

/** `./x.js` from `from` to `to` (a `.d.ts`), as a declaration file spells an import. */
const specifierBetween = (from: string, to: string): string => {
  const path = relative(dirname(from), to)
    .split(sep)
    .join("/")
    .replace(/\.d\.ts$/, ".js");
  return path.startsWith(".") ? path : `./${path}`;
};

/**
 * Emits the package's declarations: tsc (TypeScript 7 has no declaration bundler) writes one `.d.ts` per
 * source of the program into a scratch folder; only the files the entry reaches are kept, and the packages
 * they name are vendored with their imports rewritten, so nothing outside the package is needed to
 * resolve them. A type error anywhere in the program fails the build. Answers the files written.
 */
export const buildDeclarations = (build: DeclarationBuild): string[] => {
  const emitted = mkdtempSync(join(tmpdir(), "marketplace-client-declarations-"));
  try {
    try {
      execFileSync(process.execPath, [tscBin, "-p", build.tsconfig, "--outDir", emitted], { stdio: "pipe" });
    } catch (error) {
      const output = (error as { stdout?: Buffer }).stdout?.toString() ?? String(error);
      throw new Error(`tsc could not emit the client's declarations:\n${output}`);
    }
    const entry = join(emitted, build.entry.replace(/\.ts$/, ".d.ts"));
    const closure = declarationClosure([entry]);
    const vendored = vendorDeclarations(closure.packages.keys(), join(build.outDir, "vendor"));
    const written: string[] = [];
    for (const file of closure.files) {
      const destination = join(build.outDir, relative(emitted, file));
      const text = readFileSync(file, "utf8");
      if (text.includes("/// <reference"))
        throw new Error(`${relative(emitted, file)} has a reference directive the package cannot satisfy`);
      const rewritten = rewriteReferences(text, (specifier) => {
        const target = vendored.get(specifier);
        return target === undefined ? undefined : specifierBetween(destination, target);
      });
      mkdirSync(dirname(destination), { recursive: true });
      writeFileSync(destination, rewritten);
      written.push(destination);
    }
    return written;
  } finally {
    rmSync(emitted, { recursive: true, force: true });
  }
};

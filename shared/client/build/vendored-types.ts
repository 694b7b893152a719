import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { declarationClosure } from "./declaration-closure.js";

/**
 * The packages whose declarations the package carries itself. The client's types are computed from the
 * service's zod schemas (`z.output<…>`), so its declarations name zod; zod is not needed at run time,
 * and copying its declarations (MIT) keeps the package free of dependencies: it installs offline and its
 * types cannot meet another zod version in the consumer's tree.
 */
export const VENDORED_PACKAGES: readonly string[] = ["zod"];

const require = createRequire(import.meta.url);

/** `zod/mini` → `["zod", "./mini"]`; `@scope/name/sub` → `["@scope/name", "./sub"]`. */
const splitSpecifier = (specifier: string): [name: string, subpath: string] => {
  const parts = specifier.split("/");
  const length = specifier.startsWith("@") ? 2 : 1;
  const rest = parts.slice(length).join("/");
  return [parts.slice(0, length).join("/"), rest === "" ? "." : `./${rest}`];
};

/** The ESM declaration file a package's export resolves to: the `import` target's `.d.ts` sibling. */
const exportDeclaration = (packageDir: string, subpath: string): string => {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    exports?: Record<string, { import?: string } | string>;
  };
  const target = manifest.exports?.[subpath];
  const file = typeof target === "string" ? target : target?.import;
  if (file === undefined) throw new Error(`${packageDir} exports no ${subpath} for import`);
  return join(packageDir, file.replace(/\.js$/, ".d.ts"));
};

/**
 * Copies the declarations that `specifiers` reach in their packages under `vendorDir/<package>/` (with
 * each package's LICENSE) and answers where each specifier's file now is. A package outside
 * VENDORED_PACKAGES fails the build: it would be a dependency nobody declared.
 */
export const vendorDeclarations = (
  specifiers: Iterable<string>,
  vendorDir: string,
): ReadonlyMap<string, string> => {
  const copied = new Map<string, string>();
  for (const specifier of specifiers) {
    const [name, subpath] = splitSpecifier(specifier);
    if (!VENDORED_PACKAGES.includes(name))
      throw new Error(
        `The client's declarations import ${specifier}: vendor ${name} or keep it out of the types`,
      );
    const packageDir = dirname(require.resolve(`${name}/package.json`));
    const entry = exportDeclaration(packageDir, subpath);
    const closure = declarationClosure([entry]);
    // Copied as they are, so they may name nothing but their own files.
    const named = [...closure.packages.keys()];
    if (named.length > 0) throw new Error(`${name}'s declarations import ${named.join(", ")}`);
    for (const file of closure.files) {
      const destination = join(vendorDir, name, relative(packageDir, file));
      mkdirSync(dirname(destination), { recursive: true });
      copyFileSync(file, destination);
    }
    copyFileSync(join(packageDir, "LICENSE"), join(vendorDir, name, "LICENSE"));
    copied.set(specifier, join(vendorDir, name, relative(packageDir, entry)));
  }
  return copied;
};

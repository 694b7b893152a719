/**
 * Builds the `@marketplace/client` package (shared/client/package.json) into shared/client/dist: the
 * runtime bundled by esbuild (dist/index.js) and the declarations tsc emits (dist/types). With
 * `--pack <folder>`, then packs it with `npm pack` there and prints the tarball's path.
 *
 *   npm run client:pack                                   (the tarball lands in shared/client/)
 *   node --import tsx shared/client/build.ts --pack <folder>
 */
import { rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { npmPack } from "./build/npm-pack.js";
import { buildDeclarations } from "./build/package-declarations.js";
import { bundleRuntime } from "./build/runtime-bundle.js";

const packageDir = dirname(fileURLToPath(import.meta.url));
const dist = join(packageDir, "dist");
const { values } = parseArgs({ options: { pack: { type: "string" } } });

// From scratch each time: a file a previous build left would otherwise ship.
rmSync(dist, { recursive: true, force: true });
await bundleRuntime(join(packageDir, "index.ts"), join(dist, "index.js"));
const declarations = buildDeclarations({
  tsconfig: join(packageDir, "tsconfig.declarations.json"),
  entry: "client/index.ts",
  outDir: join(dist, "types"),
});
console.error(
  `built ${relative(process.cwd(), dist)}: index.js and ${declarations.length} declaration files`,
);
if (values.pack !== undefined) console.log(npmPack(packageDir, values.pack));

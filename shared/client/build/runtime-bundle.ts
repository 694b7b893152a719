import { relative } from "node:path";
import { build } from "esbuild";

/**
 * Bundles the package's entry into one ESM file for Node 20 and later. The client reaches the service's
 * schemas through types only, so the bundle is the client's own code and node's built-ins; a package
 * pulled in from node_modules fails the build, since the package declares no dependencies and would then
 * ship another project's code without its licence.
 */
export const bundleRuntime = async (entry: string, outfile: string): Promise<void> => {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    metafile: true,
    logLevel: "silent",
  });
  const packages = Object.keys(result.metafile.inputs).filter((input) => input.includes("node_modules/"));
  if (packages.length > 0)
    throw new Error(
      `The client's bundle pulls in ${packages.map((p) => relative(process.cwd(), p)).join(", ")}`,
    );
};

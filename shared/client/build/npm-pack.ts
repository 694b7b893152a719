import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";

/** Packs the package folder with `npm pack` into `destination`; answers the tarball's absolute path. */
export const npmPack = (packageDir: string, destination: string): string => {
  mkdirSync(destination, { recursive: true });
  const output = execFileSync("npm", ["pack", packageDir, "--pack-destination", destination, "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [packed] = JSON.parse(output) as [{ filename: string }];
  return resolve(destination, packed.filename);
};

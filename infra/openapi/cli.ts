import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { buildVersionDocument, documentedVersions, documentPath, serializeDocument } from "./documents.js";

/** Biome's launcher, run with this Node: the documents are committed, so they are formatted as `npm run lint` checks. */
const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");

/**
 * `npm run openapi`: writes docs/openapi/v1.json and v2.json from the code, formatted by Biome. A version
 * that cannot be built (a route without a contract) is named and fails the run; the other version is
 * still written, so each version's contracts can be finished on their own.
 */
const main = async () => {
  let failed = false;
  const written: string[] = [];
  for (const version of documentedVersions) {
    const path = documentPath(version);
    let document: Record<string, unknown>;
    try {
      document = await buildVersionDocument(version);
    } catch (error) {
      console.error(`${path} not written: ${error instanceof Error ? error.message : String(error)}`);
      failed = true;
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, serializeDocument(document));
    written.push(path);
    console.log(`wrote ${path} (${Object.keys(document.paths as object).length} paths)`);
  }
  if (written.length > 0) execFileSync(process.execPath, [biome, "format", "--write", ...written]);
  if (failed) process.exit(1);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildVersionDocument, documentedVersions, documentPath, serializeDocument } from "./documents.js";

/**
 * `npm run openapi`: writes docs/openapi/v1.json and v2.json from the code. A version that cannot be
 * built (a route without a contract) is named and fails the run; the other version is still written,
 * so each version's contracts can be finished on their own.
 */
const main = async () => {
  let failed = false;
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
    console.log(`wrote ${path} (${Object.keys(document.paths as object).length} paths)`);
  }
  if (failed) process.exit(1);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildDocuments, documentPath, serializeDocument } from "./documents.js";

/** `npm run openapi`: writes docs/openapi/v1.json and v2.json from the code. */
const main = async () => {
  const documents = await buildDocuments();
  for (const version of ["v1", "v2"] as const) {
    const path = documentPath(version);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, serializeDocument(documents[version]));
    console.log(`wrote ${path} (${Object.keys(documents[version].paths as object).length} paths)`);
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

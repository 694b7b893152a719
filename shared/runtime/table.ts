import { createDocumentClient } from "../aws/dynamodb-client.js";
import { requireEnv } from "../config/environment.js";
import { cryptoRandomness } from "../ids/randomness.js";
import { systemClock } from "../time/clock.js";
import { installStandingGate } from "./standing-gate.js";

/**
 * The composition roots' table side: one document client per process, the table's name, the clock
 * and randomness. The repositories several roots share sit in one module each (`*-store.ts`), so a
 * bundle carries only the record schemas of the stores its roots use. Configuration is read on first
 * use, and a missing variable fails with its name.
 */

let documentClient: ReturnType<typeof createDocumentClient> | undefined;
/** The process's one document client; a request's writes wait on its token's standing (standing-gate.ts). */
export const tableClient = () => {
  if (!documentClient) {
    documentClient = createDocumentClient();
    installStandingGate(documentClient);
  }
  return documentClient;
};

/** The table every repository writes to (TABLE_NAME). */
export const tableName = () => requireEnv("TABLE_NAME");

/** Every service reads the machine's clock and Node's secure random generator; tests pass their own. */
export const clockAndRandomness = { now: systemClock, random: cryptoRandomness };

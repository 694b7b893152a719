import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LocalStackConfig, localConfigFromEnv } from "../../infra/local/local-environment.js";
import { freePort } from "../support/free-port.js";

/**
 * A local stack's configuration for one bench part: free random ports, state in memory, and a fresh
 * state folder (for its local secrets) that the caller removes when the part ends.
 */
export const throwawayConfig = async (): Promise<{ config: LocalStackConfig; stateDir: string }> => {
  const stateDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
  const config = localConfigFromEnv({
    ...process.env,
    PORT: String(await freePort()),
    DYNAMODB_LOCAL_PORT: String(await freePort()),
    FAUXQS_PORT: String(await freePort()),
    LOCAL_STATE: "memory",
    LOCAL_STATE_DIR: stateDir,
  });
  return { config, stateDir };
};

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
  // The bench drives thousands of token exchanges with one key from one address: the key's window still
  // counts every exchange (its write is part of what is measured) but must not refuse the load.
  process.env.TOKEN_EXCHANGE_LIMIT_PER_KEY ??= "999999999";
  process.env.TOKEN_EXCHANGE_LIMIT_PER_ADDRESS ??= "999999999";
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

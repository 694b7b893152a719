import { rmSync } from "node:fs";
import { DynamoDBClient, UpdateTableCommand } from "@aws-sdk/client-dynamodb";
import type { LocalStackConfig } from "../../infra/local/local-environment.js";
import { type LocalStack, startLocalStack } from "../../infra/local/local-stack.js";
import { throwawayConfig } from "./throwaway-config.js";

/**
 * A fresh local stack on random ports, in memory, with nothing running beside the requests a bench
 * sends: the table's stream is switched off before anything is written (so neither the catalogue
 * indexer nor the outbox forwarder runs meanwhile; the catalogue is seeded directly) and the local
 * maintenance timer waits an hour. What a request costs is then only what it sends.
 */
export interface QuietStack {
  readonly stack: LocalStack;
  readonly config: LocalStackConfig;
  stop(): Promise<void>;
}

/** How the quiet stack answers what a container would remember between requests. */
export interface QuietStackOptions {
  /**
   * Every request is its account's first in its container: the token-standing check (the account's
   * generation and blocked state, cached per container for TOKEN_STATUS_CACHE_SECONDS, 10 s) is never
   * answered from the cache, so what a request sends is what it sends on Lambda, where a person's
   * request rarely follows another of theirs in the same container within those seconds.
   */
  readonly accountFirstRequests?: boolean;
}

/** Starts a quiet stack; with `accountFirstRequests`, before the service checks its first token. */
export const startQuietStack = async (options: QuietStackOptions = {}): Promise<QuietStack> => {
  // The service reads the variable once, on the first token it checks (shared/runtime/token-standing.ts).
  if (options.accountFirstRequests) process.env.TOKEN_STATUS_CACHE_SECONDS = "0";
  const throwaway = await throwawayConfig();
  const { stateDir } = throwaway;
  const config: LocalStackConfig = { ...throwaway.config, maintenanceIntervalMs: 3_600_000 };
  const stack = await startLocalStack(config);
  const raw = new DynamoDBClient({});
  try {
    await raw.send(
      new UpdateTableCommand({ TableName: config.tableName, StreamSpecification: { StreamEnabled: false } }),
    );
  } finally {
    raw.destroy();
  }
  return {
    stack,
    config,
    stop: async () => {
      await stack.stop();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
};

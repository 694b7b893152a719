import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";

/** What a client read since the last reset: items DynamoDB looked at, and requests sent, by operation. */
export interface ReadTally {
  /** Query ScannedCount (entries read before any filter) + BatchGet items returned + GetItem items returned. */
  itemsRead: number;
  /** Requests sent (round trips), retries not included. */
  requests: number;
  byOperation: Record<string, { requests: number; itemsRead: number }>;
}

const emptyTally = (): ReadTally => ({ itemsRead: 0, requests: 0, byOperation: {} });

const itemsReadBy = (commandName: string, output: Record<string, unknown>): number => {
  if (commandName === "QueryCommand" || commandName === "ScanCommand")
    return Number(output.ScannedCount ?? 0);
  if (commandName === "GetItemCommand") return output.Item ? 1 : 0;
  if (commandName === "BatchGetItemCommand") {
    const responses = (output.Responses ?? {}) as Record<string, unknown[]>;
    return Object.values(responses).reduce((sum, items) => sum + items.length, 0);
  }
  return 0;
};

/**
 * A document client (configured as the service's own) whose every response is tallied by an SDK
 * middleware, so the service can be run unchanged and still tell what each search read.
 */
export const createCountingClient = (): {
  client: DynamoDBDocumentClient;
  reset(): void;
  tally(): ReadTally;
} => {
  const client = createDocumentClient();
  let current = emptyTally();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const name = context.commandName ?? "unknown";
      const operation = name.replace(/Command$/, "");
      const items = itemsReadBy(name, (result.output ?? {}) as Record<string, unknown>);
      current.requests += 1;
      current.itemsRead += items;
      const entry = current.byOperation[operation] ?? { requests: 0, itemsRead: 0 };
      entry.requests += 1;
      entry.itemsRead += items;
      current.byOperation[operation] = entry;
      return result;
    },
    { step: "initialize", name: "benchReadCounter" },
  );
  return {
    client,
    reset: () => {
      current = emptyTally();
    },
    tally: () => current,
  };
};

import { randomUUID } from "node:crypto";
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  BatchWriteCommand,
  type BatchWriteCommandInput,
  DeleteCommand,
  type DeleteCommandInput,
  type DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  type ScanCommandInput,
  TransactGetCommand,
  type TransactGetCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { tableSchema } from "../../shared/data/table-schema.js";
import type { CommandRecord } from "./command-recorder.js";

/**
 * The raw baseline of one request: the DynamoDB commands the service sent for it (recorded), sent again
 * through a plain document client with no service code: the same operations, keys and expressions, and
 * the same parallelism (each round's commands together, rounds one after another).
 *
 * Writes are made repeatable: every Put's sort key gets a `~raw<n>` suffix (so a Put guarded by
 * `attribute_not_exists` writes a new item of the same size each time) and a transaction's
 * ClientRequestToken is made unique. Updates, condition checks and reads are sent unchanged.
 */

type Input = Record<string, unknown>;
type Sender = (client: DynamoDBDocumentClient, input: Input) => Promise<unknown>;

// Recorded inputs are sent as they were recorded; each operation's own command class sends them.
const senders: Record<string, Sender> = {
  GetItem: (c, i) => c.send(new GetCommand(i as unknown as GetCommandInput)),
  PutItem: (c, i) => c.send(new PutCommand(i as unknown as PutCommandInput)),
  UpdateItem: (c, i) => c.send(new UpdateCommand(i as unknown as UpdateCommandInput)),
  DeleteItem: (c, i) => c.send(new DeleteCommand(i as unknown as DeleteCommandInput)),
  Query: (c, i) => c.send(new QueryCommand(i as unknown as QueryCommandInput)),
  Scan: (c, i) => c.send(new ScanCommand(i as unknown as ScanCommandInput)),
  BatchGetItem: (c, i) => c.send(new BatchGetCommand(i as unknown as BatchGetCommandInput)),
  BatchWriteItem: (c, i) => c.send(new BatchWriteCommand(i as unknown as BatchWriteCommandInput)),
  TransactGetItems: (c, i) => c.send(new TransactGetCommand(i as unknown as TransactGetCommandInput)),
  TransactWriteItems: (c, i) => c.send(new TransactWriteCommand(i as unknown as TransactWriteCommandInput)),
};

/** The same input on another table: every `TableName` and every `RequestItems` key renamed. */
export const onTable = (input: Input, from: string, to: string): Input => {
  const rename = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => rename(v));
    if (value === null || typeof value !== "object" || value instanceof Uint8Array || value instanceof Set)
      return value;
    const entries = Object.entries(value as Input).map(([k, v]) => {
      if (k === "TableName" && v === from) return [k, to];
      if (key === "RequestItems" && k === from) return [to, rename(v)];
      return [k, rename(v, k)];
    });
    return Object.fromEntries(entries);
  };
  return rename(input) as Input;
};

const withSuffix = (item: Input, suffix: string): Input => ({
  ...item,
  [tableSchema.sortKey]: `${String(item[tableSchema.sortKey])}${suffix}`,
});

/** The `n`-th repetition of a write: Puts land on new keys, a transaction gets a new request token. */
export const repeatable = (operation: string, input: Input, n: number, run: string): Input => {
  const suffix = `~raw${n}`;
  if (operation === "PutItem") return { ...input, Item: withSuffix(input.Item as Input, suffix) };
  if (operation !== "TransactWriteItems") return input;
  const items = (input.TransactItems as { Put?: Input & { Item: Input } }[]).map((item) =>
    item.Put ? { ...item, Put: { ...item.Put, Item: withSuffix(item.Put.Item, suffix) } } : item,
  );
  return {
    ...input,
    TransactItems: items,
    ...(input.ClientRequestToken === undefined ? {} : { ClientRequestToken: `${run}-${n}`.slice(0, 36) }),
  };
};

const WRITES = new Set(["PutItem", "TransactWriteItems"]);

/** A function that sends the recorded rounds once per call; each call's writes are new. */
export const rawReplay = (
  client: DynamoDBDocumentClient,
  rounds: readonly (readonly CommandRecord[])[],
  options: { table?: { from: string; to: string } } = {},
): (() => Promise<void>) => {
  const run = `raw-${randomUUID().slice(0, 8)}`;
  let calls = 0;
  const prepared = rounds.map((round) =>
    round.map((command) => {
      const sender = senders[command.operation];
      if (!sender) throw new Error(`cannot replay ${command.operation}`);
      const input = options.table
        ? onTable(command.input, options.table.from, options.table.to)
        : command.input;
      return { sender, operation: command.operation, input };
    }),
  );
  return async () => {
    const n = calls++;
    for (const round of prepared) {
      await Promise.all(
        round.map(({ sender, operation, input }) =>
          sender(client, WRITES.has(operation) ? repeatable(operation, input, n, run) : input),
        ),
      );
    }
  };
};

/** Every item key a recorded request reads or updates (to copy those items to another table). */
export const keysTouched = (records: readonly CommandRecord[]): Input[] => {
  const found: Input[] = [];
  for (const { operation, input } of records) {
    if (operation === "GetItem" || operation === "UpdateItem" || operation === "DeleteItem")
      found.push(input.Key as Input);
    if (operation === "BatchGetItem")
      for (const request of Object.values(input.RequestItems as Record<string, { Keys: Input[] }>))
        found.push(...request.Keys);
    if (operation === "TransactWriteItems")
      for (const item of input.TransactItems as Record<string, { Key?: Input } | undefined>[])
        for (const kind of ["Update", "ConditionCheck", "Delete"])
          if (item[kind]?.Key) found.push(item[kind].Key as Input);
    if (operation === "Query" || operation === "Scan")
      throw new Error(`${operation} cannot be copied to another table key by key`);
  }
  return found;
};

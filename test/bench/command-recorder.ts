import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { tableClient } from "../../shared/runtime/table.js";

/**
 * Records what the service sends to DynamoDB, without changing production code: an SDK middleware on
 * the process's one document client (`tableClient()`, which every composition root's repositories
 * share) that, while recording, adds `ReturnConsumedCapacity: "TOTAL"` to each command and keeps its
 * name, input, timing and consumed capacity. Off, it passes commands through untouched and only counts
 * the ones that fail (e.g. transactions cancelled by a conflict and retried by the service).
 */

/** One command as the service sent it. */
export interface CommandRecord {
  /** The DynamoDB operation, e.g. `GetItem`, `TransactWriteItems`. */
  readonly operation: string;
  /** The document-level input (before marshalling), deep-copied when sent. */
  readonly input: Record<string, unknown>;
  /** performance.now() when the command was sent and when its answer (or error) arrived. */
  readonly startedAt: number;
  readonly endedAt: number;
  /** Capacity units DynamoDB reported (table and indexes together), counted as reads or writes by operation. */
  readonly readUnits: number;
  readonly writeUnits: number;
  /** The error's name when the command failed. */
  readonly error?: string;
}

/** Operations whose consumed capacity is read capacity; every other data operation writes. */
const READ_OPERATIONS = new Set(["GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"]);

/** Capacity units in a `ConsumedCapacity` answer: one object, or a list of them (batch and transactions). */
export const capacityUnits = (consumed: unknown): number => {
  const list = Array.isArray(consumed) ? consumed : consumed === undefined ? [] : [consumed];
  return list.reduce(
    (sum: number, entry) => sum + Number((entry as { CapacityUnits?: number }).CapacityUnits ?? 0),
    0,
  );
};

interface RecorderState {
  recording: boolean;
  records: CommandRecord[];
  /** Commands sent while recording that have not answered yet. */
  inFlight: Set<Promise<unknown>>;
}

const state: RecorderState = { recording: false, records: [], inFlight: new Set() };
/** Failed commands by error (a cancelled transaction by its reasons), counted recording or not. */
let failures: Record<string, number> = {};

const failureName = (error: unknown): string => {
  const failed = error as { name?: string; CancellationReasons?: { Code?: string }[] };
  const reasons = (failed.CancellationReasons ?? []).map((r) => r.Code).filter((c) => c && c !== "None");
  return reasons.length > 0 ? `${failed.name}(${[...new Set(reasons)].join(",")})` : (failed.name ?? "Error");
};
let installed = false;

const record = (operation: string, input: Record<string, unknown>, startedAt: number, output: unknown) => {
  const units = capacityUnits((output as { ConsumedCapacity?: unknown } | undefined)?.ConsumedCapacity);
  const reads = READ_OPERATIONS.has(operation);
  return {
    operation,
    input,
    startedAt,
    endedAt: performance.now(),
    readUnits: reads ? units : 0,
    writeUnits: reads ? 0 : units,
  };
};

/** Adds the recorder to the service's document client (once per process; recording starts off). */
export const installCommandRecorder = (client: DynamoDBDocumentClient = tableClient()): void => {
  if (installed) return;
  installed = true;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!state.recording) {
        try {
          return await next(args);
        } catch (error) {
          const name = failureName(error);
          failures[name] = (failures[name] ?? 0) + 1;
          throw error;
        }
      }
      const operation = (context.commandName ?? "Unknown").replace(/Command$/, "");
      const input = structuredClone(args.input as Record<string, unknown>);
      const startedAt = performance.now();
      const records = state.records;
      // DynamoDB Local refuses a transaction of 100 items that asks for its consumed capacity ("Member
      // must have length less than or equal to 100"); AWS does not. Transactions' units are modelled
      // anyway (transaction-units.ts), so such a transaction is sent as the service sends it.
      const full = Array.isArray(input.TransactItems) && input.TransactItems.length >= 100;
      const sent = next({
        ...args,
        input: full ? input : { ...input, ReturnConsumedCapacity: "TOTAL" },
      }).then(
        (result) => {
          records.push(record(operation, input, startedAt, result.output));
          return result;
        },
        (error: unknown) => {
          records.push({
            ...record(operation, input, startedAt, error),
            error: (error as { name?: string }).name ?? "Error",
          });
          throw error;
        },
      );
      const settled = sent.catch(() => undefined);
      state.inFlight.add(settled);
      void settled.finally(() => state.inFlight.delete(settled));
      return sent;
    },
    { step: "initialize", name: "benchCommandRecorder" },
  );
};

/** The commands that failed since the last take, by error name (transactions with their reasons). */
export const takeFailures = (): Record<string, number> => {
  const taken = failures;
  failures = {};
  return taken;
};

/** Starts recording (and clears what was recorded). */
export const startRecording = (): void => {
  if (!installed) throw new Error("installCommandRecorder() must run before recording");
  state.records = [];
  state.recording = true;
};

/**
 * Stops recording and returns the commands sent since `startRecording`, in the order they were sent.
 * It waits for those still in flight: a request may answer before one of its reads does (a standing
 * check whose transaction was refused first), and that read was still one of its commands.
 */
export const stopRecording = async (): Promise<CommandRecord[]> => {
  state.recording = false;
  await Promise.all([...state.inFlight]);
  const records = state.records.sort((a, b) => a.startedAt - b.startedAt);
  state.records = [];
  return records;
};

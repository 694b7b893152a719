import type { CommandRecord } from "./command-recorder.js";

/**
 * What one request sent to DynamoDB, from its recorded commands: requests, sequential rounds (commands
 * sent before any other of their round had answered were in flight together, so they count once) and
 * the capacity consumed.
 */
export interface RequestTally {
  readonly requests: number;
  readonly rounds: number;
  /** Read and write capacity units as DynamoDB reported them (on-demand: read and write request units). */
  readonly read_units: number;
  readonly write_units: number;
  /** Operations per round, e.g. `["GetItem+GetItem", "TransactWriteItems"]`. */
  readonly plan: readonly string[];
  /** Items written by transactions and batch writes, by their `entity` attribute (outbox items, orders, …). */
  readonly written_entities: Readonly<Record<string, number>>;
  /** Outbox events written, by type: each becomes a queue message (and an e-mail, for the mail events). */
  readonly outbox_events: Readonly<Record<string, number>>;
  /** Commands that failed (their error names), e.g. a refused condition. */
  readonly errors: readonly string[];
}

/** Groups commands (sorted by start) into rounds: a command joins a round while none of it has answered yet. */
export const roundsOf = (records: readonly CommandRecord[]): CommandRecord[][] => {
  const rounds: CommandRecord[][] = [];
  let current: CommandRecord[] = [];
  let firstAnswer = Number.POSITIVE_INFINITY;
  for (const command of [...records].sort((a, b) => a.startedAt - b.startedAt)) {
    if (current.length > 0 && command.startedAt >= firstAnswer) {
      rounds.push(current);
      current = [];
      firstAnswer = Number.POSITIVE_INFINITY;
    }
    current.push(command);
    firstAnswer = Math.min(firstAnswer, command.endedAt);
  }
  if (current.length > 0) rounds.push(current);
  return rounds;
};

const itemsWritten = (command: CommandRecord): Record<string, unknown>[] => {
  const input = command.input as {
    Item?: Record<string, unknown>;
    TransactItems?: { Put?: { Item?: Record<string, unknown> } }[];
    RequestItems?: Record<string, { PutRequest?: { Item?: Record<string, unknown> } }[]>;
  };
  if (command.operation === "PutItem" && input.Item) return [input.Item];
  if (command.operation === "TransactWriteItems")
    return (input.TransactItems ?? []).flatMap((item) => (item.Put?.Item ? [item.Put.Item] : []));
  if (command.operation === "BatchWriteItem")
    return Object.values(input.RequestItems ?? {}).flatMap((requests) =>
      requests.flatMap((request) => (request.PutRequest?.Item ? [request.PutRequest.Item] : [])),
    );
  return [];
};

const round2 = (n: number) => Number(n.toFixed(2));

/** Sums one request's commands. */
export const tallyOf = (records: readonly CommandRecord[]): RequestTally => {
  const written: Record<string, number> = {};
  const events: Record<string, number> = {};
  for (const item of records.filter((r) => r.error === undefined).flatMap(itemsWritten)) {
    const entity = typeof item.entity === "string" ? item.entity : "other";
    written[entity] = (written[entity] ?? 0) + 1;
    if (entity === "outbox") events[String(item.type)] = (events[String(item.type)] ?? 0) + 1;
  }
  const rounds = roundsOf(records);
  return {
    requests: records.length,
    rounds: rounds.length,
    read_units: round2(records.reduce((sum, r) => sum + r.readUnits, 0)),
    write_units: round2(records.reduce((sum, r) => sum + r.writeUnits, 0)),
    plan: rounds.map((round) => round.map((r) => r.operation).join("+")),
    written_entities: written,
    outbox_events: events,
    errors: records.flatMap((r) => (r.error === undefined ? [] : [`${r.operation}: ${r.error}`])),
  };
};

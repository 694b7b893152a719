import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type ShardIteratorType,
  type _Record as StreamRecord,
} from "@aws-sdk/client-dynamodb-streams";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { type FilterPattern, passesFilters } from "./event-filter.js";
import { filterPatterns, invokedBy } from "./function-scope.js";

/**
 * A record as Lambda's event source mapping hands it to a function: JSON, so the change's time is epoch
 * seconds (a number), where the SDK reading the stream gives a Date.
 */
const asLambdaDelivers = (record: StreamRecord): DynamoDBRecord => {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  const lambdaRecord = record as unknown as DynamoDBRecord;
  if (!(created instanceof Date) || !lambdaRecord.dynamodb) return lambdaRecord;
  return {
    ...lambdaRecord,
    dynamodb: { ...lambdaRecord.dynamodb, ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) },
  };
};

/** Where a poller remembers, per shard, the last sequence number it handed on successfully. */
export interface CheckpointStore {
  get(shardId: string): string | undefined;
  set(shardId: string, sequenceNumber: string): void;
}

/** Checkpoints in memory, or in a JSON file so a restarted stack resumes where it stopped. */
export const createCheckpointStore = (file?: string): CheckpointStore => {
  const state: Record<string, string> =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
  return {
    get: (shardId) => state[shardId],
    set(shardId, sequenceNumber) {
      state[shardId] = sequenceNumber;
      if (file) writeFileSync(file, JSON.stringify(state));
    },
  };
};

/** A running stream poller. */
export interface StreamPoller {
  stop(): Promise<void>;
}

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

/** Waits `ms`, or less once `signal` aborts (the poller stopping). */
export type Pause = (ms: number, signal: AbortSignal) => Promise<void>;

/** The timer the poller waits on, cleared by a stop so the stop never waits out an interval. */
const timerPause: Pause = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });

/**
 * Stands in for Lambda's DynamoDB stream event source: reads every shard of the table's stream in
 * order, hands batches to the handler, and moves its checkpoint only past records the handler took.
 * A failed record is read again on the next round, so nothing committed is skipped.
 */
export const startStreamPoller = async (options: {
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  handler: StreamHandler;
  /** The event source mapping's filters, as CDK gives them (`infra/cdk/stream-filters.ts`); none: every record. */
  filters?: readonly FilterPattern[];
  checkpoints: CheckpointStore;
  intervalMs?: number;
  /** How long a description of the stream's shards is trusted while none of them closes (5 s). */
  describeEveryMs?: number;
  /** How the poller waits between polls; a test passes its own to see when it waits. */
  pause?: Pause;
}): Promise<StreamPoller> => {
  const { credentials } = options;
  const dynamodb = new DynamoDBClient({ endpoint: options.endpoint, region: "us-east-1", credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: "us-east-1", credentials });
  const table = await dynamodb.send(new DescribeTableCommand({ TableName: options.tableName }));
  dynamodb.destroy();
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);

  const iterators = new Map<string, string | undefined>();
  const iteratorFor = async (shardId: string) => {
    const after = options.checkpoints.get(shardId);
    const type: ShardIteratorType = after ? "AFTER_SEQUENCE_NUMBER" : "TRIM_HORIZON";
    const result = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        SequenceNumber: after,
      }),
    );
    return result.ShardIterator;
  };

  // The shards as last described. Describing the stream on every poll doubled what an idle stack sent
  // DynamoDB Local (five polls a second per consumer); a new shard appears when one closes, and a closed
  // shard (no next iterator) has the stream described again on the next poll.
  let shards: string[] = [];
  let describedAt = Number.NEGATIVE_INFINITY;
  let shardClosed = false;
  const currentShards = async (): Promise<string[]> => {
    if (!shardClosed && Date.now() - describedAt < (options.describeEveryMs ?? 5000)) return shards;
    const description = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    shards = (description.StreamDescription?.Shards ?? []).flatMap((shard) =>
      shard.ShardId ? [shard.ShardId] : [],
    );
    describedAt = Date.now();
    shardClosed = false;
    return shards;
  };

  /** Hands the shard's next batch on and returns how many of its records the handler took. */
  const pollShard = async (shardId: string): Promise<number> => {
    const iterator = iterators.get(shardId) ?? (await iteratorFor(shardId));
    if (!iterator) return 0;
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
    if (!page.NextShardIterator) shardClosed = true;
    const records = (page.Records ?? []).map(asLambdaDelivers);
    if (records.length === 0) {
      iterators.set(shardId, page.NextShardIterator);
      return 0;
    }
    // What the event source mapping's filters would drop never reaches the function, and is passed over.
    const passing = records.filter((record) => passesFilters(options.filters, record));
    if (passing.length === 0) {
      const last = records.at(-1)?.dynamodb?.SequenceNumber;
      if (last) options.checkpoints.set(shardId, last);
      iterators.set(shardId, page.NextShardIterator);
      return records.length;
    }
    const trigger = {
      kind: "stream",
      tableName: options.tableName,
      filters: filterPatterns(options.filters),
    } as const;
    const result = await invokedBy(trigger, () => options.handler({ Records: passing }));
    const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
    const index =
      failed === undefined ? records.length : records.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
    const lastGood = records[index - 1]?.dynamodb?.SequenceNumber;
    if (lastGood) options.checkpoints.set(shardId, lastGood);
    // On failure, start again right after the last record taken, so the failed one comes back.
    iterators.set(shardId, failed === undefined ? page.NextShardIterator : undefined);
    return Math.max(index, 0);
  };

  const stopping = new AbortController();
  const pause = options.pause ?? timerPause;
  let running = true;
  const loop = (async () => {
    while (running) {
      let taken = 0;
      try {
        for (const shardId of await currentShards()) taken += await pollShard(shardId);
      } catch (error) {
        if (running)
          console.error(
            JSON.stringify({ level: "error", message: "Stream poll failed", error: String(error) }),
          );
      }
      // A backlog is read batch after batch, as Lambda does; the interval spaces only the polls of a
      // stream with nothing new, and the retries of a record the handler keeps failing.
      if (taken === 0) await pause(options.intervalMs ?? 200, stopping.signal);
    }
  })();

  return {
    async stop() {
      running = false;
      stopping.abort();
      await loop;
      streams.destroy();
    },
  };
};

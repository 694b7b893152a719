import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";
import { BatchWriteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createCheckpointStore,
  type Pause,
  type StreamPoller,
  startStreamPoller,
} from "../../../infra/local/stream-poller.js";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { WAIT_GUARD_MS } from "../../support/hang-guard.js";
import { paidOrder } from "../../support/orders.js";

// These pollers read the stack's table stream next to the stack's own poller; each test gives its
// pollers their own checkpoint file.
const dirs: string[] = [];
const running: StreamPoller[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  vi.restoreAllMocks();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const checkpointFile = () => {
  const dir = mkdtempSync(join(tmpdir(), "stream-poller-test-"));
  dirs.push(dir);
  return join(dir, "stream-checkpoints.json");
};

/**
 * Each shard's last record when the file's tests begin. The stack's stream holds every record the run
 * has written (a hundred thousand late in a run, half a minute to read from its start), and nothing
 * before these tests concerns them.
 */
const streamEnd = async (): Promise<Record<string, string>> => {
  const endpoint = requireEnv("AWS_ENDPOINT_URL_DYNAMODB");
  const table = new DynamoDBClient({ endpoint });
  const streams = new DynamoDBStreamsClient({ endpoint });
  try {
    const { Table } = await table.send(new DescribeTableCommand({ TableName: requireEnv("TABLE_NAME") }));
    const StreamArn = Table?.LatestStreamArn;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
    const ends: Record<string, string> = {};
    const open: { shard: string; iterator: string }[] = [];
    for (const { ShardId, SequenceNumberRange } of StreamDescription?.Shards ?? []) {
      if (!ShardId) continue;
      if (SequenceNumberRange?.EndingSequenceNumber) ends[ShardId] = SequenceNumberRange.EndingSequenceNumber;
      else {
        const latest = new GetShardIteratorCommand({ StreamArn, ShardId, ShardIteratorType: "LATEST" });
        const { ShardIterator } = await streams.send(latest);
        if (ShardIterator) open.push({ shard: ShardId, iterator: ShardIterator });
      }
    }
    // An open shard's end is known once a record lands in it: write one and read from there to it.
    const isMarker = await writeMarker();
    const deadline = Date.now() + WAIT_GUARD_MS;
    for (let found = false; !found; ) {
      if (Date.now() > deadline) throw new Error("the marker never showed in the stream's open shards");
      for (const shard of open) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator }));
        const records = (page.Records ?? []) as unknown as DynamoDBRecord[];
        const last = records.at(-1);
        if (last) ends[shard.shard] = sequenceOf(last);
        found ||= records.some(isMarker);
        shard.iterator = page.NextShardIterator ?? shard.iterator;
      }
    }
    return ends;
  } finally {
    table.destroy();
    streams.destroy();
  }
};

let startAt: Record<string, string> = {};
beforeAll(async () => {
  startAt = await streamEnd();
});

const start = async (
  file: string,
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>,
  options: { pause?: Pause; describeEveryMs?: number } = {},
) => {
  const saved = createCheckpointStore(file);
  const poller = await startStreamPoller({
    endpoint: requireEnv("AWS_ENDPOINT_URL_DYNAMODB"),
    credentials: {
      accessKeyId: requireEnv("AWS_ACCESS_KEY_ID"),
      secretAccessKey: requireEnv("AWS_SECRET_ACCESS_KEY"),
    },
    tableName: requireEnv("TABLE_NAME"),
    handler,
    // The file's checkpoints, and where none is saved yet, the stream's end before these tests.
    checkpoints: { get: (shard) => saved.get(shard) ?? startAt[shard], set: saved.set },
    intervalMs: 20,
    ...options,
  });
  running.push(poller);
  return {
    stop: async () => {
      running.splice(running.indexOf(poller), 1);
      await poller.stop();
    },
  };
};

const waitFor = async (condition: () => boolean, what: string, timeoutMs = WAIT_GUARD_MS) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const sequenceOf = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? "";

/** Whether a record is the insert of an order's payment_confirmed outbox item. */
const isPaymentEventOf = (orderId: string) => (record: DynamoDBRecord) => {
  const image = record.dynamodb?.NewImage;
  return (
    record.eventName === "INSERT" &&
    image?.entity?.S === "outbox" &&
    image.type?.S === "payment_confirmed" &&
    image.order_id?.S === orderId
  );
};

/** Writes a test-only item to the stack's table; its INSERT record marks a point in the stream. */
const writeMarker = async () => {
  const pk = `TEST#stream-poller#${randomUUID()}`;
  await createDocumentClient().send(
    new PutCommand({
      TableName: requireEnv("TABLE_NAME"),
      Item: { PK: pk, SK: "MARKER", entity: "test_marker" },
    }),
  );
  return (record: DynamoDBRecord) => record.eventName === "INSERT" && record.dynamodb?.Keys?.PK?.S === pk;
};

describe("local stream poller on the stack's table", () => {
  it("still delivers an event committed while the forwarder crashed on it: a restarted poller hands it on", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const paid = await paidOrder();
    const isMine = isPaymentEventOf(paid.order.id_order);
    const file = checkpointFile();

    // Poller A forwards everything before the payment event, then crashes each time it gets to it.
    const takenByA = new Set<string>();
    let crashes = 0;
    const pollerA = await start(file, async (event) => {
      if (event.Records.some(isMine)) {
        crashes += 1;
        throw new Error("crashed before forwarding");
      }
      for (const record of event.Records) takenByA.add(sequenceOf(record));
      return { batchItemFailures: [] };
    });
    await waitFor(() => crashes >= 2, "poller A reaching the payment event twice");
    await pollerA.stop();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("crashed before forwarding"));

    // Poller B, started on the same checkpoints, is handed the event and nothing A already took.
    const receivedByB: DynamoDBRecord[] = [];
    const pollerB = await start(file, async (event) => {
      receivedByB.push(...event.Records);
      return { batchItemFailures: [] };
    });
    await waitFor(() => receivedByB.some(isMine), "poller B receiving the payment event");
    await pollerB.stop();
    const delivered = receivedByB.filter(isMine);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.eventName).toBe("INSERT");
    expect(delivered[0]?.dynamodb?.NewImage?.entity?.S).toBe("outbox");
    expect(delivered[0]?.dynamodb?.NewImage?.order_id?.S).toBe(paid.order.id_order);
    expect(receivedByB.map(sequenceOf).filter((s) => takenByA.has(s))).toEqual([]);
  });

  it("hands a record reported as a batch item failure again, and a restarted poller resumes at that record", async () => {
    const paid = await paidOrder();
    const isMine = isPaymentEventOf(paid.order.id_order);
    const file = checkpointFile();

    // Poller A takes the records before the payment event in each batch and fails the event itself.
    const takenByA = new Set<string>();
    let failures = 0;
    const pollerA = await start(file, async (event) => {
      const index = event.Records.findIndex(isMine);
      const taken = index === -1 ? event.Records : event.Records.slice(0, index);
      for (const record of taken) takenByA.add(sequenceOf(record));
      if (index === -1) return { batchItemFailures: [] };
      failures += 1;
      return { batchItemFailures: [{ itemIdentifier: sequenceOf(event.Records[index] as DynamoDBRecord) }] };
    });
    await waitFor(() => failures >= 2, "poller A being handed the failed event again");
    await pollerA.stop();

    const receivedByB: DynamoDBRecord[] = [];
    const pollerB = await start(file, async (event) => {
      receivedByB.push(...event.Records);
      return { batchItemFailures: [] };
    });
    await waitFor(() => receivedByB.some(isMine), "poller B receiving the payment event");
    await pollerB.stop();
    expect(receivedByB.filter(isMine)).toHaveLength(1);
    expect(receivedByB.map(sequenceOf).filter((s) => takenByA.has(s))).toEqual([]);
  });

  it("saves its checkpoints to the file, and a new poller on that file does not hand the same records again", async () => {
    const file = checkpointFile();
    expect(existsSync(file)).toBe(false);

    const seenByFirst: DynamoDBRecord[] = [];
    const first = await start(file, async (event) => {
      seenByFirst.push(...event.Records);
      return { batchItemFailures: [] };
    });
    const isFirstMarker = await writeMarker();
    await waitFor(() => seenByFirst.some(isFirstMarker), "the first poller reaching its marker");
    await first.stop();

    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    const firstSequences = new Set(seenByFirst.map(sequenceOf));
    expect(Object.keys(saved).length).toBeGreaterThan(0);
    for (const sequence of Object.values(saved)) expect(firstSequences.has(sequence)).toBe(true);

    const seenBySecond: DynamoDBRecord[] = [];
    const second = await start(file, async (event) => {
      seenBySecond.push(...event.Records);
      return { batchItemFailures: [] };
    });
    const isSecondMarker = await writeMarker();
    await waitFor(() => seenBySecond.some(isSecondMarker), "the second poller reaching its marker");
    await second.stop();

    expect(seenBySecond.some(isFirstMarker)).toBe(false);
    expect(seenBySecond.map(sequenceOf).filter((s) => firstSequences.has(s))).toEqual([]);
  });

  it("reads a backlog batch after batch, waiting its interval only once the stream has nothing new", async () => {
    // 250 items: three batches at least.
    const run = randomUUID();
    const keys = Array.from({ length: 250 }, (_, i) => `TEST#stream-backlog#${run}#${i}`);
    for (let i = 0; i < keys.length; i += 25) {
      await createDocumentClient().send(
        new BatchWriteCommand({
          RequestItems: {
            [requireEnv("TABLE_NAME")]: keys
              .slice(i, i + 25)
              .map((PK) => ({ PutRequest: { Item: { PK, SK: "MARKER", entity: "test_marker" } } })),
          },
        }),
      );
    }
    const mine = new Set(keys);
    const seen = new Set<string>();
    // How many of the 250 the poller had handed on each time it paused.
    const seenAtPauses: number[] = [];
    const poller = await start(
      checkpointFile(),
      async (event) => {
        for (const record of event.Records) {
          const pk = record.dynamodb?.Keys?.PK?.S ?? "";
          if (mine.has(pk)) seen.add(pk);
        }
        return { batchItemFailures: [] };
      },
      {
        pause: async () => {
          seenAtPauses.push(seen.size);
          await new Promise((r) => setTimeout(r, 20));
        },
      },
    );
    await waitFor(() => seenAtPauses.length > 0, "the poller's first pause");
    await poller.stop();
    // All were written before it started: it reads them all before its first pause.
    expect(seenAtPauses[0]).toBe(250);
  });
});

describe("local stream poller's requests while the stream is idle", () => {
  /** Runs a poller over a stream with nothing new for `polls` polls and returns how often it described it. */
  const describesOver = async (polls: number, options: { describeEveryMs?: number } = {}) => {
    const send = vi.spyOn(DynamoDBStreamsClient.prototype, "send");
    let pauses = 0;
    const poller = await start(checkpointFile(), async () => ({ batchItemFailures: [] }), {
      ...options,
      pause: async () => {
        pauses += 1;
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    await waitFor(() => pauses >= polls, `${polls} idle polls`);
    await poller.stop();
    const describes = send.mock.calls.filter(([command]) => command instanceof DescribeStreamCommand).length;
    send.mockRestore();
    return describes;
  };

  it("describes the stream once while its description is fresh, not on every poll, and again once it is stale", async () => {
    expect(await describesOver(20)).toBe(1);
    expect(await describesOver(5, { describeEveryMs: 0 })).toBeGreaterThanOrEqual(5);
  });
});

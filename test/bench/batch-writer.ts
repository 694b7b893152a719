import { BatchWriteCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

type Item = Record<string, unknown>;

/** Puts items with BatchWriteItem, 25 per request and `concurrency` requests in flight. */
export interface BatchWriter {
  /** Queues one item; waits while every slot is busy, so memory stays bounded. */
  put(item: Item): Promise<void>;
  /** Writes whatever is queued and waits for every request to finish. */
  flush(): Promise<void>;
  /** Items written so far. */
  readonly written: number;
}

const BATCH = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const createBatchWriter = (
  client: DynamoDBDocumentClient,
  tableName: string,
  concurrency: number,
): BatchWriter => {
  let pending: Item[] = [];
  let written = 0;
  let failure: unknown;
  const inFlight = new Set<Promise<void>>();

  // UnprocessedItems are sent again with a growing pause until none is left.
  const send = async (items: Item[]) => {
    let rest = items.map((item) => ({ PutRequest: { Item: item } }));
    for (let attempt = 0; rest.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 20 * 2 ** attempt));
      if (attempt > 20) throw new Error(`BatchWriteItem left ${rest.length} items unprocessed 20 times`);
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: rest } }));
      const unprocessed = result.UnprocessedItems?.[tableName] ?? [];
      written += rest.length - unprocessed.length;
      rest = unprocessed.flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
      );
    }
  };

  const launch = async (items: Item[]) => {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failure) throw failure;
    const request = send(items)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  return {
    async put(item) {
      pending.push(item);
      if (pending.length < BATCH) return;
      const batch = pending;
      pending = [];
      await launch(batch);
    },
    async flush() {
      if (pending.length > 0) {
        const batch = pending;
        pending = [];
        await launch(batch);
      }
      await Promise.all(inFlight);
      if (failure) throw failure;
    },
    get written() {
      return written;
    },
  };
};

import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { WAIT_GUARD_MS } from "./hang-guard.js";

/**
 * Points every seller and product that names `url` at no receiver, before the receiver goes: their
 * webhooks still queued then end as "no target" instead of failing into the dead-letter queue with an
 * error-level log long after the test that made them passed. The test table is small; a Scan is fine here.
 */
const retireTarget = async (url: string) => {
  const tableName = process.env.TABLE_NAME;
  if (!tableName) return;
  const client = createDocumentClient();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: "api_url = :url",
        ExpressionAttributeValues: { ":url": url },
        ProjectionExpression: "PK, SK",
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: "SET api_url = :none",
          ConditionExpression: "api_url = :url",
          ExpressionAttributeValues: { ":none": "", ":url": url },
        }),
      );
    }
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
};

/** One webhook call as a receiver saw it. */
export interface ReceivedCall {
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

/** A real HTTP receiver on 127.0.0.1 whose answers a test scripts, call by call. */
export const startReceiver = async (
  answer: (call: ReceivedCall, index: number) => Promise<number> | number,
) => {
  const calls: ReceivedCall[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const call = { headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> };
    calls.push(call);
    const status = await answer(call, calls.length - 1);
    res.writeHead(status).end(status < 300 ? "ok" : "no");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    calls,
    /** Stops the receiver, first pointing whoever named it at no receiver (see retireTarget). */
    close: async () => {
      await retireTarget(url);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** Waits until a condition holds, polling; fails with a message after the timeout. */
export const eventually = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = WAIT_GUARD_MS,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

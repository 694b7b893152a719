import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { keys } from "../../shared/data/table-keys.js";
import { WAIT_GUARD_MS } from "./hang-guard.js";

/** Who names a receiver as its webhook target: a seller (its profile's api_url) or a product. */
export type TargetOwner = { readonly seller: number } | { readonly product: string };

/** A receiver as whoever points an owner at it sees it: its URL, and where to record that owner. */
export interface WebhookTarget {
  readonly url: string;
  namedBy(...owners: TargetOwner[]): void;
}

/**
 * Points the owners that still name `url` at no receiver, before the receiver goes: their webhooks still
 * queued then end as "no target" instead of failing into the dead-letter queue with an error-level log
 * long after the test that made them passed. One conditional update per owner: a Scan of the table for
 * `url` read some 30,000 items per receiver late in a run, over a minute of DynamoDB Local's time a run.
 */
const retireTarget = async (url: string, owners: readonly TargetOwner[]) => {
  const tableName = process.env.TABLE_NAME;
  if (!tableName || owners.length === 0) return;
  const client = createDocumentClient();
  try {
    await Promise.all(
      owners.map(async (owner) => {
        try {
          await client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: "seller" in owner ? keys.account(owner.seller) : keys.product(owner.product),
              UpdateExpression: "SET api_url = :none",
              ConditionExpression: "api_url = :url",
              ExpressionAttributeValues: { ":none": "", ":url": url },
            }),
          );
        } catch (error) {
          // It names another target by now, or is gone: nothing of it is queued for this receiver.
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }),
    );
  } finally {
    client.destroy();
  }
};

/** One webhook call as a receiver saw it. */
export interface ReceivedCall {
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
  /** The body's exact bytes, as a signature covers them. */
  readonly raw: string;
}

/** A real HTTP receiver on 127.0.0.1 whose answers a test scripts, call by call. */
export const startReceiver = async (
  answer: (call: ReceivedCall, index: number) => Promise<number> | number,
) => {
  const calls: ReceivedCall[] = [];
  /** The bodies of requests that came whole but were not JSON: refused with a 400, not counted as calls. */
  const refused: string[] = [];
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    try {
      for await (const chunk of req) raw += chunk;
    } catch {
      // The sender gave up mid-request (its deadline, on a loaded machine): no call arrived, it retries.
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      refused.push(raw);
      res.writeHead(400).end("no");
      return;
    }
    const call = { headers: req.headers, body, raw };
    calls.push(call);
    const status = await answer(call, calls.length - 1);
    res.writeHead(status).end(status < 300 ? "ok" : "no");
  };
  // A scripted answer that throws still surfaces as the run's unhandled error, as before.
  const server: Server = createServer((req, res) => void receive(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const owners: TargetOwner[] = [];
  return {
    url,
    calls,
    refused,
    /** Records who was just given `url` as its api_url, so `close` points them elsewhere first. */
    namedBy: (...named: TargetOwner[]) => {
      owners.push(...named);
    },
    /** Stops the receiver, first pointing whoever named it at no receiver (see retireTarget). */
    close: async () => {
      await retireTarget(url, owners);
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

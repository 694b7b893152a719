import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Waits until a condition holds, polling; fails with a message after the timeout. */
export const eventually = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
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

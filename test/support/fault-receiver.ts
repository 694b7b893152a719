import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How a faulty webhook receiver answers one call. */
export type ReceiverAnswer =
  /** A plain answer with this status. */
  | { readonly kind: "status"; readonly status: number }
  /** This status, but only after `delayMs` (past the sender's timeout, it is never seen). */
  | { readonly kind: "slow"; readonly delayMs: number; readonly status: number }
  /** A 200 status line and half the promised body, then the connection is dropped. */
  | { readonly kind: "close_mid_answer" }
  /** A redirect to another URL, which a webhook sender must not follow. */
  | { readonly kind: "redirect"; readonly status: number; readonly location: string };

/** One call as the receiver saw it. */
export interface FaultReceiverCall {
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const respond = async (res: ServerResponse, answer: ReceiverAnswer) => {
  switch (answer.kind) {
    case "status":
      res.writeHead(answer.status).end(answer.status < 300 ? "ok" : "no");
      return;
    case "slow":
      await new Promise((r) => setTimeout(r, answer.delayMs));
      // The sender gave up and closed the connection long ago; there is no one to answer.
      if (!res.socket?.destroyed) res.writeHead(answer.status).end("late");
      return;
    case "close_mid_answer":
      res.writeHead(200, { "content-type": "text/plain", "content-length": "100" });
      res.write("x".repeat(50));
      // Let the status line and the first half leave before the connection dies.
      await new Promise((r) => setTimeout(r, 50));
      res.socket?.destroy();
      return;
    case "redirect":
      res.writeHead(answer.status, { location: answer.location }).end();
      return;
  }
};

/**
 * A real HTTP receiver on 127.0.0.1 whose answers a test scripts call by call, including the faults a
 * seller's server can have: slowness, errors, a connection dropped mid-answer, redirects.
 */
export const startFaultReceiver = async (answer: (index: number) => ReceiverAnswer) => {
  const calls: FaultReceiverCall[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const index = calls.length;
    calls.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    await respond(res, answer(index));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

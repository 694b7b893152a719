import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake service received. */
export interface FakeRequest {
  readonly method: string;
  /** Path and query, e.g. `/api/v2/search?q=key`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** The fake's scripted answer: a status, a JSON body (or raw text) and headers. */
export interface FakeAnswer {
  readonly status: number;
  readonly json?: unknown;
  readonly text?: string;
  readonly headers?: Record<string, string>;
}

/**
 * A scripted stand-in for the service on 127.0.0.1: every request is recorded and answered by `answer`,
 * so a test sees exactly which exchanges and calls a client makes and what it does with each answer.
 */
export const startFakeService = async (answer: (request: FakeRequest) => FakeAnswer) => {
  const requests: FakeRequest[] = [];
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
    requests.push(request);
    const reply = answer(request);
    const text = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Requests to one path (query excluded). */
    to: (path: string) => requests.filter((r) => r.url.split("?")[0] === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The token exchange's answer in a version's envelope. */
export const tokenAnswer = (version: "v1" | "v2", token: string, expiresIn = 3600): FakeAnswer => ({
  status: 200,
  json:
    version === "v1"
      ? { status: "success", data: { access_token: token, expires_in: expiresIn } }
      : { ok: true, data: { access_token: token, token_type: "Bearer", expires_in: expiresIn }, meta: {} },
});

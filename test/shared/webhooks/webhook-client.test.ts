import type * as Http from "node:http";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type * as Https from "node:https";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { postWebhook } from "../../../shared/webhooks/webhook-client.js";

// A safety net under the client: every outgoing request is recorded, and one to anything but loopback
// throws before a socket exists, so even a broken guard cannot make this file reach another address.
const outgoing = vi.hoisted(() => {
  const hosts: string[] = [];
  const loopbackOnly = <T extends (options: Http.RequestOptions, ...rest: never[]) => unknown>(
    request: T,
  ): T =>
    ((options: Http.RequestOptions, ...rest: never[]) => {
      const host = String(options.host ?? options.hostname ?? "");
      hosts.push(host);
      if (host !== "127.0.0.1" && host !== "::1")
        throw new Error(`test safety: refused to connect to ${host}`);
      return request(options, ...rest);
    }) as T;
  return { hosts, loopbackOnly };
});
vi.mock("node:http", async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  const request = outgoing.loopbackOnly(actual.request);
  return { ...actual, default: { ...actual, request }, request };
});
vi.mock("node:https", async (importOriginal) => {
  const actual = await importOriginal<typeof Https>();
  const request = outgoing.loopbackOnly(actual.request);
  return { ...actual, default: { ...actual, request }, request };
});

interface SeenRequest {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const servers: { close: () => Promise<void> }[] = [];
beforeEach(() => {
  outgoing.hosts.length = 0;
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A real HTTP server on 127.0.0.1 that records what reaches it and answers through `answer`. */
const startServer = async (answer: (res: ServerResponse) => void) => {
  const requests: SeenRequest[] = [];
  let connections = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    answer(res);
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const handle = {
    port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
};

describe("postWebhook", () => {
  it("delivers the exact body as application/json with the given headers and the URL's host:port as Host", async () => {
    const server = await startServer((res) => res.writeHead(200).end("ok"));
    const body = JSON.stringify({ id_order: "123", note: "ключ ✓ <&>" });
    const result = await postWebhook(
      `http://127.0.0.1:${server.port}/hooks/pay?source=market`,
      body,
      { "x-webhook-id": "evt-1", "user-agent": "Marketplace-Webhooks/1.0" },
      { allowLoopback: true },
    );
    expect(result).toEqual({ status: 200 });
    expect(server.requests).toHaveLength(1);
    const [seen] = server.requests;
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("/hooks/pay?source=market");
    expect(seen?.body).toBe(body);
    expect(seen?.headers["content-type"]).toBe("application/json");
    expect(seen?.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(seen?.headers["x-webhook-id"]).toBe("evt-1");
    expect(seen?.headers["user-agent"]).toBe("Marketplace-Webhooks/1.0");
    expect(seen?.headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(outgoing.hosts).toEqual(["127.0.0.1"]);
  });

  it.each([200, 204, 404, 500])("reports the receiver's HTTP status %i as {status}", async (status) => {
    const server = await startServer((res) => res.writeHead(status).end(status === 204 ? undefined : "x"));
    expect(
      await postWebhook(`http://127.0.0.1:${server.port}/hook`, "{}", {}, { allowLoopback: true }),
    ).toEqual({
      status,
    });
    expect(server.requests).toHaveLength(1);
  });

  it("gives up on a receiver that never answers within timeoutMs and reports Timed out", async () => {
    const server = await startServer(() => {
      // Never answers.
    });
    const result = await postWebhook(
      `http://127.0.0.1:${server.port}/hook`,
      "{}",
      {},
      {
        allowLoopback: true,
        timeoutMs: 300,
      },
    );
    expect(result).toEqual({ error: "Timed out after 300 ms" });
    expect(server.requests).toHaveLength(1);
  });

  it("gives up within timeoutMs on a receiver that answers 200 and then trickles its body forever", async () => {
    const server = await startServer((res) => {
      res.writeHead(200, { "content-length": "100000" });
      const drip = setInterval(() => res.write("x"), 50);
      res.on("close", () => clearInterval(drip));
    });
    const posting = postWebhook(
      `http://127.0.0.1:${server.port}/hook`,
      "{}",
      {},
      {
        allowLoopback: true,
        timeoutMs: 300,
      },
    );
    // A generous bound far past timeoutMs, so a call that never ends fails here instead of hanging.
    const stillPending = new Promise<{ error: string }>((resolve) =>
      setTimeout(() => resolve({ error: "still pending after 5000 ms" }), 5000),
    );
    expect(await Promise.race([posting, stillPending])).toEqual({ error: "Timed out after 300 ms" });
  });

  it("refuses a loopback receiver outside local mode before connecting: the server sees nothing", async () => {
    const server = await startServer((res) => res.writeHead(200).end("ok"));
    const result = await postWebhook(
      `http://127.0.0.1:${server.port}/hook`,
      "{}",
      {},
      { allowLoopback: false },
    );
    expect(result).toEqual({ error: "Refused target address 127.0.0.1 for 127.0.0.1" });
    expect("error" in result && result.error.startsWith("Refused")).toBe(true);
    // Let any stray connection arrive before counting.
    await new Promise((r) => setTimeout(r, 100));
    expect(server.connections()).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(outgoing.hosts).toEqual([]);
  });

  it.each([
    ["http://10.0.0.1/x", "10.0.0.1"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["https://[fd00:ec2::254]/", "fd00:ec2::254"],
    ["http://192.168.1.1:8080/hook", "192.168.1.1"],
  ])("refuses %s even in local mode without opening any socket", async (target, address) => {
    expect(await postWebhook(target, "{}", {}, { allowLoopback: true })).toEqual({
      error: `Refused target address ${address} for ${address}`,
    });
    expect(outgoing.hosts).toEqual([]);
  });

  it.each(["not a url", "", "/relative/hook"])(
    "answers %j, which is not a URL, with Invalid webhook URL",
    async (target) => {
      expect(await postWebhook(target, "{}", {}, { allowLoopback: true })).toEqual({
        error: "Invalid webhook URL",
      });
      expect(outgoing.hosts).toEqual([]);
    },
  );

  it("refuses a non-http(s) URL without a request", async () => {
    expect(await postWebhook("ftp://127.0.0.1/hook", "{}", {}, { allowLoopback: true })).toEqual({
      error: "Only http(s) targets",
    });
    expect(outgoing.hosts).toEqual([]);
  });

  it("reports a receiver that drops the connection without answering as an error instead of throwing", async () => {
    const server = await startServer((res) => res.socket?.destroy());
    const result = await postWebhook(
      `http://127.0.0.1:${server.port}/hook`,
      "{}",
      {},
      { allowLoopback: true },
    );
    expect(result).toEqual({ error: "socket hang up" });
  });

  it("reports a closed port as an error instead of throwing", async () => {
    const server = await startServer((res) => res.end());
    await server.close();
    const result = await postWebhook(
      `http://127.0.0.1:${server.port}/hook`,
      "{}",
      {},
      { allowLoopback: true },
    );
    expect(result).toEqual({ error: `connect ECONNREFUSED 127.0.0.1:${server.port}` });
  });
});

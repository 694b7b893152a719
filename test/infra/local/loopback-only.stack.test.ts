import { createConnection } from "node:net";
import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { listeningAddresses } from "../../support/listening-sockets.js";
import { workerStack } from "../../support/worker-stack.js";

/**
 * Every address of this machine other than loopback, IPv4 and IPv6 (link-local ones with their
 * interface): what another machine on the developer's network would connect to.
 */
const outsideAddresses = (): string[] =>
  Object.entries(networkInterfaces()).flatMap(([name, addresses]) =>
    (addresses ?? [])
      .filter((a) => !a.internal)
      .map((a) =>
        a.family === "IPv6" && a.address.startsWith("fe80:") ? `${a.address}%${name}` : a.address,
      ),
  );

/** What a TCP connection to host:port comes to: "connected", or the error code ("ECONNREFUSED"). */
const connectTo = (host: string, port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

const ports = workerStack().opsEnv;
const services = [
  ["DynamoDB Local", Number(ports.DYNAMODB_LOCAL_PORT)],
  ["fauxqs (SQS and S3)", Number(ports.FAUXQS_PORT)],
  ["the gateway", Number(ports.PORT)],
] as const;

describe("the local stack listens on 127.0.0.1 only", () => {
  it.each(services)(
    "%s listens on 127.0.0.1 alone, answers there, and refuses a connection to every other address of this machine",
    async (_name, port) => {
      // Read from the kernel's socket table, so it holds whatever interfaces this machine has.
      expect(listeningAddresses(port)).toEqual(["127.0.0.1"]);
      expect(await connectTo("127.0.0.1", port)).toBe("connected");
      const outside = outsideAddresses();
      const outcomes = await Promise.all(
        outside.map(async (address) => [address, await connectTo(address, port)]),
      );
      expect(outcomes).toEqual(outside.map((address) => [address, "ECONNREFUSED"]));
    },
  );
});

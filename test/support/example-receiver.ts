import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { freePort } from "./free-port.js";

const RECEIVER = "examples/webhook-receiver.ts";

/** The README's receiver block: the code between the fence after "A complete receiver" and its end. */
export const readmeReceiverBlock = (): string => {
  const readme = readFileSync("README.md", "utf8");
  const intro = readme.indexOf("A complete receiver");
  const start = readme.indexOf("```ts\n", intro) + "```ts\n".length;
  return readme.slice(start, readme.indexOf("```\n", start));
};

/** The example file from its first import: what the README shows. */
export const receiverFileCode = (): string => {
  const file = readFileSync(RECEIVER, "utf8");
  return file.slice(file.indexOf("import { createHash"));
};

/** The spec's webhook signature of an order under a seller's API key. */
export const hookSignature = (apiKey: string, orderId: string): string => {
  const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");
  return sha1(sha1(apiKey) + orderId);
};

/** True once something accepts connections on 127.0.0.1:port. */
const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));

/**
 * Runs the README's receiver as the README does (`node --import tsx`), against `baseUrl`, on a free
 * port. Resolves once it listens; if it exits first, rejects with its output. `stop` ends it and waits
 * for it to be gone; a failed start leaves nothing running.
 */
export const startExampleReceiver = async (env: {
  API_KEY: string;
  BASE_URL: string;
  WEBHOOK_SECRET?: string;
}) => {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", RECEIVER], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
  };
  try {
    // No deadline of its own: the test's timeout bounds a start that never comes.
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `the receiver exited before listening (${child.exitCode ?? child.signalCode}): ${output}`,
        );
      if (await accepts(port)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}/hook`, pid: child.pid, stop, output: () => output };
};

/** The spec's payment webhook body for `orderId`, signed the spec's way under `apiKey`. */
export const hookBody = (apiKey: string, hook: { id_order: string; delivery_url: string }): string =>
  JSON.stringify({
    id_order: hook.id_order,
    id_product: "p-1",
    payment_status: "paid",
    signature: hookSignature(apiKey, hook.id_order),
    delivery_url: hook.delivery_url,
    token: hook.delivery_url.split("/").pop(),
  });

/** POSTs `body` to the receiver with `headers` besides the JSON content type; answers its status and text. */
export const sendRaw = async (
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
  return { status: response.status, text: await response.text() };
};

/** Sends the receiver one signed webhook for `orderId` (the spec's signature only); answers its status and text. */
export const sendHook = (url: string, apiKey: string, hook: { id_order: string; delivery_url: string }) =>
  sendRaw(url, hookBody(apiKey, hook));

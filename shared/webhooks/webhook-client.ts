import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { resolveTarget } from "./ssrf-guard.js";

/** How a webhook call ended. */
export type WebhookCallResult = { readonly status: number } | { readonly error: string };

/** Webhook calls time out after five seconds. */
export const WEBHOOK_TIMEOUT_MS = 5000;

/**
 * POSTs JSON to a seller's URL through the SSRF guard, connecting only to the address the guard vetted
 * (the Host header and TLS name stay the URL's). Never throws for the target's failures: it reports them.
 */
export const postWebhook = async (
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowLoopback: boolean; timeoutMs?: number },
): Promise<WebhookCallResult> => {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { error: "Invalid webhook URL" };
  }
  let resolved: { address: string; family: 4 | 6 };
  try {
    resolved = await resolveTarget(url, options.allowLoopback);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: WebhookCallResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const req = send(
      {
        method: "POST",
        host: resolved.address,
        family: resolved.family,
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        // TLS names must be host names; an IP literal target gets no SNI.
        ...(isIP(url.hostname) ? {} : { servername: url.hostname }),
        headers: {
          ...headers,
          host: url.host,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        // The body is not needed; draining it frees the socket.
        response.resume();
        response.on("end", () => finish({ status: response.statusCode ?? 0 }));
        response.on("error", (error) => finish({ error: error.message }));
      },
    );
    // One deadline for the whole call: a socket timeout alone never fires on a receiver that trickles.
    const deadline = setTimeout(() => {
      finish({ error: `Timed out after ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on("error", (error) => finish({ error: error.message }));
    req.end(body);
  });
};

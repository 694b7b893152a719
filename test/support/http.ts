import { checkDocumentedResponse } from "./documented-responses.js";
import { scanResponse } from "./leak-scan.js";
import { workerStack } from "./worker-stack.js";

/** A response read whole: status, headers and the parsed JSON body. */
export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

/**
 * Sends a request to the local gateway under test and parses its JSON body. Every response is scanned
 * for the secrets test support registered (leak-scan.ts), and every answer of a v1 or v2 route is
 * checked against its OpenAPI document (documented-responses.ts): a leak, an undocumented status or a
 * body its schema does not allow throws, failing the test that asked.
 */
export const request = async (
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<JsonResponse> => {
  const response = await fetch(`${workerStack().gatewayUrl}${path}`, {
    method,
    headers: options.headers,
    body: options.body,
  });
  const text = await response.text();
  scanResponse({ method, path, requestHeaders: options.headers, responseHeaders: response.headers, text });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  checkDocumentedResponse({ method, path, status: response.status, body });
  return { status: response.status, headers: response.headers, body, text };
};

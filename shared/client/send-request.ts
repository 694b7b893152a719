import { MarketplaceClientError } from "./client-error.js";

/** An answer below 500, read whole: what the client turns into a value. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly requestId: string | undefined;
  /** The body parsed as JSON; undefined when it was not JSON. */
  readonly body: unknown;
  readonly text: string;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The message either envelope carries, if the body is one. */
const messageOf = (body: unknown): string | undefined =>
  typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string"
    ? (body as { message: string }).message
    : undefined;

/**
 * Sends one request and reads its answer. Throws MarketplaceClientError when no answer arrives
 * (network failure) or the service failed (5xx), naming the route, the status and the request id;
 * every other answer is returned for the caller to read.
 */
export const sendRequest = async (
  fetchFn: typeof fetch,
  label: string,
  url: string,
  init: RequestInit,
): Promise<RawAnswer> => {
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, init);
    text = await response.text();
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new MarketplaceClientError(`${label}: no answer from ${new URL(url).origin} (${reason})`, {
      cause,
    });
  }
  const body = parseJson(text);
  const requestId = response.headers.get("x-request-id") ?? undefined;
  if (response.status >= 500) {
    const detail = messageOf(body) ?? (text.slice(0, 200) || response.statusText);
    const id = requestId === undefined ? "" : ` (request id ${requestId})`;
    throw new MarketplaceClientError(`${label} answered ${response.status}${id}: ${detail}`, {
      status: response.status,
      requestId,
      body,
    });
  }
  return { status: response.status, headers: response.headers, requestId, body, text };
};

import { request } from "../support/http.js";

/** One request the client sent through the gateway, as `METHOD /path?query`. */
export type SentRequest = string;

/**
 * A fetch for the client under test that sends every request through test support's `request`, so
 * the client's answers get the same leak scan and OpenAPI response check as the rest of the
 * end-to-end suite; `sent` records each request, so a test can count the token exchanges.
 */
export const gatewayFetch = () => {
  const sent: SentRequest[] = [];
  const fetchThroughSupport: typeof fetch = async (input, init) => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    const headers: Record<string, string> = {};
    outgoing.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // A multipart form is encoded by Request itself (boundary in the content type), then sent as bytes.
    const bytes = outgoing.body === null ? undefined : new Uint8Array(await outgoing.arrayBuffer());
    sent.push(`${outgoing.method} ${url.pathname}${url.search}`);
    const answer = await request(outgoing.method, `${url.pathname}${url.search}`, {
      headers,
      ...(bytes === undefined ? {} : { body: bytes }),
    });
    return new Response(answer.text, { status: answer.status, headers: answer.headers });
  };
  return { fetch: fetchThroughSupport, sent };
};

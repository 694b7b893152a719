/** HTTP calls of the benches to the local gateway (the test helpers read the gateway from vitest instead). */

export interface BenchRequest {
  readonly method: "GET" | "POST" | "DELETE";
  readonly path: string;
  readonly token?: string;
  readonly apiKey?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** The headers a request sends: bearer token or API key, JSON body, extras. */
export const headersOf = (request: BenchRequest): Record<string, string> => ({
  ...(request.token === undefined ? {} : { Authorization: `Bearer ${request.token}` }),
  ...(request.apiKey === undefined ? {} : { "X-API-KEY": request.apiKey }),
  ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
  ...request.headers,
});

/** Sends a request and reads its JSON answer. */
export const send = async (
  baseUrl: string,
  request: BenchRequest,
): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: headersOf(request),
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body };
};

/** Exchanges an API key for an access token of one API version. */
export const tokenOf = async (baseUrl: string, apiKey: string, version: "v1" | "v2"): Promise<string> => {
  const answer = await send(baseUrl, { method: "POST", path: `/api/${version}/auth/api-key/create`, apiKey });
  const token = (answer.body.data as { access_token?: string } | undefined)?.access_token;
  if (answer.status !== 200 || !token) throw new Error(`token exchange failed: ${answer.status}`);
  return token;
};

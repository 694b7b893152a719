import { checkDocumentedResponse } from "../../support/documented-responses.js";

/** An answer of the artifact stack's gateway, read whole. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body; undefined when the body is not JSON. */
  readonly body: unknown;
  readonly text: string;
}

/** What a request carries besides its method and path. */
export interface RequestOptions {
  /** Sent as `Authorization: Bearer …`. */
  readonly token?: string;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent as multipart/form-data. */
  readonly form?: FormData;
  readonly headers?: Record<string, string>;
  /** Sent as it is (with `headers` saying what it is). */
  readonly body?: string;
}

/**
 * Requests to the artifact stack's gateway (the bundles behind it). Every answer of a v1 or v2 route is
 * checked against the committed OpenAPI documents, as every end-to-end answer of the suite is: a bundle
 * that answers what the sources would not document fails the request.
 */
export const artifactClient = (baseUrl: string) => ({
  async send(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined = options.body;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    checkDocumentedResponse({ method, path, status: response.status, body: parsed });
    return { status: response.status, headers: response.headers, body: parsed, text };
  },
});

import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { DomainError, ErrorKind } from "../errors/domain-error.js";

/** Which envelope a response is wrapped in. */
export type EnvelopeKind = "v1" | "v2";

const common = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  rate_limited: 429,
  dependency_failed: 500,
  internal: 500,
  not_implemented: 501,
} as const satisfies Partial<Record<ErrorKind, number>>;

/** The HTTP status of each error kind, per API version: only schema failures differ (v1 400, v2 422). */
const statusByVersion: Record<EnvelopeKind, Record<ErrorKind, number>> = {
  v1: { ...common, invalid_input: 400 },
  v2: { ...common, invalid_input: 422 },
};

/** The status an error of this kind answers with in this API version. */
export const statusOf = (version: EnvelopeKind, kind: ErrorKind): number => statusByVersion[version][kind];

/** What a route action returns: the payload and, for v2 lists, pagination meta. */
export interface RouteResult {
  readonly status?: number;
  readonly data: unknown;
  readonly meta?: Record<string, unknown>;
  /** Extra response headers, e.g. `Idempotent-Replayed`. */
  readonly headers?: Record<string, string>;
}

/** Wraps a success payload in the version's envelope. */
export const successBody = (kind: EnvelopeKind, result: RouteResult): unknown =>
  kind === "v1"
    ? { status: "success", data: result.data }
    : { ok: true, data: result.data, meta: result.meta ?? {} };

/** Wraps an error in the version's envelope; v1 carries only the message. */
export const errorBody = (kind: EnvelopeKind, error: DomainError): unknown =>
  kind === "v1"
    ? { status: "error", message: error.message }
    : {
        ok: false,
        code: error.code,
        message: error.message,
        http_status: statusOf(kind, error.kind),
        error: error.details ? { code: error.code, details: error.details } : { code: error.code },
      };

/** A JSON API Gateway response with the request id echoed for support and the security headers every answer carries. */
export const jsonResponse = (
  status: number,
  body: unknown,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: {
    ...extraHeaders,
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    // An answer is never sniffed as HTML, and clients keep to HTTPS for a year once they have seen one.
    "x-content-type-options": "nosniff",
    "strict-transport-security": "max-age=31536000; includeSubDomains",
    "x-request-id": requestId,
  },
  body: JSON.stringify(body),
});

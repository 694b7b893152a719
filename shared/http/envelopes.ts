import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { DomainError } from "../errors/domain-error.js";
import { statusOf } from "./error-status.js";

/** Which envelope a response is wrapped in. */
export type EnvelopeKind = "v1" | "v2";

/** What a route action returns: the payload and, for v2 lists, pagination meta. */
export interface RouteResult {
  readonly status?: number;
  readonly data: unknown;
  readonly meta?: Record<string, unknown>;
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

/** A JSON API Gateway response with the request id echoed for support. */
export const jsonResponse = (
  status: number,
  body: unknown,
  requestId: string,
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId,
  },
  body: JSON.stringify(body),
});

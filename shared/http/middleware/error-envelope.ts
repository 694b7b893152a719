import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { DomainError } from "../../errors/domain-error.js";
import { refuse, worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import type { ApiContext } from "../api-request.js";
import { type EnvelopeKind, errorBody, jsonResponse, statusOf } from "../envelopes.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const internalError = (requestId: string) =>
  refuse(worded(refusals.internalError, { requestId }), { details: { request_id: requestId } });

/** Maps every thrown error to the version's envelope; unexpected ones are logged and become a generic 500. */
export const errorEnvelope = (kind: EnvelopeKind): Middleware => ({
  name: "error-envelope",
  onError: (request) => {
    const requestId = request.context.api?.requestId ?? request.context.awsRequestId ?? "unknown";
    const error = request.error;
    let domainError: DomainError;
    if (error instanceof DomainError) {
      domainError = error;
    } else {
      // The stack goes to the log, keyed by request id, and never into the response.
      console.error(
        JSON.stringify({
          level: "error",
          message: "Unhandled error",
          request_id: requestId,
          route: request.event.routeKey,
          error:
            error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
        }),
      );
      domainError = internalError(requestId);
    }
    request.response = jsonResponse(
      statusOf(kind, domainError.kind),
      errorBody(kind, domainError),
      requestId,
      domainError.retryAfterSeconds === undefined
        ? {}
        : { "retry-after": String(domainError.retryAfterSeconds) },
    );
  },
});

import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { DomainError } from "../../errors/domain-error.js";
import { refuse, worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { logger } from "../../observability/logger.js";
import { powertoolsMetricsSink } from "../../observability/powertools-metrics.js";
import type { ApiContext } from "../api-request.js";
import { type EnvelopeKind, errorBody, jsonResponse, statusOf } from "../envelopes.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const internalError = (requestId: string) =>
  refuse(worded(refusals.internalError, { requestId }), { details: { request_id: requestId } });

/**
 * Maps every thrown error to the version's envelope: a refusal is counted by its code (Refusals); an
 * unexpected error is logged and becomes a generic 500.
 */
export const errorEnvelope = (kind: EnvelopeKind): Middleware => ({
  name: "error-envelope",
  onError: (request) => {
    const requestId = request.context.api?.requestId ?? request.context.awsRequestId ?? "unknown";
    const error = request.error;
    let domainError: DomainError;
    if (error instanceof DomainError) {
      domainError = error;
      powertoolsMetricsSink.refused(error.code);
    } else {
      // The stack goes to the log, keyed by request id, and never into the response.
      logger().error("Unhandled error", {
        request_id: requestId,
        route: request.event.routeKey,
        error: error instanceof Error ? error : String(error),
      });
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

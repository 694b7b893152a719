import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { ApiContext } from "../api-request.js";
import { AppError } from "../app-error.js";
import { type EnvelopeKind, errorBody, jsonResponse } from "../envelopes.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const internalError = (requestId: string) =>
  new AppError(500, "internal_error", `Internal server error (request id ${requestId})`, {
    request_id: requestId,
  });

/** Maps every thrown error to the version's envelope; unexpected ones are logged and become a generic 500. */
export const errorEnvelope = (kind: EnvelopeKind): Middleware => ({
  name: "error-envelope",
  onError: (request) => {
    const requestId = request.context.api?.requestId ?? request.context.awsRequestId ?? "unknown";
    const error = request.error;
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
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
      appError = internalError(requestId);
    }
    request.response = jsonResponse(appError.status, errorBody(kind, appError), requestId);
  },
});

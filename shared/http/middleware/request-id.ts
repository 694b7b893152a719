import { randomUUID } from "node:crypto";
import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { logger } from "../../observability/logger.js";
import type { ApiContext } from "../api-request.js";
import type { EnvelopeKind } from "../envelopes.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

/** First in the chain after `observed`: fixes the request id (API Gateway's, else Lambda's), starts the request state. */
export const requestId = (kind: EnvelopeKind): Middleware => ({
  name: "request-id",
  before: ({ event, context }) => {
    const id = event.requestContext?.requestId || context.awsRequestId || randomUUID();
    context.api = { kind, requestId: id, body: undefined, rawBody: undefined, principal: undefined };
    // Every line this request logs carries the id its answer's X-Request-Id and a 500's message name.
    logger().setCorrelationId(id);
  },
});

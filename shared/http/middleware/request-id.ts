import { randomUUID } from "node:crypto";
import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { ApiContext } from "../api-request.js";
import type { EnvelopeKind } from "../envelopes.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

/** First in the chain: fixes the request id (API Gateway's, else Lambda's) and starts the request state. */
export const requestId = (kind: EnvelopeKind): Middleware => ({
  name: "request-id",
  before: ({ event, context }) => {
    context.api = {
      kind,
      requestId: event.requestContext?.requestId || context.awsRequestId || randomUUID(),
      body: undefined,
      rawBody: undefined,
      principal: undefined,
    };
  },
});

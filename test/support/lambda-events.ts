import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { HANG_GUARD_MS } from "./hang-guard.js";

// API Gateway v2 events and Lambda contexts for calling a group handler in-process, as AWS would.

let requestCounter = 0;

/** What a test sets on an event; everything else is what API Gateway sends. */
export interface EventOptions {
  readonly routeKey: string;
  readonly token?: string;
  readonly body?: string;
  readonly contentType?: string;
  readonly requestId?: string;
  /** The body is base64 of raw bytes, as API Gateway passes binary bodies. */
  readonly isBase64Encoded?: boolean;
}

/** An API Gateway HTTP API (payload 2.0) event for one route key. */
export const buildEvent = (options: EventOptions): APIGatewayProxyEventV2 => {
  const [method = "GET", path = "/"] = options.routeKey.split(" ");
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType !== undefined) headers["content-type"] = options.contentType;
  requestCounter += 1;
  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey: options.routeKey,
    rawPath: path,
    rawQueryString: "",
    headers,
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: "api.example.test",
      domainPrefix: "api",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "vitest" },
      requestId: options.requestId ?? `req-${requestCounter}`,
      routeKey: options.routeKey,
      stage: "$default",
      time: "01/Jan/2025:00:00:00 +0000",
      timeEpoch: 1735689600000,
    },
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
  if (options.body !== undefined) event.body = options.body;
  return event;
};

/**
 * A Lambda context with a fixed request id and the hang guard's time left: middy races every handler
 * against the time left, and a handler called in a test, waiting on DynamoDB Local on a loaded machine,
 * must not meet a deadline the machine sets (see hang-guard.ts).
 */
export const buildContext = (): Context => ({
  callbackWaitsForEmptyEventLoop: true,
  functionName: "marketplace-test",
  functionVersion: "$LATEST",
  invokedFunctionArn: "arn:aws:lambda:eu-central-1:123456789012:function:marketplace-test",
  memoryLimitInMB: "256",
  awsRequestId: "lambda-request-id",
  logGroupName: "/aws/lambda/marketplace-test",
  logStreamName: "stream",
  getRemainingTimeInMillis: () => HANG_GUARD_MS,
  done: () => {},
  fail: () => {},
  succeed: () => {},
});

/** The JSON body of a handler's answer. */
export const parseBody = (response: APIGatewayProxyStructuredResultV2): unknown =>
  JSON.parse(response.body ?? "");

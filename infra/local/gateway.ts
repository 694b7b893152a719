import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import type { ApiHandler } from "../../shared/http/group-handler.js";
import type { EndpointGroup } from "../../shared/http/routes.js";
import { dashboardFile } from "./dashboard-files.js";
import { invokedBy } from "./function-scope.js";
import { matchRoute } from "./route-matcher.js";

/** API Gateway HTTP API's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

// HTTP APIs pass these bodies as text; everything else arrives base64-encoded, as in AWS.
const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|[^;]*\+(json|xml))/i;

const readBody = (request: IncomingMessage): Promise<Buffer | "too-large"> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("end", () => resolve(size > MAX_BODY_BYTES ? "too-large" : Buffer.concat(chunks)));
    request.on("error", reject);
  });

const joinHeaders = (request: IncomingMessage): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === "cookie") continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  return headers;
};

/**
 * The query parameters as API Gateway passes them (repeated names joined with commas). Built in a Map,
 * so `__proto__` or `constructor` are parameters like any other rather than the object's prototype.
 */
const queryParameters = (params: URLSearchParams): Record<string, string> | undefined => {
  const joined = new Map<string, string>();
  for (const [name, value] of params) {
    const previous = joined.get(name);
    joined.set(name, previous === undefined ? value : `${previous},${value}`);
  }
  return joined.size > 0 ? Object.fromEntries(joined) : undefined;
};

/** Builds the API Gateway v2 event that AWS would hand the Lambda for this request. */
export const buildEvent = (
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  matched: { routeKey: string; pathParameters: Record<string, string> | undefined },
): APIGatewayProxyEventV2 => {
  const headers = joinHeaders(request);
  const contentType = headers["content-type"] ?? "";
  const isText = contentType === "" || TEXT_TYPES.test(contentType);
  const now = new Date();
  const cookies = request.headers.cookie?.split(";").map((c) => c.trim());
  return {
    version: "2.0",
    routeKey: matched.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    queryStringParameters: queryParameters(url.searchParams),
    pathParameters: matched.pathParameters,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "127.0.0.1",
      domainPrefix: "local",
      http: {
        method: request.method ?? "GET",
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: matched.routeKey,
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isText ? body.toString("utf8") : body.toString("base64"),
    isBase64Encoded: body.length > 0 && !isText,
  };
};

/**
 * What the local context reports as the time left: no deadline. Locally no function has a timeout, so
 * a slow request (DynamoDB Local queueing writes on a loaded machine) answers late, not a 500 from
 * middy's early timeout, which races every handler against this value. In AWS, Lambda's context reports
 * the function's real timeout and middy keeps applying it. The largest delay a Node timer takes: past it
 * Node fires at once, which would make every request a timeout.
 */
const LOCAL_TIME_LEFT_MS = 2 ** 31 - 1;

/** The Lambda context the local gateway hands a handler: as in AWS, but with no deadline. */
const lambdaContext = (functionName: string, requestId: string): Context => {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: "512",
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => LOCAL_TIME_LEFT_MS,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};

/** What the gateway serves besides the API. */
export interface GatewayOptions {
  /** The origin the image URLs point at (of PUBLIC_IMAGE_BASE_URL): the dashboard's CSP allows its images. */
  readonly imageOrigin: string;
}

/**
 * The local stand-in for API Gateway (and, for the dashboard, CloudFront): matches the route table, builds
 * v2 events and calls the group's handler.
 */
export const createGateway = (handlers: Record<EndpointGroup, ApiHandler>, options: GatewayOptions): Server =>
  createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      // The seller dashboard's files, served beside the API as CloudFront serves them in AWS.
      const file = await dashboardFile(request.method ?? "GET", url.pathname, options.imageOrigin);
      if (file) {
        response.writeHead(file.status, file.headers);
        return response.end(request.method === "HEAD" ? undefined : file.body);
      }
      const body = await readBody(request);
      if (body === "too-large") return sendJson(response, 413, { message: "Request Entity Too Large" });
      const matched = matchRoute(request.method ?? "GET", url.pathname);
      // API Gateway's own answer for paths outside every route.
      if (!matched) return sendJson(response, 404, { message: "Not Found" });
      const event = buildEvent(request, url, body, matched);
      const result = await invokedBy({ kind: "route", routeKey: matched.routeKey }, () =>
        handlers[matched.group](event, lambdaContext(matched.group, event.requestContext.requestId)),
      );
      const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
      if (result.cookies?.length) headers["set-cookie"] = result.cookies;
      const payload = result.body ?? "";
      response.writeHead(result.statusCode ?? 200, headers);
      response.end(result.isBase64Encoded ? Buffer.from(payload, "base64") : payload);
    } catch (error) {
      // A handler that throws past its middleware is what API Gateway reports as a 500.
      console.error(
        JSON.stringify({ level: "error", message: "Gateway invocation failed", error: String(error) }),
      );
      if (!response.headersSent) sendJson(response, 500, { message: "Internal Server Error" });
      else response.end();
    }
  });

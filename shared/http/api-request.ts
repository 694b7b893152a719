import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import type { Principal } from "../auth/access-tokens.js";
import type { EnvelopeKind } from "./envelopes.js";

/** Per-invocation state the middlewares fill in, carried on the Lambda context. */
export interface ApiState {
  kind: EnvelopeKind;
  requestId: string;
  /** Parsed JSON body, the raw bytes for non-JSON bodies, or undefined when there is none. */
  body: unknown;
  rawBody: Buffer | undefined;
  principal: Principal | undefined;
}

/** The Lambda context with our per-request state attached. */
export interface ApiContext extends Context {
  api: ApiState;
}

/** What a route action sees: the event, the request id, the validated body and query, and the caller. */
export interface ApiRequest<TBody = unknown, TQuery = unknown> {
  readonly event: APIGatewayProxyEventV2;
  readonly requestId: string;
  readonly body: TBody;
  /** The query string's parameters, validated when the route declares a schema for them. */
  readonly query: TQuery;
  readonly rawBody: Buffer | undefined;
  readonly principal: Principal | undefined;
}

/** Reads a header case-insensitively (API Gateway lower-cases them, but tests and proxies may not). */
export const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
};

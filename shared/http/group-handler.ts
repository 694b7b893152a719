import middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type { TokenVerifier } from "../auth/access-tokens.js";
import { withRequestScope } from "../auth/request-standing.js";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { observed } from "../observability/observed.js";
import { validate } from "../validation/validate.js";
import type * as z from "../validation/zod-mini.js";
import { type ApiContext, type ApiRequest, header } from "./api-request.js";
import { JSON_BODY_LIMIT_BYTES } from "./body-limits.js";
import { type EnvelopeKind, jsonResponse, type RouteResult, successBody } from "./envelopes.js";
import { authenticate } from "./middleware/authenticate.js";
import { bodySize } from "./middleware/body-size.js";
import { errorEnvelope } from "./middleware/error-envelope.js";
import { isTextOrFileUpload, jsonBody } from "./middleware/json-body.js";
import { requestId } from "./middleware/request-id.js";
import { encodeForClient } from "./response-encoding.js";
import {
  type EndpointGroup,
  type GroupRouteKey,
  routeKey,
  routeKeyOf,
  routesOf,
  versionOf,
} from "./routes.js";

/** A body or query schema: zod classic or mini, both are core schemas. */
type Schema = z.core.$ZodType;

/** One route's behaviour: optional body and query schemas and the glue that calls a service. */
export interface RouteAction<TSchema extends Schema = Schema, TQuery extends Schema = Schema> {
  readonly body?: TSchema;
  /** The query string's parameters; unknown or invalid ones are refused, each named. */
  readonly query?: TQuery;
  /** The largest body the route reads, in bytes (default: the JSON limit); larger bodies are a 413. */
  readonly maxBodyBytes?: number;
  /**
   * A check over the raw bytes that must pass before the body is parsed: the payment callback's
   * signature, so an unsigned body costs no parsing.
   */
  readonly beforeParse?: (rawBody: Buffer | undefined, event: APIGatewayProxyEventV2) => Promise<void>;
  /**
   * The body is JSON whatever content type it declares (upload types included), for a route that reads
   * no upload and whose bytes, not its headers, are the contract: the signed payment callback.
   */
  readonly jsonWhateverTheType?: boolean;
  /**
   * The route also takes its body as `text/plain` or as a multipart file (a code upload), which it reads
   * itself from the raw body; only a JSON body is checked against `body`.
   */
  readonly readsTextAndFiles?: boolean;
  handle(request: ApiRequest<z.infer<TSchema>, z.infer<TQuery>>): Promise<RouteResult>;
}

/** Declares a route action with its body and query types inferred from the schemas. */
export const defineAction = <TSchema extends Schema, TQuery extends Schema = Schema>(
  action: RouteAction<TSchema, TQuery>,
): RouteAction<TSchema, TQuery> => action;

/** Route actions of any group, as readers look them up: by `METHOD /path` relative to the version prefix. */
export type GroupActions = Partial<Record<string, RouteAction>>;

/** Actions for some of the routes `K` of a group, each under its key in the route table. */
export type ActionsFor<K extends string> = { readonly [P in K]: RouteAction };

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** A group's Lambda handler, carrying its route actions so the OpenAPI generator reads the same request schemas. */
export type GroupHandler = ApiHandler & { readonly actions: GroupActions };

/**
 * A group handler that names, in its type only, the routes of its group it has no action for (they
 * answer 501): `never` for every handler today, which a type-level test holds them to. Handlers of
 * different groups stay one type, so code written for one takes another.
 */
export type HandlerWithout<K extends string> = GroupHandler & { readonly routesWithoutAction?: K };

const pipeline = (
  kind: EnvelopeKind,
  auth: "none" | "bearer",
  tokens: () => Promise<TokenVerifier>,
  action: RouteAction,
  readsBody: boolean,
): ApiHandler => {
  // Cheapest refusals first: a body over the limit and a caller without a token cost nothing to parse.
  // A route that reads no body (every GET) ignores whatever body comes, as HTTP lets it.
  // Observed first, so its logger context is on every line and its metrics flush after every refusal.
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(observed())
    .use(requestId(kind))
    .use(errorEnvelope(kind));
  if (readsBody) handler.use(bodySize(action.maxBodyBytes ?? JSON_BODY_LIMIT_BYTES));
  if (auth === "bearer") handler.use(authenticate(kind, tokens));
  const { beforeParse } = action;
  if (beforeParse) {
    handler.use({
      name: "before-parse",
      before: ({ event, context }) => beforeParse(context.api.rawBody, event),
    });
  }
  if (readsBody)
    handler.use(
      jsonBody({
        whateverTheType: action.jsonWhateverTheType === true,
        text: action.readsTextAndFiles === true,
      }),
    );
  const wrapped = handler.handler(async (event, context) => {
    const state = context.api;
    const rawUpload = action.readsTextAndFiles === true && isTextOrFileUpload(header(event, "content-type"));
    const body = action.body && !rawUpload ? validate(action.body, state.body) : state.body;
    const rawQuery = event.queryStringParameters ?? {};
    const query = action.query ? validate(action.query, rawQuery, "Parameter") : rawQuery;
    const result = await action.handle({
      event,
      requestId: state.requestId,
      body,
      query,
      rawBody: state.rawBody,
      principal: state.principal,
    });
    return encodeForClient(
      jsonResponse(result.status ?? 200, successBody(kind, result), state.requestId, result.headers),
      event.headers?.["accept-encoding"],
    );
  });
  // The request-id middleware attaches `api` to the context before anything reads it. A bearer route
  // runs in its own scope, where its standing check waits for the data layer (request-standing.ts).
  if (auth === "bearer")
    return (event, context) => withRequestScope(() => wrapped(event, context as ApiContext));
  return (event, context) => wrapped(event, context as ApiContext);
};

const unimplemented: RouteAction = {
  handle: async () => {
    throw refuse(refusals.notImplemented);
  },
};

const unknownRoute: RouteAction = {
  handle: async () => {
    throw refuse(refusals.routeNotFound);
  },
};

/**
 * Builds an endpoint group's Lambda handler: every route of the group from the route table gets the
 * middleware chain (observed → request id → error envelope → body size → auth → raw-body check → JSON body → validation); routes without an
 * action answer 501 and route keys outside the table (the version's catch-all) answer 404. An action
 * keyed by anything but a route of the group fails `tsc`; the check at cold start stays for callers
 * the compiler does not see (a cast, plain JavaScript), and costs a look-up per action.
 */
export const createGroupHandler = <G extends EndpointGroup, K extends GroupRouteKey<G> = never>(
  group: G,
  actions: ActionsFor<K>,
  tokens: () => Promise<TokenVerifier>,
): HandlerWithout<Exclude<GroupRouteKey<G>, K>> => {
  const kind = versionOf(group) as EnvelopeKind;
  const byRouteKey = new Map<string, ApiHandler>();
  const byKey: GroupActions = actions;
  const declared = new Set<string>(routesOf(group).map(routeKeyOf));
  for (const key of Object.keys(actions)) {
    if (!declared.has(key)) throw new Error(`Action ${key} is not a route of group ${group}`);
  }
  for (const route of routesOf(group)) {
    const action = byKey[routeKeyOf(route)] ?? unimplemented;
    byRouteKey.set(routeKey(route), pipeline(kind, route.auth, tokens, action, route.method !== "GET"));
  }
  const fallback = pipeline(kind, "none", tokens, unknownRoute, false);
  const handler: ApiHandler = (event, context) =>
    (byRouteKey.get(event.routeKey) ?? fallback)(event, context);
  return Object.assign(handler, { actions });
};

/**
 * The route table as HTTP sees it: the table itself lives in shared/api/route-table.ts (so the contracts
 * and the client, which may not import shared/http, are keyed by its types); this module adds what API
 * Gateway and the Lambdas read from it: prefixes, full paths and route keys, each group's routes.
 */
import {
  type ApiVersion,
  type EndpointGroup,
  type RouteDefinition,
  routes,
  type TableRoute,
} from "../api/route-table.js";

export {
  type ApiVersion,
  type EndpointGroup,
  endpointGroups,
  type GroupRouteKey,
  type HttpMethod,
  type RouteAuth,
  type RouteDefinition,
  routeKeyOf,
  routes,
  type TableRoute,
  type VersionRouteKey,
} from "../api/route-table.js";

/** Path prefix of each API version, as API Gateway and clients see it. */
export const versionPrefix = {
  v1: "/api/v1",
  v2: "/api/v2",
  payments: "/api/payments",
  reference: "",
} as const satisfies Record<ApiVersion, string>;

/** The API Gateway route key of a route (or of each route of a union): `POST /api/v1/products`. */
type GatewayKeyOf<R extends RouteDefinition> = R extends RouteDefinition
  ? `${R["method"]} ${(typeof versionPrefix)[R["version"]]}${R["path"]}`
  : never;

/** The API Gateway route keys of the table's routes of some versions (all by default), as `event.routeKey` carries them. */
export type GatewayRouteKey<V extends ApiVersion = ApiVersion> = GatewayKeyOf<
  Extract<TableRoute, { version: V }>
>;

/** Catch-all path per version: anything under the prefix that no route matches lands here (404 in-envelope). */
export const catchAllPath = (version: ApiVersion): string => `${versionPrefix[version]}/{proxy+}`;

/** The full path API Gateway sees for a route, e.g. `/api/v1/products/update/{id}`. */
export const fullPath = (route: RouteDefinition): string => `${versionPrefix[route.version]}${route.path}`;

/** The API Gateway route key, e.g. `POST /api/v1/products/update/{id}`; Lambda receives it as `event.routeKey`. */
export const routeKey = (route: RouteDefinition): string => `${route.method} ${fullPath(route)}`;

/** Routes served by one endpoint group. */
export const routesOf = (group: EndpointGroup): RouteDefinition[] => routes.filter((r) => r.group === group);

/** The envelope an endpoint group answers in: v1 for Seller API groups, v2's for the rest (machine callers). */
export const versionOf = (group: EndpointGroup): "v1" | "v2" => (group.startsWith("v1-") ? "v1" : "v2");

/** The group whose Lambda also answers the version's catch-all route (unknown paths → 404 in-envelope). */
export const catchAllGroup: Record<"v1" | "v2", EndpointGroup> = { v1: "v1-auth", v2: "v2-auth" };

import type { GroupActions, RouteAction } from "../../shared/http/group-handler.js";
import {
  type EndpointGroup,
  endpointGroups,
  type RouteDefinition,
  routeKeyOf,
  routesOf,
} from "../../shared/http/routes.js";

/**
 * The actions each endpoint group's handler passed to `createGroupHandler`, recorded by a test file's
 * `vi.mock` of shared/http/group-handler.js (see hostile-bodies.stack.test.ts): the body and query
 * schemas are the handlers' own, so a new or changed schema is attacked as it is.
 */
export const capturedActions = new Map<EndpointGroup, GroupActions>();

/** The groups that serve API routes; the API reference's group serves files and declares no actions. */
const actionGroups = endpointGroups.filter((group) => routesOf(group).some((r) => r.version !== "reference"));

/** Imports every API group's handler (recording its actions) and returns each route's action, if it has one. */
export const loadRouteActions = async (): Promise<(route: RouteDefinition) => RouteAction | undefined> => {
  for (const group of actionGroups) {
    await import(`../../functions/${group}/handler.ts`);
    if (!capturedActions.has(group)) throw new Error(`functions/${group}/handler.ts built no group handler`);
  }
  return (route) => capturedActions.get(route.group)?.[routeKeyOf(route)];
};

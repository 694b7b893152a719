import {
  type ApiVersion,
  catchAllGroup,
  catchAllPath,
  type EndpointGroup,
  fullPath,
  type RouteDefinition,
  routeKey,
  routes,
  versionPrefix,
} from "../../shared/http/routes.js";

/** What API Gateway would pick for a request: the route key, its group and decoded path parameters. */
export interface MatchedRoute {
  readonly routeKey: string;
  readonly group: EndpointGroup;
  readonly pathParameters: Record<string, string> | undefined;
}

interface CompiledRoute {
  readonly route: RouteDefinition;
  readonly pattern: RegExp;
  readonly names: string[];
}

const compile = (route: RouteDefinition): CompiledRoute => {
  const names: string[] = [];
  const source = fullPath(route)
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(param[1]);
      return "([^/]+)";
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}$`), names };
};

// Literal routes win over parameterised ones, as in API Gateway.
const compiled = routes.map(compile).sort((a, b) => a.names.length - b.names.length);

const decode = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/** Matches a method and path against the route table; unknown paths under a version go to its catch-all. */
export const matchRoute = (method: string, path: string): MatchedRoute | undefined => {
  for (const candidate of compiled) {
    if (candidate.route.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const values = match.slice(1).map((v) => decode(v));
    if (values.some((v) => v === undefined)) break;
    const pathParameters =
      candidate.names.length === 0
        ? undefined
        : Object.fromEntries(candidate.names.map((name, i) => [name, values[i] ?? ""]));
    return { routeKey: routeKey(candidate.route), group: candidate.route.group, pathParameters };
  }
  for (const version of ["v1", "v2"] as const satisfies ApiVersion[]) {
    const prefix = versionPrefix[version];
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      const proxy = path.slice(prefix.length + 1);
      return {
        routeKey: `ANY ${catchAllPath(version)}`,
        group: catchAllGroup[version],
        pathParameters: proxy ? { proxy } : undefined,
      };
    }
  }
  return undefined;
};

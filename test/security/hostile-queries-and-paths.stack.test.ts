import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as groupHandler from "../../shared/http/group-handler.js";
import { fullPath, type RouteDefinition, routeKey, routes, versionOf } from "../../shared/http/routes.js";
import { PUBLISHING_TIMEOUT } from "../support/catalogue.js";
import { notFound } from "../support/expected-refusals.js";
import { type JsonResponse, request } from "../support/http.js";
import { expectedForQuery } from "./body-oracle.js";
import { mismatchOf } from "./expected-answers.js";
import { hostileQueries, hostileSegments, queryRecord } from "./hostile-values.js";
import { loadRouteActions } from "./route-actions.js";
import type { Outcome, RouteFixture } from "./route-fixture.js";
import { fixtureOf } from "./route-fixtures.js";
import { encodeForm, ownerOf } from "./route-requests.js";
import { objectShapeOf } from "./schema-shape.js";
import { createSecurityWorld, type SecurityWorld, visibleState } from "./security-world.js";

// Hostile query strings on every route with a query schema (generated from it) and hostile path
// parameters on every route with one: each answer exact, never a 5xx, and nothing the owners see changes.

vi.mock("../../shared/http/group-handler.js", async (importOriginal) => {
  const original = await importOriginal<typeof groupHandler>();
  const { capturedActions: record } = await import("./route-actions.js");
  return {
    ...original,
    createGroupHandler: (...args: Parameters<typeof original.createGroupHandler>) => {
      record.set(args[0], args[1]);
      return original.createGroupHandler(...args);
    },
  };
});

const actionOf = await loadRouteActions();
const queryRoutes = routes.filter((route) => actionOf(route)?.query !== undefined);
const paramRoutes = routes.filter((route) => /\{\w+\}/.test(route.path));

let world: SecurityWorld;

beforeAll(async () => {
  world = await createSecurityWorld();
}, PUBLISHING_TIMEOUT);

/** Sends the owner's request of the fixture to `path` (its body, if any, unchanged). */
const sendTo = async (route: RouteDefinition, fixture: RouteFixture, path: string): Promise<JsonResponse> => {
  const owner = ownerOf(fixture, world);
  const headers: Record<string, string> = owner
    ? { Authorization: `Bearer ${owner[versionOf(route.group)]}` }
    : {};
  let body: string | Uint8Array | undefined;
  if (fixture.form) {
    const encoded = await encodeForm(fixture.form(world));
    headers["Content-Type"] = encoded.contentType;
    body = encoded.body;
  } else if (fixture.body || fixture.target) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(fixture.target ? fixture.target.body(world) : fixture.body?.(world));
  }
  return request(route.method, path, { headers, ...(body === undefined ? {} : { body }) });
};

/** Sends each (path, expected) pair a few at a time and lists every answer that is not the expected one. */
const attack = async (
  route: RouteDefinition,
  cases: readonly { name: string; path: string; expected: Outcome }[],
): Promise<string[]> => {
  const fixture = fixtureOf(route);
  const kind = versionOf(route.group);
  const mismatches: string[] = [];
  for (let i = 0; i < cases.length; i += 6) {
    await Promise.all(
      cases.slice(i, i + 6).map(async ({ name, path, expected }) => {
        const mismatch = mismatchOf(kind, await sendTo(route, fixture, path), expected);
        if (mismatch) mismatches.push(`${name}: ${mismatch}`);
      }),
    );
  }
  return mismatches;
};

describe.each(queryRoutes.map((route) => [routeKey(route), route] as const))("%s query", (_key, route) => {
  it("answers every query generated from its schema exactly, never 5xx, and changes nothing", async () => {
    const fixture = fixtureOf(route);
    const schema = actionOf(route)?.query;
    if (!schema) throw new Error("no query schema");
    const base = fixture.path(world);
    const cases = hostileQueries(objectShapeOf(schema)).map((hostile) => {
      const received = queryRecord(hostile.params);
      return {
        name: hostile.name,
        path: `${base}?${new URLSearchParams(hostile.params.map(([k, v]): [string, string] => [k, v])).toString()}`,
        expected: expectedForQuery(schema, received, fixture.queryAnswer ?? (() => "accepted")),
      };
    });
    const before = await visibleState(world);
    expect(await attack(route, cases)).toEqual([]);
    expect(await visibleState(world)).toEqual(before);
  });
});

/** The path parameter's value in the owner's path, and the path with it replaced. */
const parameterOf = (route: RouteDefinition, path: string) => {
  const template = fullPath(route).split("/");
  const at = template.findIndex((segment) => /^\{\w+\}$/.test(segment));
  const segments = path.split("/");
  return {
    own: decodeURIComponent(segments[at] ?? ""),
    replaced: (raw: string) => segments.map((segment, i) => (i === at ? raw : segment)).join("/"),
  };
};

describe.each(paramRoutes.map((route) => [routeKey(route), route] as const))("%s path", (_key, route) => {
  it("answers every hostile path parameter with its exact refusal, never 5xx, and changes nothing", async () => {
    const fixture = fixtureOf(route);
    const unknownId = fixture.unknownId;
    if (!unknownId) throw new Error(`${routeKey(route)} has a path parameter: give its fixture unknownId`);
    const { own, replaced } = parameterOf(route, (fixture.target?.path ?? fixture.path)(world));
    // A look-alike that decodes to the owner's own value (digits have no case) is no attack.
    const hostile = hostileSegments(own).filter(({ raw }) => decodeURIComponent(raw) !== own);
    const cases = hostile.map(({ name, raw }) => ({
      name,
      path: replaced(raw),
      expected: { error: unknownId(decodeURIComponent(raw)) },
    }));
    // A percent sign that starts no escape cannot be decoded: no route matches, the version's catch-all answers.
    cases.push({
      name: "a malformed escape",
      path: replaced("%E0%A4%A"),
      expected: { error: notFound("Not found") },
    });
    const before = await visibleState(world);
    expect(await attack(route, cases)).toEqual([]);
    expect(await visibleState(world)).toEqual(before);
  });
});

import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DomainError } from "../../shared/errors/domain-error.js";
import type * as groupHandler from "../../shared/http/group-handler.js";
import { type RouteDefinition, routeKey, routes, versionOf } from "../../shared/http/routes.js";
import { callbackSignature } from "../../shared/payments/callback-signature.js";
import { createTestSeller, PUBLISHING_TIMEOUT, type TestSeller } from "../support/catalogue.js";
import { type JsonResponse, request } from "../support/http.js";
import { expectedForBody } from "./body-oracle.js";
import { mismatchOf } from "./expected-answers.js";
import { type HostileBody, hostileBodies, mutatedBodies } from "./hostile-values.js";
import { capturedActions, loadRouteActions } from "./route-actions.js";
import type { RouteFixture } from "./route-fixture.js";
import { fixtureOf, routeFixtures } from "./route-fixtures.js";
import { ownerOf } from "./route-requests.js";
import { objectShapeOf } from "./schema-shape.js";
import { createSecurityWorld, type SecurityWorld, visibleState } from "./security-world.js";

// Hostile bodies on every route with a body schema, generated from that schema: each answer is the exact
// refusal the schema and the body rules give (or, for a body the schema accepts, the route's exact answer
// to a request naming nothing), never a 5xx, and nothing the owners can see changes.

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
const bodySchemaOf = (route: RouteDefinition) =>
  actionOf(route)?.body ?? routeFixtures[routeKey(route)]?.schema;
// A route whose fixture aims hostile bodies at it takes a body: it is attacked even if its handler lost
// its schema (and then fails for want of one), so a dropped schema cannot take a route out of the suite.
const bodyRoutes = routes.filter(
  (route) => bodySchemaOf(route) !== undefined || routeFixtures[routeKey(route)]?.target !== undefined,
);

let world: SecurityWorld;
let scratch: TestSeller;

beforeAll(async () => {
  [world, scratch] = await Promise.all([createSecurityWorld(), createTestSeller()]);
}, PUBLISHING_TIMEOUT);

const paymentSecret = () => Buffer.from(process.env.PAYMENT_CALLBACK_SECRET ?? "", "utf8");

/** Sends one hostile body to the route's target as its owner (a scratch account, or signed, if the fixture says so). */
const send = (route: RouteDefinition, fixture: RouteFixture, body: HostileBody): Promise<JsonResponse> => {
  const kind = versionOf(route.group);
  const target = fixture.target;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const caller = target?.scratch ? scratch : ownerOf(fixture, world);
  if (caller) headers.Authorization = `Bearer ${caller[kind]}`;
  if (fixture.signed) headers["X-Payment-Signature"] = callbackSignature(paymentSecret(), body.bytes);
  const path = (target?.path ?? fixture.path)(world);
  return request(route.method, path, { headers, body: body.bytes });
};

/** Sends each body (a few at a time) and lists every answer that is not the expected one. */
const attack = async (route: RouteDefinition, bodies: readonly HostileBody[]): Promise<string[]> => {
  const fixture = fixtureOf(route);
  const schema = bodySchemaOf(route);
  const target = fixture.target;
  if (!schema || !target) throw new Error(`${routeKey(route)} takes a body: give its fixture a target`);
  const kind = versionOf(route.group);
  const mismatches: string[] = [];
  for (let i = 0; i < bodies.length; i += 6) {
    await Promise.all(
      bodies.slice(i, i + 6).map(async (body) => {
        // The callback's signature covers the bytes: no bytes, nothing signed (checked before parsing).
        const expected =
          fixture.signed && body.bytes.length === 0
            ? { error: new DomainError("unauthenticated", "invalid_signature", "Invalid signature") }
            : expectedForBody(
                schema,
                body.bytes,
                (validated) => target.answer(validated, world),
                fixture.bodyLimit,
              );
        if (body.mustRefuse && (typeof expected === "string" || !("error" in expected))) {
          mismatches.push(`${body.name}: the route's schema accepts what no such field may be`);
        }
        const mismatch = mismatchOf(kind, await send(route, fixture, body), expected);
        if (mismatch) mismatches.push(`${body.name}: ${mismatch}`);
      }),
    );
  }
  return mismatches;
};

const baseBody = (route: RouteDefinition): Record<string, unknown> => {
  const target = fixtureOf(route).target;
  if (!target) throw new Error(`${routeKey(route)} takes a body: give its fixture a target`);
  return target.body(world);
};

describe.each(bodyRoutes.map((route) => [routeKey(route), route] as const))("%s", (_key, route) => {
  it("answers every body generated from its schema exactly, never 5xx, and changes nothing", async () => {
    const schema = bodySchemaOf(route);
    if (!schema) throw new Error(`${routeKey(route)} takes a body but its handler declares no body schema`);
    const before = await visibleState(world);
    const mismatches = await attack(route, hostileBodies(objectShapeOf(schema), baseBody(route)));
    expect(mismatches).toEqual([]);
    expect(await visibleState(world)).toEqual(before);
  });

  it("answers random mutations of a body exactly (fast-check), never 5xx, and changes nothing", async () => {
    const schema = bodySchemaOf(route);
    if (!schema) throw new Error(`${routeKey(route)} takes a body but its handler declares no body schema`);
    const before = await visibleState(world);
    await fc.assert(
      fc.asyncProperty(mutatedBodies(objectShapeOf(schema), baseBody(route)), async (body) => {
        expect(await attack(route, [body])).toEqual([]);
      }),
      { numRuns: 25 },
    );
    expect(await visibleState(world)).toEqual(before);
  });
});

describe("the hostile-body generator", () => {
  it("attacks every route whose handler declares a body schema, read from the handlers themselves", () => {
    const declared = routes.filter((route) => actionOf(route)?.body !== undefined).map(routeKey);
    expect(capturedActions.size).toBeGreaterThan(0);
    expect(declared.length).toBeGreaterThanOrEqual(12);
    expect(bodyRoutes.map(routeKey)).toEqual(expect.arrayContaining(declared));
  });
});

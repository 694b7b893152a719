import { type GatewayRouteKey, type RouteDefinition, routeKey } from "../../shared/http/routes.js";
import { paymentCallbackSchema } from "../../shared/payments/payment-callback.js";
import { notFound } from "../support/expected-refusals.js";
import { error, type RouteFixture, UNKNOWN_ID } from "./route-fixture.js";
import { v1RouteFixtures } from "./v1-route-fixtures.js";
import { v2RouteFixtures } from "./v2-route-fixtures.js";

/** The fixtures of the routes outside both APIs: the payment callback and the API reference. */
const outsideApiFixtures: Readonly<Record<GatewayRouteKey<"payments" | "reference">, RouteFixture>> = {
  "POST /api/payments/callback": {
    owner: "none",
    path: () => "/api/payments/callback",
    body: (w) => ({
      payment_id: "p-sec",
      order_id: w.waitingGuestOrder,
      status: "succeeded",
      payment_system: "card",
      amount: 100,
      currency: "RUB",
    }),
    foreign: { none: "signed by the payment provider, not by an account; see the signature matrix" },
    schema: paymentCallbackSchema,
    signed: true,
    target: {
      body: () => ({
        payment_id: "p-hostile",
        order_id: UNKNOWN_ID,
        status: "succeeded",
        payment_system: "card",
        amount: 100,
        currency: "RUB",
      }),
      // Only `succeeded` looks the order up; any other status is acknowledged and changes nothing.
      answer: (body) =>
        body.status === "succeeded"
          ? error(notFound(`Order ${String(body.order_id)} not found`))
          : { data: { order_id: body.order_id, applied: false } },
    },
  },

  // The API reference: public files, the same for everyone (test/functions/api-docs checks their answers).
  "GET /api/v1/openapi.json": {
    owner: "none",
    path: () => "/api/v1/openapi.json",
    foreign: { none: "a public document, served to anyone without a token" },
  },
  "GET /api/v2/openapi.json": {
    owner: "none",
    path: () => "/api/v2/openapi.json",
    foreign: { none: "a public document, served to anyone without a token" },
  },
  "GET /docs": {
    owner: "none",
    path: () => "/docs",
    foreign: { none: "a public page, served to anyone without a token" },
  },
  "GET /docs/redoc.standalone.js": {
    owner: "none",
    path: () => "/docs/redoc.standalone.js",
    foreign: { none: "a public script, served to anyone without a token" },
  },
};

/**
 * One fixture per route, keyed by route key. A route added to the route table without a fixture (in
 * v1-route-fixtures.ts, v2-route-fixtures.ts or above) fails `tsc`, and the security suite: every
 * route is attacked, none is skipped.
 */
export const routeFixtures: Readonly<Record<string, RouteFixture>> = {
  ...v1RouteFixtures,
  ...v2RouteFixtures,
  ...outsideApiFixtures,
} satisfies Record<GatewayRouteKey, RouteFixture>;

/** The fixture of a route; a route without one fails the test that asks, naming where to add it. */
export const fixtureOf = (route: RouteDefinition): RouteFixture => {
  const fixture = routeFixtures[routeKey(route)];
  if (!fixture) {
    throw new Error(`No security fixture for ${routeKey(route)}: add one to test/security/route-fixtures.ts`);
  }
  return fixture;
};

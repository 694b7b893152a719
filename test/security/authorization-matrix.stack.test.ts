import { beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../shared/accounts/api-keys.js";
import { type RouteDefinition, routeKey, routes, versionOf } from "../../shared/http/routes.js";
import { callbackSignature } from "../../shared/payments/callback-signature.js";
import { PUBLISHING_TIMEOUT } from "../support/catalogue.js";
import { request } from "../support/http.js";
import { expiredToken, foreignToken, tamperedToken, unsignedToken } from "../support/tokens.js";
import {
  expectAnswer,
  expectRefusedInEnvelope,
  expectSuccessInEnvelope,
  refusal,
  unauthorizedAnswer,
} from "./expected-answers.js";
import { fixtureOf, routeFixtures } from "./route-fixtures.js";
import { ownerOf, sendOwnersRequest } from "./route-requests.js";
import { createSecurityWorld, type SecurityWorld, visibleState } from "./security-world.js";

// Every protected route × every way of not holding a valid token of its version, then × another
// account's valid token: the exact answer each time, and afterwards nothing the owner sees has changed.

let world: SecurityWorld;
let before: Awaited<ReturnType<typeof visibleState>>;

beforeAll(async () => {
  world = await createSecurityWorld();
  before = await visibleState(world);
}, PUBLISHING_TIMEOUT);

const cases = (selected: readonly RouteDefinition[]) =>
  selected.map((route) => [routeKey(route), route] as const);
const bearerRoutes = routes.filter((route) => route.auth === "bearer");

/** Ways of calling without a valid token of the route's version, each made for the route's owner. */
const withoutValidToken: {
  readonly name: string;
  readonly header: (
    owner: { id: number; v1: string; v2: string },
    version: "v1" | "v2",
  ) => Promise<string | undefined>;
}[] = [
  { name: "no Authorization header", header: async () => undefined },
  { name: "a garbage token", header: async () => "Bearer garbage" },
  {
    name: "an expired token",
    header: async (owner, version) => `Bearer ${await expiredToken(owner.id, version)}`,
  },
  {
    name: "an alg:none token",
    header: async (owner, version) => `Bearer ${unsignedToken(owner.id, version)}`,
  },
  {
    name: "a token signed with another secret",
    header: async (owner, version) => `Bearer ${await foreignToken(owner.id, version)}`,
  },
  {
    name: "the owner's valid token of the other API version",
    header: async (owner, version) => `Bearer ${owner[version === "v1" ? "v2" : "v1"]}`,
  },
  {
    name: "the owner's token with a tampered signature",
    header: async (owner, version) => `Bearer ${tamperedToken(owner[version])}`,
  },
];

describe("the security fixtures", () => {
  it("cover exactly the routes of the route table, so a new route is attacked or fails here", () => {
    expect(Object.keys(routeFixtures).sort()).toEqual(routes.map(routeKey).sort());
  });

  it("name an owner with a valid token who reaches every view the suite compares (all 200)", () => {
    const statuses = Object.entries(before.views).map(([name, view]) => [name, view.status]);
    expect(statuses.length).toBe(14);
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
  });
});

describe.each(cases(bearerRoutes))("%s without a valid token of its version", (_key, route) => {
  const kind = versionOf(route.group);
  it.each(withoutValidToken)("answers $name with exactly the 401 of its envelope", async ({ header }) => {
    const fixture = fixtureOf(route);
    const owner = ownerOf(fixture, world);
    if (!owner) throw new Error(`${routeKey(route)} is a bearer route but its fixture names no owner`);
    const response = await sendOwnersRequest(route, fixture, world, await header(owner, kind));
    expectAnswer(response, unauthorizedAnswer(kind), routeKey(route));
  });
});

// Routes whose fixture says another account has nothing to attack there (and why) are left out.
const attackableByAnotherAccount = bearerRoutes.filter(
  (route) => !("none" in (routeFixtures[routeKey(route)]?.foreign ?? {})),
);

describe.each(cases(attackableByAnotherAccount))("%s with another account's valid token", (_key, route) => {
  const kind = versionOf(route.group);
  it("is refused when it names the owner's resource, or shows none of the owner's data", async () => {
    const fixture = fixtureOf(route);
    const rule = fixture.foreign;
    if ("none" in rule) throw new Error(`${routeKey(route)}: nothing to attack (${rule.none})`);
    const response = await sendOwnersRequest(route, fixture, world, `Bearer ${world.intruder[kind]}`);
    if ("refused" in rule) return expectAnswer(response, refusal(kind, rule.refused), routeKey(route));
    if ("shared" in rule) return expectSuccessInEnvelope(kind, response, routeKey(route));
    if (response.status < 300) expectSuccessInEnvelope(kind, response, routeKey(route));
    else expectRefusedInEnvelope(kind, response, routeKey(route));
    for (const id of [world.product.id, world.order, world.paidGuestOrder, world.waitingGuestOrder]) {
      expect(response.text, `${routeKey(route)} shows the owner's ${id}`).not.toContain(id);
    }
  });
});

describe("POST /api/v{1,2}/auth/api-key/create without a valid API key", () => {
  it.each(["v1", "v2"] as const)(
    "%s answers every bad key with exactly the 401 of its envelope",
    async (version) => {
      const bad: (string | undefined)[] = [
        undefined,
        "garbage",
        `mk_${"A".repeat(43)}`,
        world.seller[version],
        hashApiKey(world.seller.apiKey),
        `${world.seller.apiKey} `.repeat(2),
      ];
      for (const key of bad) {
        const response = await request("POST", `/api/${version}/auth/api-key/create`, {
          headers: key === undefined ? {} : { "X-API-KEY": key },
        });
        expectAnswer(response, unauthorizedAnswer(version), `X-API-KEY ${String(key).slice(0, 20)}`);
      }
    },
  );
});

describe("POST /api/payments/callback without a valid signature", () => {
  const invalidSignature = {
    status: 401,
    body: {
      ok: false,
      code: "invalid_signature",
      message: "Invalid signature",
      http_status: 401,
      error: { code: "invalid_signature" },
    },
  };

  it("answers a missing, malformed, foreign-secret or other-body signature with exactly 401 invalid_signature", async () => {
    const body = JSON.stringify({
      payment_id: "p-forged",
      order_id: world.waitingGuestOrder,
      status: "succeeded",
      payment_system: "card",
      amount: 100,
      currency: "RUB",
    });
    const secret = Buffer.from(process.env.PAYMENT_CALLBACK_SECRET ?? "", "utf8");
    const signatures: (string | undefined)[] = [
      undefined,
      "",
      "sha256=00",
      callbackSignature(Buffer.from("not-the-provider-secret-not-the-provider"), Buffer.from(body)),
      callbackSignature(secret, Buffer.from(body.replace("p-forged", "p-other"))),
      callbackSignature(secret, Buffer.from(body)).replace("sha256=", "sha1="),
    ];
    for (const signature of signatures) {
      const response = await request("POST", "/api/payments/callback", {
        headers: {
          "Content-Type": "application/json",
          ...(signature === undefined ? {} : { "X-Payment-Signature": signature }),
        },
        body,
      });
      expectAnswer(response, invalidSignature, `signature ${String(signature)}`);
    }
  });
});

describe("after every attack above", () => {
  it("everything the owners can see, the product and the storefront orders are unchanged", async () => {
    expect(await visibleState(world)).toEqual(before);
  });
});

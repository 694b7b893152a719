import { describe, expectTypeOf, it } from "vitest";
import type { handler as payments } from "../../../functions/payments/handler.js";
import type { handler as v1Auth } from "../../../functions/v1-auth/handler.js";
import type { handler as v1KeyStock } from "../../../functions/v1-key-stock/handler.js";
import type { handler as v1Orders } from "../../../functions/v1-orders/handler.js";
import type { handler as v1Payouts } from "../../../functions/v1-payouts/handler.js";
import type { handler as v1Products } from "../../../functions/v1-products/handler.js";
import type { handler as v1Seller } from "../../../functions/v1-seller/handler.js";
import type { handler as v2Auth } from "../../../functions/v2-auth/handler.js";
import type { handler as v2Catalog } from "../../../functions/v2-catalog/handler.js";
import type { handler as v2Favorites } from "../../../functions/v2-favorites/handler.js";
import type { handler as v2Orders } from "../../../functions/v2-orders/handler.js";
import type { handler as v2Purchases } from "../../../functions/v2-purchases/handler.js";
import type { ApiContracts, GroupContracts, RouteContract } from "../../../shared/api/route-contract.js";
import type { EndpointGroup, GroupRouteKey, VersionRouteKey } from "../../../shared/api/route-table.js";
import type { v1Contracts } from "../../../shared/api/v1-contracts.js";
import type { RequestsOf } from "../../../shared/client/request-schemas.js";
import type { ActionsFor, RouteAction } from "../../../shared/http/group-handler.js";
import type { GatewayRouteKey } from "../../../shared/http/routes.js";
import type { RouteFixture } from "../../security/route-fixture.js";
import type { v1RouteFixtures } from "../../security/v1-route-fixtures.js";

// Checked by `tsc` (npm run typecheck), as every test file is: each line below fails to compile if a
// registry keyed by route stops naming exactly the routes of the table.

/** The API groups' handlers, by group (the API reference's serves files, without actions). */
interface Handlers {
  "v1-auth": typeof v1Auth;
  "v1-products": typeof v1Products;
  "v1-orders": typeof v1Orders;
  "v1-seller": typeof v1Seller;
  "v1-payouts": typeof v1Payouts;
  "v1-key-stock": typeof v1KeyStock;
  "v2-auth": typeof v2Auth;
  "v2-catalog": typeof v2Catalog;
  "v2-purchases": typeof v2Purchases;
  "v2-orders": typeof v2Orders;
  "v2-favorites": typeof v2Favorites;
  payments: typeof payments;
}

/** The routes of its group a handler has no action for, as its type names them. */
type WithoutAction<H> = H extends { readonly routesWithoutAction?: infer K } ? Exclude<K, undefined> : never;

describe("route keys are types read from the route table", () => {
  it("names each version's and each group's routes, relative to the prefix and as API Gateway sees them", () => {
    expectTypeOf<GroupRouteKey<"v1-auth">>().toEqualTypeOf<"POST /auth/api-key/create">();
    expectTypeOf<VersionRouteKey<"payments">>().toEqualTypeOf<"POST /callback">();
    expectTypeOf<GatewayRouteKey<"payments">>().toEqualTypeOf<"POST /api/payments/callback">();
    expectTypeOf<"POST /api/v1/products/update/{id}">().toExtend<GatewayRouteKey<"v1">>();
    expectTypeOf<"POST /products/update/{id}">().not.toExtend<VersionRouteKey<"v2">>();
  });

  it("every API group's handler has an action for every route of its group", () => {
    expectTypeOf<keyof Handlers>().toEqualTypeOf<Exclude<EndpointGroup, "api-docs">>();
    expectTypeOf<{ [G in keyof Handlers]: WithoutAction<Handlers[G]> }[keyof Handlers]>().toBeNever();
  });

  it("an action, a contract or a request schema for a route outside the table or the group fails to compile", () => {
    const action = { handle: async () => ({ data: {} }) } satisfies RouteAction;
    // @ts-expect-error a route of another group
    ({ "GET /seller": action }) satisfies ActionsFor<GroupRouteKey<"v1-payouts">>;
    // @ts-expect-error a route of no group
    ({ "GET /payouts": {} as RouteContract }) satisfies Partial<GroupContracts<"v1-payouts">>;
    // @ts-expect-error a v1 route among v2's request schemas
    ({ "POST /payout": {} }) satisfies RequestsOf<"v2">;
  });

  it("a route without its contract or its security fixture fails to compile", () => {
    expectTypeOf<typeof v1Contracts>().toExtend<ApiContracts<"v1">>();
    expectTypeOf<Omit<typeof v1Contracts, "GET /seller">>().not.toExtend<ApiContracts<"v1">>();
    expectTypeOf<Omit<typeof v1RouteFixtures, "GET /api/v1/seller">>().not.toExtend<
      Record<GatewayRouteKey<"v1">, RouteFixture>
    >();
  });
});

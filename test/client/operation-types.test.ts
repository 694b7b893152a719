import { describe, expectTypeOf, it } from "vitest";
import type { MarketplaceClient } from "../../shared/client/marketplace-client.js";
import type {
  OperationData,
  OperationInput,
  OperationKey,
  OperationMeta,
} from "../../shared/client/operation-types.js";

describe("the client's types are the contracts' and the handlers' schemas", () => {
  it("types a success's data and meta by the route's contract", () => {
    expectTypeOf<OperationData<"v1", "POST /products">>().toEqualTypeOf<{
      message: "Product created";
      id: string;
    }>();
    expectTypeOf<OperationData<"v2", "POST /buy">>().toHaveProperty("order_id").toEqualTypeOf<string>();
    expectTypeOf<OperationMeta<"v2", "GET /search">>().toEqualTypeOf<{
      page: number;
      limit: number;
      total: number;
    }>();
  });

  it("types inputs by the handler's request schemas: body, query, path and form", () => {
    expectTypeOf<OperationInput<"v2", "POST /buy">>()
      .toHaveProperty("body")
      .toHaveProperty("product_id")
      .toEqualTypeOf<string>();
    expectTypeOf<OperationInput<"v1", "GET /orders/info/{id}">>()
      .toHaveProperty("path")
      .toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<OperationInput<"v1", "POST /seller/img">>()
      .toHaveProperty("form")
      .toEqualTypeOf<{ readonly img: Blob }>();
  });

  it("names every route but the token exchange, and nothing else", () => {
    expectTypeOf<"POST /auth/api-key/create">().not.toExtend<OperationKey<"v1">>();
    expectTypeOf<"GET /nope">().not.toExtend<OperationKey<"v2">>();
    expectTypeOf<MarketplaceClient["v2"]["call"]>().toBeFunction();
  });
});

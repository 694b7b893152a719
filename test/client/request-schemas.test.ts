import { describe, expect, it } from "vitest";
import { handlerActions } from "../../infra/openapi/handler-actions.js";
import type { RouteContract } from "../../shared/api/route-contract.js";
import { v1Contracts } from "../../shared/api/v1-contracts.js";
import { v2Contracts } from "../../shared/api/v2-contracts.js";
import {
  type RouteRequest,
  v1RequestSchemas,
  v2RequestSchemas,
} from "../../shared/client/request-schemas.js";
import { routes } from "../../shared/http/routes.js";
import type * as z from "../../shared/validation/zod-mini.js";

const maps: Record<"v1" | "v2", Readonly<Record<string, RouteRequest>>> = {
  v1: v1RequestSchemas,
  v2: v2RequestSchemas,
};
const contracts: Record<"v1" | "v2", Readonly<Record<string, RouteContract>>> = {
  v1: v1Contracts,
  v2: v2Contracts,
};
const apiRoutes = routes.flatMap((route) =>
  route.version === "v1" || route.version === "v2"
    ? [{ ...route, version: route.version, key: `${route.method} ${route.path}` }]
    : [],
);

/**
 * The schema a client sends: a handler's `pipe(transform(body ?? {}), schema)` (no body is an empty one)
 * is `schema` as far as a caller is concerned.
 */
const sentSchema = (schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined => {
  const def = schema?._zod.def;
  return def?.type === "pipe" && (def as z.core.$ZodPipeDef).in._zod.def.type === "transform"
    ? (def as z.core.$ZodPipeDef).out
    : schema;
};

/** The members of a multipart form schema, each a file or a text field. */
const formMembers = (schema: z.core.$ZodType): Record<string, string> => {
  const shape = (schema._zod.def as z.core.$ZodObjectDef).shape;
  return Object.fromEntries(
    Object.entries(shape).map(([name, member]) => [name, member._zod.def.type === "file" ? "file" : "field"]),
  );
};

describe("the client's request schemas are the handlers' own", () => {
  it("names, for every v1 and v2 route, the very body and query schemas its handler's action validates with", async () => {
    const actions = await handlerActions();
    const mismatches = apiRoutes.flatMap((route) => {
      const action = actions[route.group]?.[route.key];
      const entry = maps[route.version][route.key];
      const problems: string[] = [];
      if (entry?.body !== sentSchema(action?.body)) problems.push(`${route.version} ${route.key}: body`);
      if (entry?.query !== action?.query) problems.push(`${route.version} ${route.key}: query`);
      return problems;
    });
    expect(mismatches).toEqual([]);
  });

  it("gives a form to exactly the routes whose contract documents a multipart body, with the same members", () => {
    const forms = apiRoutes.flatMap((route) => {
      const requestBody = contracts[route.version][route.key]?.requestBody;
      const form = maps[route.version][route.key]?.form;
      return requestBody || form
        ? [[route.version, route.key, form, requestBody ? formMembers(requestBody.schema) : undefined]]
        : [];
    });
    expect(forms).toEqual([
      [
        "v1",
        "POST /products/img",
        { id_product: "field", img: "file" },
        { id_product: "field", img: "file" },
      ],
      ["v1", "POST /seller/img", { img: "file" }, { img: "file" }],
    ]);
  });

  it("lists no route the route table does not have", () => {
    const known = new Set(apiRoutes.map((route) => `${route.version} ${route.key}`));
    const unknown = (["v1", "v2"] as const).flatMap((version) =>
      Object.keys(maps[version])
        .map((key) => `${version} ${key}`)
        .filter((key) => !known.has(key)),
    );
    expect(unknown).toEqual([]);
  });
});

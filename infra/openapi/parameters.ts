import type { ContractSchema, RouteContract } from "../../shared/api/route-contract.js";
import type { VersionRouteKey } from "../../shared/api/route-table.js";
import type { RouteDefinition } from "../../shared/http/routes.js";
import type { DocumentedVersion } from "./documented-version.js";
import { type JsonSchema, jsonSchemaOf } from "./json-schema.js";
import { numericParameterSchema } from "./numeric-parameters.js";

/**
 * Path parameters a handler checks itself (no action declares a path schema), as the check takes them:
 * every other path parameter is an id or token taken as a string. Each entry names its check.
 */
const checkedPathParameters: {
  readonly [V in DocumentedVersion]: Partial<Record<VersionRouteKey<V>, Record<string, JsonSchema>>>;
} = {
  v1: {},
  v2: {
    // functions/v2-catalog/handler.ts, sellerIdSchema: /^[1-9]\d{0,9}$/, else 422 (sellerIdFormat).
    "GET /products/{seller_id}": { seller_id: { type: "integer", minimum: 1, maximum: 9_999_999_999 } },
  },
};

/** A zod object's members, when the query schema is one (refinements of the whole object included). */
const membersOf = (schema: ContractSchema | undefined): Readonly<Record<string, ContractSchema>> =>
  (schema?._zod.def as { shape?: Record<string, ContractSchema> } | undefined)?.shape ?? {};

/**
 * A query parameter's schema as the document shows it: a number the query carries as text is the
 * integer (or number) its validator takes, with the bounds the validator enforces, whatever its JSON
 * Schema says of the text; anything else is its JSON Schema.
 */
const queryParameterSchema = (json: JsonSchema, member: ContractSchema | undefined): JsonSchema => {
  const numeric = member === undefined ? undefined : numericParameterSchema(member);
  if (numeric === undefined) return json;
  const { pattern: _digits, type: _text, ...kept } = json;
  return { type: numeric.type, ...kept, ...numeric };
};

/** The parameters of one operation: path, query and header, each with its description and schema. */
export const parametersOf = (
  version: DocumentedVersion,
  route: RouteDefinition,
  contract: RouteContract,
  query: { readonly json: JsonSchema; readonly schema: ContractSchema } | undefined,
): unknown[] => {
  const parameters: unknown[] = [];
  const checked = (checkedPathParameters[version] as Record<string, Record<string, JsonSchema>>)[
    `${route.method} ${route.path}`
  ];
  for (const [, name = ""] of route.path.matchAll(/\{([^}]+)\}/g)) {
    parameters.push({
      name,
      in: "path",
      required: true,
      description: contract.pathParameters?.[name] ?? name,
      schema: checked?.[name] ?? { type: "string" },
    });
  }
  const properties = (query?.json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.json.required ?? []) as string[]);
  const members = membersOf(query?.schema);
  const described = contract.queryParameters ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    const description = typeof schema.description === "string" ? schema.description : described[name];
    parameters.push({
      name,
      in: "query",
      required: required.has(name),
      ...(description === undefined ? {} : { description }),
      schema: queryParameterSchema(schema, members[name]),
    });
  }
  // The contract describes the schema's parameters, and documents those the handler reads without one.
  for (const [name, description] of Object.entries(described)) {
    if (name in properties) continue;
    parameters.push({ name, in: "query", required: false, description, schema: { type: "string" } });
  }
  for (const [name, header] of Object.entries(contract.headerParameters ?? {})) {
    parameters.push({
      name,
      in: "header",
      required: header.required ?? false,
      description: header.description,
      schema: jsonSchemaOf(header.schema, "input"),
    });
  }
  return parameters;
};

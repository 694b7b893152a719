import { v1Error, v1Success, v2Error, v2Success } from "../../shared/api/envelope-schemas.js";
import type { RouteContract, VersionContracts } from "../../shared/api/route-contract.js";
import { type Refusal, worded } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";
import { bodyLimitText, JSON_BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from "../../shared/http/body-limits.js";
import { statusOf } from "../../shared/http/envelopes.js";
import type { GroupActions } from "../../shared/http/group-handler.js";
import { fullPath, type RouteDefinition, routeKeyOf, routes } from "../../shared/http/routes.js";
import { type JsonSchema, jsonSchemaOf } from "./json-schema.js";

/** The API versions that get a document; the payment callback belongs to neither API. */
export type DocumentedVersion = "v1" | "v2";

const titles: Record<DocumentedVersion, string> = {
  v1: "Digital-goods marketplace: Seller API v1",
  v2: "Digital-goods marketplace: Reseller API v2",
};

const statusText: Record<number, string> = {
  200: "Success",
  201: "Created",
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Request body too large",
  422: "Unprocessable",
  429: "Too many requests",
  500: "Internal server error",
};

/** `post_products_update_id`: stable, unique per document, readable in a client. */
export const operationIdOf = (route: RouteDefinition): string =>
  [route.method.toLowerCase(), ...route.path.split("/").filter(Boolean)]
    .join("_")
    .replace(/[^A-Za-z0-9_]/g, "_")
    .replace(/_+/g, "_")
    .replace(/_$/, "");

/** One refusal as a document shows it: the status its kind answers in the version, its code and message. */
interface DocumentedError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

const documented = (version: DocumentedVersion, refusal: Refusal): DocumentedError => ({
  status: statusOf(version, refusal.kind),
  code: refusal.code,
  message: refusal.message,
});

const errorExample = (version: DocumentedVersion, error: DocumentedError) =>
  version === "v1"
    ? { status: "error", message: error.message }
    : {
        ok: false,
        code: error.code,
        message: error.message,
        http_status: error.status,
        error: { code: error.code },
      };

/**
 * The schema failure a route's own input schema most plainly answers, as `validate` words it: its first
 * required member missing, else an unknown member of a strict object. A schema with neither (every member
 * optional, unknown ones ignored) has no message that fits every route: its contract lists its own.
 */
const schemaFailure = (schema: JsonSchema, noun: "Field" | "Parameter"): Refusal | undefined => {
  const required = (schema.required ?? []) as string[];
  if (required[0] !== undefined) return worded(refusals.fieldRequired, { noun, field: required[0] });
  if (schema.additionalProperties === false)
    return worded(refusals.fieldNotAllowed, { noun, field: "extra" });
  return undefined;
};

/**
 * The refusals every route of its kind answers, before its own: 401 without a valid token, the body's
 * size and JSON refusals, the first schema failure of its declared body or query, and the 500 any route
 * answers when something unexpected fails (its message names the request id, never the cause).
 */
const pipelineErrors = (
  route: RouteDefinition,
  reads: { body: boolean; bodySchema?: JsonSchema; querySchema?: JsonSchema; maxBodyBytes?: number },
): Refusal[] => {
  const errors: Refusal[] = [];
  if (route.auth === "bearer") errors.push(refusals.unauthorized);
  if (reads.body) {
    errors.push(refusals.invalidJson, worded(refusals.jsonTooDeep, { levels: MAX_JSON_DEPTH }));
    errors.push(
      worded(refusals.payloadTooLarge, { limit: bodyLimitText(reads.maxBodyBytes ?? JSON_BODY_LIMIT_BYTES) }),
    );
  }
  for (const [schema, noun] of [
    [reads.bodySchema, "Field"],
    [reads.querySchema, "Parameter"],
  ] as const) {
    const failure = schema === undefined ? undefined : schemaFailure(schema, noun);
    if (failure !== undefined) errors.push(failure);
  }
  errors.push(worded(refusals.internalError, { requestId: "0f8e3c52-6f1a-4a4b-9d2e-7c1b5a3e9f60" }));
  return errors;
};

const responsesOf = (version: DocumentedVersion, contract: RouteContract, errors: DocumentedError[]) => {
  const { success } = contract;
  const successSchema =
    version === "v1" ? v1Success(success.data) : v2Success(success.data, success.meta ?? undefined);
  const successExample =
    version === "v1"
      ? { status: "success", data: success.example }
      : { ok: true, data: success.example, meta: success.metaExample ?? {} };
  const responses: Record<string, unknown> = {
    [String(success.status)]: {
      description: statusText[success.status] ?? "Success",
      content: {
        "application/json": { schema: jsonSchemaOf(successSchema, "output"), example: successExample },
      },
    },
  };
  const errorSchema = jsonSchemaOf(version === "v1" ? v1Error : v2Error, "output");
  const byStatus = new Map<number, DocumentedError[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples: Record<string, unknown> = {};
    for (const error of list) {
      const name = `${error.code ?? "error"}: ${error.message}`.slice(0, 80);
      examples[name] = { summary: error.message, value: errorExample(version, error) };
    }
    responses[String(status)] = {
      description: statusText[status] ?? "Error",
      content: { "application/json": { schema: errorSchema, examples } },
    };
  }
  return responses;
};

const parametersOf = (
  route: RouteDefinition,
  contract: RouteContract,
  querySchema: JsonSchema | undefined,
) => {
  const parameters: unknown[] = [];
  for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g)) {
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
      description: contract.pathParameters?.[name ?? ""] ?? name,
    });
  }
  const properties = (querySchema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((querySchema?.required ?? []) as string[]);
  const described = contract.queryParameters ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    const description = typeof schema.description === "string" ? schema.description : described[name];
    parameters.push({
      name,
      in: "query",
      required: required.has(name),
      schema,
      ...(description === undefined ? {} : { description }),
    });
  }
  // The contract describes the schema's parameters, and documents those the handler reads without one.
  for (const [name, description] of Object.entries(described)) {
    if (name in properties) continue;
    parameters.push({ name, in: "query", required: false, schema: { type: "string" }, description });
  }
  for (const [name, header] of Object.entries(contract.headerParameters ?? {})) {
    parameters.push({
      name,
      in: "header",
      required: header.required ?? false,
      schema: jsonSchemaOf(header.schema, "input"),
      description: header.description,
    });
  }
  return parameters;
};

/** Why a route has no document entry: the generator refuses to skip one silently. */
export class MissingContractError extends Error {}

/**
 * The OpenAPI 3.1 document of one API version, from the route table, the request schemas of the
 * handlers' actions and the version's contracts. Every route of the version must have a contract.
 */
export const buildDocument = (
  version: DocumentedVersion,
  actions: Readonly<Record<string, GroupActions>>,
  contracts: VersionContracts,
  apiVersion: string,
): Record<string, unknown> => {
  const paths: Record<string, Record<string, unknown>> = {};
  const versionRoutes = routes.filter((route) => route.version === version);
  const missing = versionRoutes.filter((route) => contracts[routeKeyOf(route)] === undefined);
  if (missing.length > 0)
    throw new MissingContractError(`No contract for ${missing.map(routeKeyOf).join(", ")} (${version})`);
  const extra = Object.keys(contracts).filter((key) => !versionRoutes.some((r) => routeKeyOf(r) === key));
  if (extra.length > 0)
    throw new MissingContractError(`Contracts for routes not in the table: ${extra.join(", ")}`);
  for (const route of versionRoutes) {
    const contract = contracts[routeKeyOf(route)] as RouteContract;
    const action = actions[route.group]?.[routeKeyOf(route)];
    const body = action?.body ? jsonSchemaOf(action.body, "input") : undefined;
    const query = action?.query ? jsonSchemaOf(action.query, "input") : undefined;
    const requestBody = contract.requestBody
      ? {
          required: true,
          content: {
            [contract.requestBody.contentType]: {
              schema: jsonSchemaOf(contract.requestBody.schema, "input"),
            },
          },
        }
      : body
        ? {
            required: true,
            content: {
              "application/json": {
                schema: body,
                ...(contract.requestExample === undefined ? {} : { example: contract.requestExample }),
              },
              ...Object.fromEntries(
                (contract.otherBodies ?? []).map((other) => [
                  other.contentType,
                  { schema: jsonSchemaOf(other.schema, "input") },
                ]),
              ),
            },
          }
        : undefined;
    const errors = [
      ...pipelineErrors(route, {
        body: requestBody !== undefined,
        ...(body === undefined ? {} : { bodySchema: body }),
        ...(query === undefined ? {} : { querySchema: query }),
        ...(action?.maxBodyBytes === undefined ? {} : { maxBodyBytes: action.maxBodyBytes }),
      }),
      ...contract.errors,
    ].map((refusal) => documented(version, refusal));
    const security =
      route.auth === "bearer"
        ? [{ bearer: [] }]
        : route.path === "/auth/api-key/create"
          ? [{ apiKey: [] }]
          : [];
    const operation = {
      operationId: operationIdOf(route),
      tags: [route.group],
      summary: contract.summary,
      ...(contract.description || contract.extension
        ? {
            description: [
              contract.extension ? "**Extension** (not in the spec)." : "",
              contract.description ?? "",
            ]
              .filter(Boolean)
              .join(" "),
          }
        : {}),
      ...(contract.extension ? { "x-extension": true } : {}),
      security,
      parameters: parametersOf(route, contract, query),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(version, contract, errors),
    };
    const pathItem = paths[fullPath(route)] ?? {};
    pathItem[route.method.toLowerCase()] = operation;
    paths[fullPath(route)] = pathItem;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: titles[version],
      version: apiVersion,
      description:
        version === "v1"
          ? "Sellers manage products, orders, delivery, their profile and payouts. Exchange the API key for a bearer token first."
          : "Resellers search the public catalogue and buy from their balance. Exchange the API key for a bearer token first.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        apiKey: { type: "apiKey", in: "header", name: "X-API-KEY" },
      },
    },
    paths,
  };
};

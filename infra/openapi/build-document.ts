import {
  type OperationName,
  v1Operations,
  v1Tags,
  v2Operations,
  v2Tags,
} from "../../shared/api/operation-names.js";
import type { ContractSchema, RouteContract, VersionContracts } from "../../shared/api/route-contract.js";
import { type RouteSchemaNames, v1SchemaNames, v2SchemaNames } from "../../shared/api/schema-names.js";
import type { GroupActions, RouteAction } from "../../shared/http/group-handler.js";
import { fullPath, type RouteDefinition, routeKeyOf, routes } from "../../shared/http/routes.js";
import { type Components, createComponents, schemaAt } from "./components.js";
import type { DocumentedVersion } from "./documented-version.js";
import { envelopeComponents } from "./envelopes.js";
import { introductionOf } from "./introduction.js";
import { jsonSchemaOf } from "./json-schema.js";
import { parametersOf } from "./parameters.js";
import { IDEMPOTENCY_KEY, idempotentReplayedHeader, nextCursorHeader } from "./response-headers.js";
import { type DocumentedError, documented, pipelineErrors, responsesOf } from "./responses.js";
import { WEBHOOKS_TAG, webhooksOf } from "./webhooks.js";

export type { DocumentedVersion } from "./documented-version.js";

const titles: Record<DocumentedVersion, string> = {
  v1: "Digital-goods marketplace: Seller API v1",
  v2: "Digital-goods marketplace: Reseller API v2",
};

/** Each version's tags (name and description, in the reference's order), operation names and schema names. */
const naming: Record<
  DocumentedVersion,
  {
    readonly tags: Readonly<Record<string, string>>;
    readonly operations: Readonly<Record<string, OperationName<string>>>;
    readonly schemas: Readonly<Record<string, RouteSchemaNames>>;
  }
> = {
  v1: { tags: v1Tags, operations: v1Operations, schemas: v1SchemaNames },
  v2: { tags: v2Tags, operations: v2Operations, schemas: v2SchemaNames },
};

/** Why a route has no document entry: the generator refuses to skip one silently. */
export class MissingContractError extends Error {}

/** The schema at the root of a SchemaPath (`body`, `body:<type>`, `data`, `meta`), read as that side. */
const rootOf = (
  root: string,
  contract: RouteContract,
  action: RouteAction | undefined,
): { schema: ContractSchema | undefined; side: "input" | "output" } => {
  if (root === "data") return { schema: contract.success.data, side: "output" };
  if (root === "meta") return { schema: contract.success.meta, side: "output" };
  if (root === "body") return { schema: contract.requestBody?.schema ?? action?.body, side: "input" };
  const type = root.slice("body:".length);
  return { schema: contract.otherBodies?.find((other) => other.contentType === type)?.schema, side: "input" };
};

/** Registers the names a route gives its schemas; throws naming the route when a path holds no schema. */
const nameRouteSchemas = (
  components: Components,
  key: string,
  names: RouteSchemaNames,
  contract: RouteContract,
  action: RouteAction | undefined,
): void => {
  for (const [path, name] of Object.entries(names)) {
    if (name === undefined) continue;
    const [, root = "", steps = ""] = /^(body:[^.[]+|body|data|meta)(.*)$/.exec(path) ?? [];
    const { schema, side } = rootOf(root, contract, action);
    const where = `${key} ${path}`;
    if (schema === undefined) throw new Error(`${where}: the route has no ${root}`);
    components.name(name, schemaAt(schema, steps, side, where), side, where);
  }
};

/** The request body of an operation: the contract's own, or the action's JSON (and the others it takes). */
const requestBodyOf = (components: Components, contract: RouteContract, action: RouteAction | undefined) => {
  if (contract.requestBody)
    return {
      required: true,
      content: {
        [contract.requestBody.contentType]: { schema: components.use(contract.requestBody.schema, "input") },
      },
    };
  if (!action?.body) return undefined;
  return {
    required: true,
    content: {
      "application/json": {
        schema: components.use(action.body, "input"),
        ...(contract.requestExample === undefined ? {} : { example: contract.requestExample }),
      },
      ...Object.fromEntries(
        (contract.otherBodies ?? []).map((other) => [
          other.contentType,
          { schema: components.use(other.schema, "input") },
        ]),
      ),
    },
  };
};

/**
 * The OpenAPI 3.1 document of one API version, from the route table, the request schemas of the
 * handlers' actions, the version's contracts and the names of shared/api (operations, tags, schemas);
 * the v1 document also carries the webhooks. Every route of the version must have a contract.
 */
export const buildDocument = (
  version: DocumentedVersion,
  actions: Readonly<Record<string, GroupActions>>,
  contracts: VersionContracts,
  apiVersion: string,
): Record<string, unknown> => {
  const versionRoutes = routes.filter((route) => route.version === version);
  const missing = versionRoutes.filter((route) => contracts[routeKeyOf(route)] === undefined);
  if (missing.length > 0)
    throw new MissingContractError(`No contract for ${missing.map(routeKeyOf).join(", ")} (${version})`);
  const extra = Object.keys(contracts).filter((key) => !versionRoutes.some((r) => routeKeyOf(r) === key));
  if (extra.length > 0)
    throw new MissingContractError(`Contracts for routes not in the table: ${extra.join(", ")}`);
  const { tags, operations, schemas } = naming[version];
  const components = createComponents();
  const entries = versionRoutes.map((route) => {
    const key = routeKeyOf(route);
    const contract = contracts[key] as RouteContract;
    const action = actions[route.group]?.[key];
    nameRouteSchemas(components, key, schemas[key] ?? {}, contract, action);
    return { route, key, contract, action };
  });
  // Named first, so every conversion below writes a `$ref` wherever it meets a named schema.
  const webhooks = version === "v1" ? webhooksOf(components) : undefined;
  const codes = new Set<string>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { route, key, contract, action } of entries) {
    const operation = operationOf(version, route, contract, action, components, operations[key]);
    for (const error of operation.errors) codes.add(error.code);
    const pathItem = paths[fullPath(route)] ?? {};
    pathItem[route.method.toLowerCase()] = operation.document;
    paths[fullPath(route)] = pathItem;
  }
  return {
    openapi: "3.1.0",
    info: { title: titles[version], version: apiVersion, description: introductionOf(version) },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    tags: Object.entries(tags)
      .filter(([name]) => name !== WEBHOOKS_TAG || webhooks !== undefined)
      .map(([name, description]) => ({ name, description })),
    paths,
    ...(webhooks === undefined ? {} : { webhooks }),
    components: {
      schemas: { ...envelopeComponents(version, [...codes].sort()), ...components.definitions() },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: `The access_token of POST /api/${version}/auth/api-key/create.`,
        },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-KEY",
          description: "The seller API key: only POST /auth/api-key/create takes it.",
        },
      },
    },
  };
};

/** One route's operation object, and the refusals it documents. */
const operationOf = (
  version: DocumentedVersion,
  route: RouteDefinition,
  contract: RouteContract,
  action: RouteAction | undefined,
  components: Components,
  name: OperationName<string> | undefined,
): { document: Record<string, unknown>; errors: DocumentedError[] } => {
  if (name === undefined)
    throw new Error(`${routeKeyOf(route)} has no operation name (shared/api/operation-names.ts)`);
  const body = action?.body ? jsonSchemaOf(action.body, "input") : undefined;
  const query = action?.query ? jsonSchemaOf(action.query, "input") : undefined;
  const requestBody = requestBodyOf(components, contract, action);
  const errors = [
    ...pipelineErrors(route, {
      body: requestBody !== undefined,
      ...(body === undefined ? {} : { bodySchema: body }),
      ...(query === undefined ? {} : { querySchema: query }),
      ...(action?.maxBodyBytes === undefined ? {} : { maxBodyBytes: action.maxBodyBytes }),
    }),
    ...contract.errors,
  ].map((refusal) => documented(version, refusal));
  const headers = {
    ...(query?.properties !== undefined && "cursor" in (query.properties as object) ? nextCursorHeader : {}),
    ...(contract.headerParameters?.[IDEMPOTENCY_KEY] === undefined ? {} : idempotentReplayedHeader),
  };
  const security =
    route.auth === "bearer"
      ? [{ bearer: [] }]
      : route.path === "/auth/api-key/create"
        ? [{ apiKey: [] }]
        : [];
  const description = [
    contract.extension ? "**Extension** (not in the spec)." : "",
    contract.description ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  const document = {
    operationId: name.operationId,
    tags: [name.tag],
    summary: contract.summary,
    description: description === "" ? contract.summary : description,
    ...(contract.extension ? { "x-extension": true } : {}),
    security,
    parameters: parametersOf(
      version,
      route,
      contract,
      action?.query && query ? { json: query, schema: action.query } : undefined,
    ),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(
      version,
      contract,
      {
        data: components.use(contract.success.data, "output"),
        meta: contract.success.meta ? components.use(contract.success.meta, "output") : undefined,
        headers,
      },
      errors,
    ),
  };
  return { document, errors };
};

import type { Refusal } from "../errors/refusal.js";
import type * as z from "../validation/zod-mini.js";
import type { EndpointGroup, GroupRouteKey, VersionRouteKey } from "./route-table.js";

/** A zod schema, classic or mini. */
export type ContractSchema = z.core.$ZodType;

/** One request header a route reads: what it does and the values it accepts. */
export interface HeaderParameter {
  readonly description: string;
  readonly schema: ContractSchema;
  readonly required?: boolean;
}

/**
 * What the OpenAPI documents say of one route beyond its request schemas (which the route's action
 * declares and the generator reads from the handler): what it is for, its success answer's `data`
 * (and v2 `meta`) schema with an example, and every refusal it answers besides the pipeline's own
 * (401 for bearer routes, invalid JSON, 413 and schema failures for routes with a body or query).
 */
export interface RouteContract {
  readonly summary: string;
  readonly description?: string;
  /** A route beyond the spec: documented as an extension. */
  readonly extension?: true;
  /** Path parameters: a description each, by name. */
  readonly pathParameters?: Readonly<Record<string, string>>;
  /** Query parameters the handler reads without a declared schema: a description each, by name. */
  readonly queryParameters?: Readonly<Record<string, string>>;
  /** Request headers the route reads besides Authorization (e.g. Idempotency-Key), by name. */
  readonly headerParameters?: Readonly<Record<string, HeaderParameter>>;
  /** A body the handler reads itself (a multipart upload), instead of the action's JSON schema. */
  readonly requestBody?: { readonly contentType: string; readonly schema: ContractSchema };
  /**
   * Bodies the route takes besides the JSON its action declares (a code upload's text and file), which
   * the handler reads itself.
   */
  readonly otherBodies?: readonly { readonly contentType: string; readonly schema: ContractSchema }[];
  /** An example of the JSON body, for routes whose action declares a body schema. */
  readonly requestExample?: unknown;
  readonly success: {
    readonly status: number;
    readonly data: ContractSchema;
    /** v2 lists: the `meta` object's schema and an example of it. */
    readonly meta?: ContractSchema;
    readonly metaExample?: unknown;
    /** An example of `data`. */
    readonly example: unknown;
  };
  /** The catalogue's refusals (`shared/errors/refusals.ts`), as its services throw them. */
  readonly errors: readonly Refusal[];
}

/** Contracts of one API version as readers look them up: by `METHOD /path` relative to the prefix. */
export type VersionContracts = Readonly<Record<string, RouteContract>>;

/** The contracts of an endpoint group: one for each of its routes in the route table, and no other. */
export type GroupContracts<G extends EndpointGroup> = { readonly [K in GroupRouteKey<G>]: RouteContract };

/** The contracts of an API version: one for each of its routes in the route table, and no other. */
export type ApiContracts<V extends "v1" | "v2"> = { readonly [K in VersionRouteKey<V>]: RouteContract };

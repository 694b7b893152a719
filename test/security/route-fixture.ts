import type { DomainError } from "../../shared/errors/domain-error.js";
import type * as z from "../../shared/validation/zod-mini.js";
import type { SecurityWorld } from "./security-world.js";

/** A well-formed id (a ULID) that names nothing. */
export const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

/**
 * What a route answers a request: an exact refusal, an exact success, or, where the exact answer is
 * not the rule, any 4xx ("refused"), any 2xx ("accepted") or either ("any"), always in the envelope.
 */
export type Outcome =
  | { readonly error: DomainError }
  | { readonly data: unknown; readonly status?: number }
  | "refused"
  | "accepted"
  | "any";

/** How another account's valid token on the owner's request is answered. */
export type ForeignRule =
  /** The route addresses the owner's resource by id: this exact refusal, and nothing changes. */
  | { readonly refused: DomainError }
  /** The route acts on the caller's own account only: it answers, and shows nothing of the owner's. */
  | { readonly scoped: true }
  /** The route serves public or shared data: any account gets it. */
  | { readonly shared: string }
  /** Nothing to attack with another account's token, and why. */
  | { readonly none: string };

/** Everything the security suite needs to attack one route of the route table. */
export interface RouteFixture {
  /** Whose token the owner's requests carry: v1 routes act for the seller, v2 routes for the reseller. */
  readonly owner: "seller" | "reseller" | "none";
  /** The path (with its prefix) of a request on the owner's own resource. */
  readonly path: (world: SecurityWorld) => string;
  /** The body of that request (JSON). */
  readonly body?: (world: SecurityWorld) => unknown;
  /** The body of that request when it is an upload. */
  readonly form?: (world: SecurityWorld) => FormData;
  readonly foreign: ForeignRule;
  /**
   * Where hostile bodies go: a request that names nothing (or cannot succeed), so that a body the schema
   * accepts must still be refused, exactly as `answer` says for the validated body, and change nothing.
   */
  readonly target?: {
    readonly path?: (world: SecurityWorld) => string;
    readonly body: (world: SecurityWorld) => Record<string, unknown>;
    readonly answer: (validated: Record<string, unknown>, world: SecurityWorld) => Outcome;
    /** Sent by a throwaway account instead of the owner: the route has no target that names nothing. */
    readonly scratch?: true;
  };
  /** The largest body the route reads, when it is not the JSON limit (its action's `maxBodyBytes`). */
  readonly bodyLimit?: number;
  /** The body schema when the handler validates inside its action instead of declaring `body`. */
  readonly schema?: z.core.$ZodType;
  /** Headers a hostile body needs to reach validation (the payment callback's signature). */
  readonly signed?: true;
  /** How a query the schema accepts is answered (default: "accepted"); the query schema comes from the action. */
  readonly queryAnswer?: (validated: Record<string, unknown>) => Outcome;
  /** The refusal of a path parameter that names nothing (routes with one path parameter). */
  readonly unknownId?: (decoded: string) => DomainError;
}

/** The outcome of an exact refusal. */
export const error = (e: DomainError): Outcome => ({ error: e });

import type { v1Error, v2Error } from "../api/envelope-schemas.js";
import type { VersionRouteKey } from "../api/route-table.js";
import type { v1Contracts } from "../api/v1-contracts.js";
import type { v2Contracts } from "../api/v2-contracts.js";
import type * as z from "../validation/zod-mini.js";
import type { FormMember, v1RequestSchemas, v2RequestSchemas } from "./request-schemas.js";

/** The two APIs the client speaks. */
export type ClientVersion = "v1" | "v2";

interface Contracts {
  v1: typeof v1Contracts;
  v2: typeof v2Contracts;
}
interface Requests {
  v1: typeof v1RequestSchemas;
  v2: typeof v2RequestSchemas;
}

/** The token exchange: the client makes it itself, so it is not an operation. */
type TokenExchange = "POST /auth/api-key/create";

/** Route keys of a version the client calls, as the route table spells them: `METHOD /path`. */
export type OperationKey<V extends ClientVersion> = Exclude<VersionRouteKey<V>, TokenExchange>;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;

/** `{ id: string }` for `GET /orders/info/{id}`. */
export type PathParams<K extends string> = { [N in ParamNames<PathOf<K>>]: string | number };

// `undefined` rather than `never` when absent: `never` would match every conditional below.
type RequestOf<V extends ClientVersion, K extends string> = K extends keyof Requests[V]
  ? Requests[V][K]
  : undefined;
type ContractOf<V extends ClientVersion, K extends string> = K extends keyof Contracts[V]
  ? Contracts[V][K]
  : undefined;

/** Query values travel as strings; the client also takes numbers and writes them out. */
type QueryValues<Q> = { [P in keyof Q]?: Exclude<Q[P], undefined> | (string extends Q[P] ? number : never) };

type QueryInput<V extends ClientVersion, K extends string> =
  RequestOf<V, K> extends { query: infer S extends z.core.$ZodType }
    ? { query?: QueryValues<z.input<S>> }
    : ContractOf<V, K> extends { queryParameters: infer Q }
      ? { query?: { [P in keyof Q]?: string | number } }
      : unknown;

type BodyInput<V extends ClientVersion, K extends string> =
  RequestOf<V, K> extends { body: infer S extends z.core.$ZodType }
    ? { body: z.input<S> }
    : RequestOf<V, K> extends { form: infer F }
      ? { form: { [P in keyof F]: F[P] extends Extract<FormMember, "file"> ? Blob : string } }
      : unknown;

type PathInput<K extends string> = [ParamNames<PathOf<K>>] extends [never]
  ? unknown
  : { path: PathParams<K> };

/**
 * What one operation takes: its path parameters, its JSON body (the handler's body schema's input),
 * its query (the handler's query schema), or its multipart form; and any extra headers
 * (e.g. `Idempotency-Key` on v2 `/buy` and `/gift`).
 */
export type OperationInput<V extends ClientVersion, K extends string> = Flatten<
  PathInput<K> & BodyInput<V, K> & QueryInput<V, K> & { headers?: Record<string, string> }
>;

/** `[input]` when the operation needs something, `[input?]` when it can be called bare. */
export type OperationArgs<V extends ClientVersion, K extends string> =
  Record<never, never> extends Omit<OperationInput<V, K>, "headers" | "query">
    ? [input?: OperationInput<V, K>]
    : [input: OperationInput<V, K>];

/** The success answer's `data`, as the route's contract declares it (the schema the OpenAPI document shows). */
export type OperationData<V extends ClientVersion, K extends string> =
  ContractOf<V, K> extends { success: { data: infer S extends z.core.$ZodType } } ? z.output<S> : unknown;

/** A v2 list's `meta`, as its contract declares it. */
export type OperationMeta<V extends ClientVersion, K extends string> =
  ContractOf<V, K> extends { success: { meta: infer S extends z.core.$ZodType } }
    ? z.output<S>
    : Record<string, unknown>;

/** A version's error envelope: v1 `{status: "error", message}`, v2 `{ok: false, code, message, …}`. */
export type ErrorEnvelope<V extends ClientVersion> = V extends "v1"
  ? z.output<typeof v1Error>
  : z.output<typeof v2Error>;

interface Answer {
  /** The HTTP status. */
  readonly status: number;
  /** The `x-request-id` the service answered with, for support. */
  readonly requestId: string | undefined;
  /** Every response header (e.g. `x-next-cursor` on cursor-paged lists, `idempotent-replayed`). */
  readonly headers: Headers;
}

/** A 2xx answer: the envelope's `data` (and, in v2, `meta`). */
export type OperationSuccess<V extends ClientVersion, K extends string> = Answer & {
  readonly ok: true;
  readonly data: OperationData<V, K>;
} & (V extends "v2" ? { readonly meta: OperationMeta<V, K> } : unknown);

/** A 4xx answer, returned rather than thrown: the version's error envelope as the service sent it. */
export type OperationFailure<V extends ClientVersion> = Answer & {
  readonly ok: false;
  readonly error: ErrorEnvelope<V>;
};

/** What an operation resolves to: check `ok` before reading `data` or `error`. */
export type OperationResult<V extends ClientVersion, K extends string> =
  | OperationSuccess<V, K>
  | OperationFailure<V>;

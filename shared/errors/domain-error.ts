/**
 * The service's typed errors. Services throw these with a kind, a machine-readable code and the one
 * human-readable message; `shared/http` maps each kind to the status and envelope of each API version,
 * so no domain module knows about HTTP. Anything that is not a DomainError is an unexpected failure.
 * Services throw refusals of the catalogue (`refusals.ts`, `refuse`), never a message of their own.
 */
export type ErrorKind =
  /** Bad input the APIs answer with 400 in both versions: unreadable bodies, wrong codes, bad arguments. */
  | "bad_request"
  /** A field or parameter failed its schema; v1 answers 400 and v2 422 with every problem listed. */
  | "invalid_input"
  /** Missing or invalid credentials. */
  | "unauthenticated"
  /** The caller may not do this. */
  | "forbidden"
  /** The resource does not exist or is not visible to the caller. */
  | "not_found"
  /** The request conflicts with the current state. */
  | "conflict"
  /** Well-formed input that a rule refuses. */
  | "unprocessable"
  /** Too many attempts; the caller must wait. */
  | "rate_limited"
  /** The request body is larger than the route accepts; refused before it is read. */
  | "payload_too_large"
  /** A dependency failed in a way the caller should hear about by name (e.g. an upload). */
  | "dependency_failed"
  /** An unexpected failure; its message never carries internals. */
  | "internal"
  /** The route exists in the interface but its capability has not shipped yet. */
  | "not_implemented";

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Machine-readable code, e.g. `unauthorized`, `insufficient_balance` (the v2 `code`). */
    readonly code: string,
    /** The one human-readable message (v1 `message`, v2 top-level `message`). */
    message: string,
    /** Structured details (v2 `error.details`), never shown in v1. */
    readonly details?: Record<string, unknown>,
    /** Seconds the caller should wait before trying again (the `Retry-After` of a refusal), if known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

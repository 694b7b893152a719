import { DomainError, type ErrorKind } from "./domain-error.js";

/**
 * What a refusal of the catalogue (`refusals.ts`) is, and how it is thrown and cited: `refuse` makes the
 * error a service throws, `worded` words a template with its values.
 */
export interface Refusal {
  readonly kind: ErrorKind;
  /** The v2 `code` (v1 answers carry only the message). */
  readonly code: string;
  readonly message: string;
  readonly spec?: true;
}

/** A refusal whose message names values (a limit, a field, an id): worded with `worded`. */
export interface RefusalTemplate<P> {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly message: (params: P) => string;
  readonly spec?: true;
}

/** Extras a refusal may carry: structured details (v2 `error.details`) and a Retry-After. */
export interface RefusalExtras {
  readonly details?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;
}

/** The error a service throws for a refusal of the catalogue. */
export const refuse = (refusal: Refusal, extras: RefusalExtras = {}): DomainError =>
  new DomainError(refusal.kind, refusal.code, refusal.message, extras.details, extras.retryAfterSeconds);

/** One wording of a template refusal: what a service throws and a contract cites. */
export const worded = <P>(refusal: RefusalTemplate<P>, params: P): Refusal =>
  refusal.spec
    ? { kind: refusal.kind, code: refusal.code, message: refusal.message(params), spec: true }
    : { kind: refusal.kind, code: refusal.code, message: refusal.message(params) };

import type { ErrorKind } from "../domain-error.js";
import type { Refusal, RefusalTemplate } from "../refusal.js";

/*
 * How the catalogue's modules declare a refusal. Only they may import this module (a dependency-cruiser
 * rule): everywhere else a refusal is one of the catalogue's, never a message of its own.
 */

/** A refusal with one fixed message. */
export const fixed = (kind: ErrorKind, code: string, message: string, spec?: "spec"): Refusal =>
  spec ? { kind, code, message, spec: true } : { kind, code, message };

/** A refusal whose message names values. */
export const template = <P>(
  kind: ErrorKind,
  code: string,
  message: (params: P) => string,
  spec?: "spec",
): RefusalTemplate<P> => (spec ? { kind, code, message, spec: true } : { kind, code, message });

/** A schema failure's message: 400 in v1 and 422 in v2, code `invalid_request`. */
export const input = (message: string, spec?: "spec") =>
  fixed("invalid_input", "invalid_request", message, spec);
/** A schema failure whose message names values. */
export const inputTemplate = <P>(message: (params: P) => string, spec?: "spec") =>
  template("invalid_input", "invalid_request", message, spec);
/** A request the service cannot read or act on: 400 in both versions. */
export const badRequest = (message: string, spec?: "spec") =>
  fixed("bad_request", "invalid_request", message, spec);
/** Something the caller named that is not there (or not theirs to see). */
export const notFound = (message: string, spec?: "spec") => fixed("not_found", "not_found", message, spec);
/** A request the current state refuses. */
export const conflict = (message: string, spec?: "spec") => fixed("conflict", "conflict", message, spec);

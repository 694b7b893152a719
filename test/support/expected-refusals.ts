import { DomainError } from "../../shared/errors/domain-error.js";

/*
 * The refusals tests expect, built from the test's own words (kind, code, message) rather than from the
 * catalogue, so a test still fails when a catalogue entry is reworded by mistake.
 */

/** The request cannot be read or is malformed. */
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new DomainError("bad_request", "invalid_request", message, details);

/** Missing or invalid credentials; never says which. */
export const unauthorized = () => new DomainError("unauthenticated", "unauthorized", "Unauthorized");

/** The caller may not do this. */
export const forbidden = (message = "Access denied", code = "forbidden") =>
  new DomainError("forbidden", code, message);

/** The resource does not exist or is not visible to the caller. */
export const notFound = (message = "Not found", code = "not_found") =>
  new DomainError("not_found", code, message);

/** The request conflicts with the current state. */
export const conflict = (message: string, code = "conflict") => new DomainError("conflict", code, message);

/** Well-formed but invalid input. */
export const unprocessable = (message: string, code = "invalid_request", details?: Record<string, unknown>) =>
  new DomainError("unprocessable", code, message, details);

const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** The body is over the route's limit (bytes); refused before parsing or authentication costs anything. */
export const payloadTooLarge = (limitBytes: number) =>
  new DomainError(
    "payload_too_large",
    "payload_too_large",
    `Request body too large (max ${formatBytes(limitBytes)})`,
  );

/** Too many attempts in the current window; the caller may try again after `retryAfterSeconds`. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", "too_many_requests", "Too many requests", undefined, retryAfterSeconds);

/** The capability of a route has not shipped yet. */
export const notImplemented = () => new DomainError("not_implemented", "not_implemented", "Not implemented");

/**
 * The service's typed errors. Services throw these; the error-envelope middleware maps each to the
 * v1 or v2 envelope in one place. Anything that is not an AppError becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    /** HTTP status the client receives. */
    readonly status: number,
    /** Machine-readable v2 code, e.g. `unauthorized`, `insufficient_balance`. */
    readonly code: string,
    /** The one human-readable message (v1 `message`, v2 top-level `message`). */
    message: string,
    /** Structured v2 `error.details`, never shown in v1. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** 400: the request cannot be read or is malformed. */
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, "invalid_request", message, details);

/** 401: missing or invalid credentials. */
export const unauthorized = () => new AppError(401, "unauthorized", "Unauthorized");

/** 403: the caller may not do this. */
export const forbidden = (message = "Access denied", code = "forbidden") => new AppError(403, code, message);

/** 404: the resource does not exist or is not visible to the caller. */
export const notFound = (message = "Not found", code = "not_found") => new AppError(404, code, message);

/** 409: the request conflicts with the current state. */
export const conflict = (message: string, code = "conflict") => new AppError(409, code, message);

/** 422: well-formed but invalid input. */
export const unprocessable = (message: string, code = "invalid_request", details?: Record<string, unknown>) =>
  new AppError(422, code, message, details);

/** 501: the route exists in the interface but its capability has not shipped yet. */
export const notImplemented = () => new AppError(501, "not_implemented", "Not implemented");

import type { ErrorKind } from "../errors/domain-error.js";
import type { EnvelopeKind } from "./envelopes.js";

const common = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  dependency_failed: 500,
  internal: 500,
  not_implemented: 501,
} as const satisfies Partial<Record<ErrorKind, number>>;

/** The HTTP status of each error kind, per API version: only schema failures differ (v1 400, v2 422). */
const statusByVersion: Record<EnvelopeKind, Record<ErrorKind, number>> = {
  v1: { ...common, invalid_input: 400 },
  v2: { ...common, invalid_input: 422 },
};

/** The status an error of this kind answers with in this API version. */
export const statusOf = (version: EnvelopeKind, kind: ErrorKind): number => statusByVersion[version][kind];

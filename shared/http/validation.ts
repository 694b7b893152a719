import type { z } from "zod";
import { AppError } from "./app-error.js";
import type { EnvelopeKind } from "./envelopes.js";

const fieldName = (path: readonly PropertyKey[]): string => path.map(String).join(".");

/** The one message for a zod issue: a missing field is named the way the v1 spec words it. */
const messageOf = (issue: z.core.$ZodIssue): string => {
  const field = fieldName(issue.path);
  if (issue.code === "invalid_type" && issue.input === undefined && field !== "") {
    return `Field '${field}' is required`;
  }
  if (issue.code === "unrecognized_keys") return `Field '${issue.keys[0] ?? ""}' is not allowed`;
  return issue.message;
};

/** Validates input with a zod schema; failure is a 400 (v1) or a 422 `invalid_request` (v2) naming the problem. */
export const validate = <T extends z.ZodType>(kind: EnvelopeKind, schema: T, input: unknown): z.infer<T> => {
  // Zod 4 leaves `input` out of issues unless asked; it tells a missing field from a mistyped one.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  const message = first ? messageOf(first) : "Invalid request";
  if (kind === "v1") throw new AppError(400, "invalid_request", message);
  throw new AppError(422, "invalid_request", message, {
    issues: issues.map((i) => ({ field: fieldName(i.path), message: messageOf(i) })),
  });
};

import type { z } from "zod";
import { DomainError } from "../errors/domain-error.js";

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

/**
 * Validates input with a zod schema. Failure is an `invalid_input` error whose message names the first
 * problem and whose details list every one (v1 shows the message only; v2 shows both).
 */
export const validate = <T extends z.ZodType>(schema: T, input: unknown): z.infer<T> => {
  // Zod 4 leaves `input` out of issues unless asked; it tells a missing field from a mistyped one.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  throw new DomainError("invalid_input", "invalid_request", first ? messageOf(first) : "Invalid request", {
    issues: issues.map((i) => ({ field: fieldName(i.path), message: messageOf(i) })),
  });
};

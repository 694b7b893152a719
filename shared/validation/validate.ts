import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import * as z from "./zod-mini.js";

/** What the input is made of, for messages: body fields, or query parameters. */
export type InputNoun = "Field" | "Parameter";

interface Problem {
  readonly field: string;
  readonly message: string;
}

const fieldName = (path: readonly PropertyKey[]): string => path.map(String).join(".");

/** The problems of one zod issue: an unknown key is named, one problem per key; a missing one is named the v1 way. */
const problemsOf = (issue: z.core.$ZodIssue, noun: InputNoun): Problem[] => {
  const field = fieldName(issue.path);
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      field: field === "" ? key : `${field}.${key}`,
      message: refusals.fieldNotAllowed.message({ noun, field: key }),
    }));
  }
  if (issue.code === "invalid_type" && issue.input === undefined && field !== "") {
    return [{ field, message: refusals.fieldRequired.message({ noun, field }) }];
  }
  return [{ field, message: issue.message }];
};

/**
 * Validates input with a zod schema, classic or mini (both are core schemas). Failure is an `invalid_input` error whose message names the first
 * problem and whose details list every one, each with the field or parameter it is about (v1 shows the
 * message only; v2 shows both).
 */
export const validate = <T extends z.core.$ZodType>(
  schema: T,
  input: unknown,
  noun: InputNoun = "Field",
): z.infer<T> => {
  // Zod 4 leaves `input` out of issues unless asked; it tells a missing field from a mistyped one.
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) return result.data;
  const problems = result.error.issues.flatMap((issue) => problemsOf(issue, noun));
  const first = problems[0]?.message;
  const refusal =
    first === undefined ? refusals.invalidRequest : { ...refusals.invalidRequest, message: first };
  throw refuse(refusal, { details: { issues: problems } });
};

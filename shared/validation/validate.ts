import { type Refusal, refuse } from "../errors/refusal.js";
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
 * A check that refuses with one of the catalogue's refusals, under its own code and status rather than
 * `invalid_request`: a rule that needs nothing but the value (a comment's length) is checked with the
 * rest of the input and still answers as the service words it. `validate` reads the cited refusal.
 */
export const refusing = <T>(refusal: Refusal, accepts: (value: T) => boolean) =>
  z.refine<T>(accepts, { error: refusal.message, params: { refusal }, abort: true });

/** The refusal a `refusing` check cites for its issue, if it is one. */
const citedRefusal = (issue: z.core.$ZodIssue | undefined): Refusal | undefined =>
  issue?.code === "custom" ? (issue.params?.refusal as Refusal | undefined) : undefined;

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
    citedRefusal(result.error.issues[0]) ??
    (first === undefined ? refusals.invalidRequest : { ...refusals.invalidRequest, message: first });
  throw refuse(refusal, { details: { issues: problems } });
};

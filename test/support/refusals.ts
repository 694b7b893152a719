import { DomainError } from "../../shared/errors/domain-error.js";
import { type InputNoun, validate } from "../../shared/validation/validate.js";
import type * as z from "../../shared/validation/zod-mini.js";

/** One problem as `validate` lists it in `details.issues` (shown by v2). */
export interface Issue {
  readonly field: string;
  readonly message: string;
}

/** What `validate` threw, reduced to what the APIs show. */
export interface Refusal {
  readonly kind: string;
  readonly code: string;
  readonly message: string;
  /** The first listed problem: the one the message comes from. */
  readonly firstIssue: Issue | undefined;
  /** Every field a listed problem names, once each. */
  readonly fieldsNamed: readonly string[];
}

/** Validates `input` with `schema` and returns how it was refused; fails when the schema accepts it. */
export const refusalOf = (schema: z.core.$ZodType, input: unknown, noun: InputNoun = "Field"): Refusal => {
  try {
    validate(schema, input, noun);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const issues = (error.details?.issues ?? []) as readonly Issue[];
    return {
      kind: error.kind,
      code: error.code,
      message: error.message,
      firstIssue: issues[0],
      fieldsNamed: [...new Set(issues.map((issue) => issue.field))],
    };
  }
  throw new Error("the schema accepted the input");
};

/** The refusal of an input whose only problem is `field` ("" for the body itself or an unknown key). */
export const invalidInput = (field: string, message: string): Refusal => ({
  kind: "invalid_input",
  code: "invalid_request",
  message,
  firstIssue: { field, message },
  fieldsNamed: [field],
});

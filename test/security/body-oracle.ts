import { DomainError } from "../../shared/errors/domain-error.js";
import { JSON_BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from "../../shared/http/body-limits.js";
import { nestsDeeperThan } from "../../shared/http/json-depth.js";
import { validate } from "../../shared/validation/validate.js";
import type * as z from "../../shared/validation/zod-mini.js";
import { badRequest, payloadTooLarge } from "../support/expected-refusals.js";
import type { Outcome } from "./route-fixture.js";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** What a JSON body becomes before validation: the parsed value, or the refusal of the bytes themselves. */
const parsedBody = (bytes: Buffer, limit: number): { value: unknown } | { refusal: DomainError } => {
  if (bytes.length > limit) return { refusal: payloadTooLarge(limit) };
  if (bytes.length === 0) return { value: undefined };
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { refusal: badRequest("Invalid JSON") };
  }
  if (text.includes("\uFFFD")) return { refusal: badRequest("Invalid JSON") };
  if (text.trim() === "") return { value: undefined };
  if (nestsDeeperThan(bytes, MAX_JSON_DEPTH)) {
    return { refusal: badRequest(`Invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels`) };
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { refusal: badRequest("Invalid JSON") };
  }
};

/**
 * The answer a JSON body must get, decided by the service's documented body rules (size, UTF-8, depth,
 * JSON) and the route's own schema: refused exactly as `validate` words it, or, when the schema accepts
 * it, whatever the route's target answers for the validated body.
 */
export const expectedForBody = (
  schema: z.core.$ZodType,
  bytes: Buffer,
  accepted: (validated: Record<string, unknown>) => Outcome,
  /** The route's body limit. */
  limit = JSON_BODY_LIMIT_BYTES,
): Outcome => {
  const parsed = parsedBody(bytes, limit);
  if ("refusal" in parsed) return { error: parsed.refusal };
  try {
    return accepted(validate(schema, parsed.value) as Record<string, unknown>);
  } catch (error) {
    if (error instanceof DomainError) return { error };
    throw error;
  }
};

/** The answer a query must get: refused exactly as `validate` words it for parameters, else what the route answers. */
export const expectedForQuery = (
  schema: z.core.$ZodType,
  query: Record<string, string>,
  accepted: (validated: Record<string, unknown>) => Outcome,
): Outcome => {
  try {
    return accepted(validate(schema, query, "Parameter") as Record<string, unknown>);
  } catch (error) {
    if (error instanceof DomainError) return { error };
    throw error;
  }
};

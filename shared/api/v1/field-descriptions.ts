import * as z from "../../validation/zod-mini.js";

/*
 * What the documents say of each field a request sends (or an answer defined beside its service holds),
 * registered on the field's own schema, the one that validates it. The words live here, in the contracts
 * (which only the document builder and tests import), not in the modules that define the schemas: every
 * Lambda bundles those, and words (or zod's registry,
 * about 900 bytes) the service never reads would count against each function's bytes budget
 * (test/functions/function-bundles.test.ts). The limits are the checks themselves, which the documents
 * read; only a rule JSON Schema has no keyword for in the check (a URL or nothing) or that the service
 * applies (how many codes an upload holds) is stated here, and the limits test proves it at its edges.
 */

/** A field's schema as a request schema's shape holds it. */
type FieldSchema = z.core.$ZodType;

/** Gives one field's schema its description in the documents, keeping what else they say of it. */
export const describeField = (schema: FieldSchema, description: string): void => {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
};

/**
 * States in the documents a rule of one field that its schema's checks cannot show (a refine, or the
 * service): JSON Schema keywords, which replace what the checks would say of the same keys.
 */
export const documentRule = (schema: FieldSchema, rule: Readonly<Record<string, unknown>>): void => {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), ...rule });
};

/** What the documents say of an `api_url` (`apiUrlField`): "" or an http(s) URL, which no one format is. */
export const API_URL_RULE = {
  anyOf: [{ const: "" }, { format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" }],
} as const;

/**
 * Gives every field of a schema's shape its description: a field left out fails `tsc`, so a field added
 * to a body or an answer without words fails before the description test does.
 */
export const describeFields = <S extends Readonly<Record<string, FieldSchema>>>(
  shape: S,
  descriptions: { readonly [K in keyof S]: string },
): void => {
  for (const [field, schema] of Object.entries(shape)) describeField(schema, descriptions[field] as string);
};

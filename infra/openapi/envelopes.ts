import { v1Error, v1Success, v2Error, v2Success } from "../../shared/api/envelope-schemas.js";
import * as z from "../../shared/validation/zod-mini.js";
import type { DocumentedVersion } from "./documented-version.js";
import { componentRef, type JsonSchema, jsonSchemaOf } from "./json-schema.js";

/** The component names of each version's envelopes. */
export const envelopeNames = {
  v1: { success: "V1Success", error: "V1Error" },
  v2: { success: "V2Success", error: "V2Error" },
} as const satisfies Record<DocumentedVersion, { success: string; error: string }>;

const anyData = z.unknown().check(z.describe("The route's answer: each operation names its schema"));
const anyMeta = z
  .record(z.string(), z.unknown())
  .check(z.describe("Pagination of a list (each list names its schema); {} for any other answer"));

type Properties = Record<string, JsonSchema>;

/**
 * The v2 error envelope as the document states it: `code` (and `error.code`) one of `codes`, the codes
 * the document lists for its routes; `http_status` optional, as the spec has it, though the service
 * always sends it.
 */
const documentedV2Error = (codes: readonly string[]): JsonSchema => {
  const json = jsonSchemaOf(v2Error, "output");
  const properties = json.properties as Properties;
  const error = properties.error as JsonSchema;
  const enumerated = (property: JsonSchema): JsonSchema => ({ ...property, enum: [...codes] });
  return {
    ...json,
    properties: {
      ...properties,
      code: enumerated(properties.code as JsonSchema),
      http_status: {
        ...(properties.http_status as JsonSchema),
        type: "integer",
        description:
          "The answer's HTTP status, repeated. Optional in the spec; this service always sends it.",
      },
      error: {
        ...error,
        properties: {
          ...(error.properties as Properties),
          code: enumerated((error.properties as Properties).code as JsonSchema),
        },
      },
    },
    required: (json.required as string[]).filter((name) => name !== "http_status"),
  };
};

/** The envelope components of a version's document: its success envelope and its error envelope. */
export const envelopeComponents = (
  version: DocumentedVersion,
  v2Codes: readonly string[],
): Record<string, JsonSchema> =>
  version === "v1"
    ? {
        V1Error: { ...jsonSchemaOf(v1Error, "output"), description: "Every v1 error: its message only." },
        V1Success: {
          ...jsonSchemaOf(v1Success(anyData), "output"),
          description: "Every v1 success: `data` holds the answer.",
        },
      }
    : {
        V2Error: {
          ...documentedV2Error(v2Codes),
          description: "Every v2 error: a code for programs, a message for people.",
        },
        V2Success: {
          ...jsonSchemaOf(v2Success(anyData, anyMeta), "output"),
          description: "Every v2 success: `data` holds the answer and `meta` its pagination.",
        },
      };

/**
 * The schema of one route's success answer: the version's success envelope with the route's `data` (and
 * v2 `meta`) in it, as `allOf`, so a generated client has both the envelope's type and the answer's.
 */
export const successSchema = (
  version: DocumentedVersion,
  data: JsonSchema,
  meta: JsonSchema | undefined,
): JsonSchema => {
  const properties: Properties = {
    data: { ...data, description: data.description ?? "What this route answers" },
    ...(version === "v2" && meta !== undefined
      ? { meta: { ...meta, description: meta.description ?? "The page this list holds" } }
      : {}),
  };
  return {
    allOf: [
      { $ref: componentRef(envelopeNames[version].success) },
      { type: "object", properties, required: Object.keys(properties) },
    ],
  };
};

/** The schema of every error answer of a version. */
export const errorSchema = (version: DocumentedVersion): JsonSchema => ({
  $ref: componentRef(envelopeNames[version].error),
});

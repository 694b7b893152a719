import {
  type $ZodRegistry,
  type JSONSchemaGeneratorParams,
  type ToJSONSchemaParams,
  toJSONSchema,
} from "zod/v4/core";
import type { ContractSchema } from "../../shared/api/route-contract.js";

/** A JSON Schema object as OpenAPI 3.1 embeds it (draft 2020-12). */
export type JsonSchema = Record<string, unknown>;

/** The schemas a document names (`components.schemas`), each registered under its name. */
export type SchemaNameRegistry = $ZodRegistry<{ id: string }>;

/** Where a named schema lives in a document. */
export const componentRef = (name: string): string => `#/components/schemas/${name}`;

/** The id an unnamed root is registered under while it is converted; a `$ref` to it is a cycle. */
const ROOT_ID = "#root";

/** Replaces each `$ref` zod wrote as a bare component name with the document's pointer to it. */
const pointRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(pointRefs);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => {
      if (key !== "$ref" || typeof member !== "string") return [key, pointRefs(member)];
      if (member.includes("#")) throw new Error(`A schema refers to ${member}, which no component names`);
      return [key, componentRef(member)];
    }),
  );
};

/**
 * The JSON Schema of a zod schema, as a request must send it (`input`) or as a response carries it
 * (`output`). Transforms have no JSON Schema; their input side is what a client sends. A schema of
 * `names` met inside is a `$ref` to its component; `schema` itself, even when named, is written out
 * (that is how a component's own definition is made).
 */
export const jsonSchemaOf = (
  schema: ContractSchema,
  io: "input" | "output",
  names?: SchemaNameRegistry,
): JsonSchema => {
  const params: ToJSONSchemaParams & Pick<JSONSchemaGeneratorParams, "external"> = {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // zod's integers carry the safe-integer range as bounds; a reader learns nothing from them.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
    // zod's own way of leaving registered schemas out: each becomes `$ref: "<name>"` (no `uri`, so an
    // unnamed root needs no id), which `pointRefs` turns into the component's pointer.
    ...(names === undefined ? {} : { external: { registry: names, defs: {} } }),
  };
  // With `external`, zod writes out only registered roots (an unregistered one becomes a `$ref` into a
  // shared `$defs`): an unnamed root is registered for the conversion alone.
  const unnamedRoot = names !== undefined && !names.has(schema);
  if (unnamedRoot) names.add(schema, { id: ROOT_ID });
  try {
    const { $schema: _dialect, ...rest } = toJSONSchema(schema, params) as JsonSchema;
    return names === undefined ? rest : (pointRefs(rest) as JsonSchema);
  } finally {
    if (unnamedRoot) names.remove(schema);
  }
};

import { toJSONSchema } from "zod/v4/core";
import type { ContractSchema } from "../../shared/api/route-contract.js";

/** A JSON Schema object as OpenAPI 3.1 embeds it (draft 2020-12). */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of a zod schema, as a request must send it (`input`) or as a response carries it
 * (`output`). Transforms have no JSON Schema; their input side is what a client sends.
 */
export const jsonSchemaOf = (schema: ContractSchema, io: "input" | "output"): JsonSchema => {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // zod's integers carry the safe-integer range as bounds; a reader learns nothing from them.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  return rest;
};

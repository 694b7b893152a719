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
  }) as JsonSchema;
  return rest;
};

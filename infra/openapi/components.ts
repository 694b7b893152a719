import type { ContractSchema } from "../../shared/api/route-contract.js";
import * as z from "../../shared/validation/zod-mini.js";
import { componentRef, type JsonSchema, jsonSchemaOf, type SchemaNameRegistry } from "./json-schema.js";

/** Input (requests, webhook bodies) or output (answers): each name's schema is written out as that side. */
type Side = "input" | "output";

/** Wrappers a name looks through: an optional or nullable member names the schema it wraps. */
const wrappers = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"]);

interface WrapperDef {
  readonly type: string;
  readonly innerType?: ContractSchema;
  readonly in?: ContractSchema;
  readonly out?: ContractSchema;
  readonly shape?: Readonly<Record<string, ContractSchema>>;
  readonly element?: ContractSchema;
}

const defOf = (schema: ContractSchema): WrapperDef => schema._zod.def as WrapperDef;

/** The schema a wrapper (or a pipe, by the side read) holds, until one that is neither. */
const unwrapped = (schema: ContractSchema, side: Side): ContractSchema => {
  const def = defOf(schema);
  if (wrappers.has(def.type) && def.innerType) return unwrapped(def.innerType, side);
  // As zod writes a pipe: its input side, unless that is a transform (then what it feeds, as zod does).
  if (def.type === "pipe" && def.in && def.out)
    return unwrapped(side === "input" && defOf(def.in).type !== "transform" ? def.in : def.out, side);
  return schema;
};

/**
 * The schema at `steps` below `schema`: `.member` of an object, `[]` of an array (see SchemaPath in
 * shared/api/schema-names.ts), looking through wrappers; throws naming the step that has no schema.
 */
export const schemaAt = (
  schema: ContractSchema,
  steps: string,
  side: Side,
  where: string,
): ContractSchema => {
  let at = unwrapped(schema, side);
  for (const [step, member] of steps.matchAll(/\.([^.[\]]+)|\[\]/g)) {
    const def = defOf(at);
    const next = member === undefined ? def.element : def.shape?.[member];
    if (next === undefined) throw new Error(`${where}: no schema at ${step} (found: ${def.type})`);
    at = unwrapped(next, side);
  }
  return at;
};

interface Named {
  readonly name: string;
  readonly schema: ContractSchema;
  readonly side: Side;
  readonly where: string;
}

/**
 * The named schemas of one document (its `components.schemas`): what a route or webhook names is
 * registered, so every conversion of the document writes a `$ref` where it meets one. One schema has one
 * name; a name given to two schemas (or to one schema read as input and as output) must come out as the
 * same JSON Schema, and the document holds it once.
 */
export const createComponents = () => {
  const registry: SchemaNameRegistry = z.registry<{ id: string }>();
  const named: Named[] = [];

  return {
    registry,

    /** Names the schema (looking through wrappers); throws when it already has another name. */
    name(name: string, schema: ContractSchema, side: Side, where: string): void {
      const target = unwrapped(schema, side);
      const existing = registry.get(target)?.id;
      if (existing !== undefined && existing !== name) {
        const first = named.find((entry) => entry.schema === target)?.where;
        throw new Error(`${where} names ${name} the schema ${first} already names ${existing}`);
      }
      registry.add(target, { id: name });
      named.push({ name, schema: target, side, where });
    },

    /** `$ref` to the schema's component when it has a name, else the schema written out. */
    use(schema: ContractSchema, side: Side): JsonSchema {
      const id = registry.get(schema)?.id;
      return id === undefined ? jsonSchemaOf(schema, side, registry) : { $ref: componentRef(id) };
    },

    /** Each name's JSON Schema, by name in alphabetical order; throws when a name means two schemas. */
    definitions(): Record<string, JsonSchema> {
      const definitions = new Map<string, { json: JsonSchema; where: string }>();
      for (const { name, schema, side, where } of named) {
        const json = jsonSchemaOf(schema, side, registry);
        const first = definitions.get(name);
        if (first === undefined) definitions.set(name, { json, where });
        else if (JSON.stringify(first.json) !== JSON.stringify(json))
          throw new Error(
            `${name} names two different schemas: ${first.where} and ${where}\n${JSON.stringify(first.json)}\n${JSON.stringify(json)}`,
          );
      }
      return Object.fromEntries(
        [...definitions].sort(([a], [b]) => a.localeCompare(b)).map(([name, { json }]) => [name, json]),
      );
    },
  };
};

export type Components = ReturnType<typeof createComponents>;

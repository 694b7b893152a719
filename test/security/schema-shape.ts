import type * as z from "../../shared/validation/zod-mini.js";

/** What the hostile-input generator needs to know of a field: how it is typed at heart. */
export type FieldKind = "string" | "number" | "other";

/** The fields of an object schema and whether unknown keys are refused. */
export interface ObjectShape {
  readonly fields: Readonly<Record<string, FieldKind>>;
  readonly strict: boolean;
}

interface Def {
  readonly type: string;
  readonly shape?: Record<string, z.core.$ZodType>;
  readonly catchall?: z.core.$ZodType;
  readonly in?: z.core.$ZodType;
  readonly out?: z.core.$ZodType;
  readonly innerType?: z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;

/** The schema under optional, default, nullable and pipe wrappers (a pipe from a transform is read at its output). */
const unwrap = (schema: z.core.$ZodType): z.core.$ZodType => {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe" && def.in && def.out) {
    return defOf(def.in).type === "transform" ? unwrap(def.out) : unwrap(def.in);
  }
  return schema;
};

const kindOf = (schema: z.core.$ZodType): FieldKind => {
  const type = defOf(unwrap(schema)).type;
  return type === "string" ? "string" : type === "number" || type === "int" ? "number" : "other";
};

/** The object a body or query schema validates, read from zod's own definition; fails for anything else. */
export const objectShapeOf = (schema: z.core.$ZodType): ObjectShape => {
  const def = defOf(unwrap(schema));
  if (def.type !== "object" || !def.shape) throw new Error(`not an object schema: ${def.type}`);
  return {
    fields: Object.fromEntries(Object.entries(def.shape).map(([key, field]) => [key, kindOf(field)])),
    strict: def.catchall !== undefined && defOf(def.catchall).type === "never",
  };
};

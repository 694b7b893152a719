import * as z from "./zod-mini.js";

/**
 * A literal or set of whole numbers (a 0/1 flag, a quantity that must be 1). zod's JSON Schema calls any
 * number literal a `number`; the documents say `integer`, as the value is.
 */
export const integerLiteral = <const V extends readonly [number, ...number[]]>(
  values: V,
  params?: { error: string },
) => z.literal(values, params).check(z.meta({ type: "integer" }));

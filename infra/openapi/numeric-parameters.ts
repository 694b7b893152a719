import { safeParse } from "zod/v4/core";
import type { ContractSchema } from "../../shared/api/route-contract.js";
import type { JsonSchema } from "./json-schema.js";

/** The largest number a probe tries: past any id or page the service takes (ids are at most 10 digits). */
const CEILING = 10 ** 12;

/**
 * The JSON Schema of a query parameter whose validator takes a number written as text (query values are
 * strings, so its own JSON Schema may say "a string of digits"): `integer`, or `number` when it takes
 * a fraction, with the bounds it enforces and the default it fills in. They are found by asking the
 * validator itself, so the document cannot say other than what it refuses: a parameter is a number when
 * it refuses text and takes digits, and its bounds are the smallest and largest value it takes (what it
 * takes is assumed to be one range). Undefined for a parameter that is no number.
 */
export const numericParameterSchema = (schema: ContractSchema): JsonSchema | undefined => {
  const takesText = (text: string | undefined): boolean => safeParse(schema, text).success;
  // A parameter that takes any text (a search phrase, a cursor) is no number, whatever digits it takes.
  if (takesText("x") || takesText("1x")) return undefined;
  const takes = (value: number): boolean => takesText(String(value));
  let seed: number | undefined;
  for (let value = 1; value <= CEILING && seed === undefined; value *= 10) {
    if (takes(value)) seed = value;
    else if (takes(value - 1)) seed = value - 1;
  }
  if (seed === undefined) return undefined;
  // The smallest value taken: the range runs from `low` (taken) down to the first value not taken.
  let low = seed;
  if (takes(0)) low = 0;
  else {
    let refused = 0;
    while (low - refused > 1) {
      const middle = Math.floor((low + refused) / 2);
      if (takes(middle)) low = middle;
      else refused = middle;
    }
  }
  // The largest: double until refused, then halve the gap.
  let high = seed;
  let refused = Math.max(seed * 2, 1);
  while (refused <= CEILING && takes(refused)) {
    high = refused;
    refused *= 2;
  }
  if (refused > CEILING) return undefined;
  while (refused - high > 1) {
    const middle = Math.floor((high + refused) / 2);
    if (takes(middle)) high = middle;
    else refused = middle;
  }
  const fractional = takesText(`${low}.5`) || takesText(`${low}.25`);
  const fallback = safeParse(schema, undefined);
  return {
    type: fractional ? "number" : "integer",
    minimum: low,
    maximum: fractional && takesText(`${high}.99`) ? Number(`${high}.99`) : high,
    ...(fallback.success && typeof fallback.data === "number" ? { default: fallback.data } : {}),
  };
};

import * as z from "../../validation/zod-mini.js";

// The fields several v2 answers share: described ids, counts, flags, days, times and moments.

/** The schema with a description the document shows beside the field. */
export const described = <S extends z.ZodMiniType>(schema: S, description: string): S =>
  schema.check(z.describe(description));

/** An id, described as the ULID it is. */
export const id = (what: string) => described(z.string(), `${what}: a 26-character ULID`);
/** A whole number, described. */
export const count = (description: string) => described(z.int(), description);
/** A 0/1 flag, described. */
export const zeroOrOne = (description: string) => described(z.literal([0, 1]), description);
/** A UTC day, YYYY-MM-DD. */
export const day = (what: string) =>
  described(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), `${what}, YYYY-MM-DD (UTC)`);
/** A UTC time of day, HH:MM:SS. */
export const clock = (what: string) =>
  described(z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/)), `${what}, HH:MM:SS (UTC)`);
/** A moment as `Date.prototype.toISOString` writes it. */
export const instant = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/));
/** A moment, or null, described. */
export const instantOrNull = (description: string) => described(z.nullable(instant), description);

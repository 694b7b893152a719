import * as z from "../../validation/zod-mini.js";

// The fields several v1 answers share, in the spec's formats: ids, dates and times, string-typed numbers.

/** A ULID, as `newId` makes them: what every product, order and payout id is. */
export const id = (what: string) => z.string().check(z.describe(`${what} (26-character ULID)`));
export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.describe("UTC date, YYYY-MM-DD"));
export const clockTime = z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/), z.describe("UTC time, HH:MM:SS"));
export const dateTime = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    z.describe("UTC date and time, YYYY-MM-DD HH:MM:SS"),
  );
export const dottedDate = z
  .string()
  .check(z.regex(/^\d{2}\.\d{2}\.\d{4}$/), z.describe("UTC date, DD.MM.YYYY"));
/** A whole number the spec shows as a string (order amounts and counts). */
export const digits = (what: string) =>
  z.string().check(z.regex(/^\d+$/), z.describe(`${what}, as a string`));

import { integerLiteral } from "../../validation/integer-literal.js";
import * as z from "../../validation/zod-mini.js";

// The fields several v2 answers share: described ids, counts, amounts, flags, days, times and moments.

/** The schema with a description the document shows beside the field. */
export const described = <S extends z.ZodMiniType>(schema: S, description: string): S =>
  schema.check(z.describe(description));

/** An id, described as the ULID it is. */
export const id = (what: string) => described(z.string(), `${what}: a 26-character ULID`);
/** A whole number, described. */
export const count = (description: string) => described(z.int(), description);
/** An amount of money: whole roubles, as every v2 price, total and balance is. */
export const roubles = (what: string) => described(z.int(), `${what}, in whole roubles (RUB)`);
/** The currency of every v2 amount. */
export const currency = described(z.literal("RUB"), "Always RUB: every amount is in whole roubles");
/** An account id: sellers and resellers are accounts, numbered from 1. */
export const accountId = (what: string) =>
  described(z.int(), `${what}: an account id, a whole number from 1`);
/** A 0/1 flag, described. */
export const zeroOrOne = (description: string) => described(integerLiteral([0, 1]), description);
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

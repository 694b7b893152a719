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

/** The members of a call to the seller's api_url as answers report it (a webhook attempt, a test call). */
export const webhookCallWords = {
  target: "The origin called (scheme, host and port): never the api_url's path or query",
  outcome:
    "delivered (a 2xx answer), failed (another status, a timeout or a network error) or refused (the address guard refused the target: a private, link-local or reserved address)",
  http_status: "The receiver's HTTP status; null when it gave none",
  error: "What went wrong when there was no HTTP answer (a timeout, a refused address); null otherwise",
  duration_ms: "How long the call took, in milliseconds",
} as const;

/** A route's one success message. */
export const outcome = <M extends string>(message: M) =>
  z.literal(message).check(z.describe(`What was done: always "${message}"`));

/** Whole roubles (RUB): every price, amount and balance of v1. */
export const roubles = (what: string) => z.int().check(z.describe(`${what}, in integer roubles (RUB)`));

/** A 0/1 flag, as the integer it is (zod types number literals as `number`). */
export const flag = (description: string) =>
  z.literal([0, 1]).check(z.meta({ type: "integer", description }));

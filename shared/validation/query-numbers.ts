import * as refusals from "../errors/refusals.js";
import * as z from "./zod-mini.js";

/** A query-string parameter holding a whole number from `min` to `max` (query values arrive as strings). */
export const wholeNumber = (name: string, min: number, max: number) =>
  z
    .pipe(
      z.string().check(z.regex(/^\d{1,10}$/, refusals.wholeNumber.message({ name, min, max }))),
      z.transform(Number),
    )
    .check(z.refine((n) => n >= min && n <= max, refusals.wholeNumber.message({ name, min, max })));

/**
 * A query-string parameter holding a calendar day, `YYYY-MM-DD` (a real date: no 2026-02-30). zod's ISO
 * date is that rule, and the documents show it as what it is: a `date`, with its pattern.
 */
export const calendarDay = (name: string) => z.iso.date({ error: refusals.calendarDay.message({ name }) });

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

/** A query-string parameter holding a calendar day, `YYYY-MM-DD` (a real date: no 2026-02-30). */
export const calendarDay = (name: string) =>
  z.string().check(
    z.refine((value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const at = new Date(`${value}T00:00:00.000Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
    }, refusals.calendarDay.message({ name })),
  );

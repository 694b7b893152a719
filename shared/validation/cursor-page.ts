import { wholeNumber } from "./query-numbers.js";
import * as z from "./zod-mini.js";

/** Default and largest page of a cursor-paged list (GET /orders, GET /payout/history). */
export const CURSOR_PAGE_DEFAULT = 100;
export const CURSOR_PAGE_MAX = 1000;

/**
 * Query parameters of a cursor-paged list (an extension: the spec lists these without parameters):
 * `limit` items from `cursor` on (the `X-Next-Cursor` header of the previous page), newest first.
 * Other parameters are ignored, as they were before paging existed.
 */
export const cursorPageSchema = z.object({
  limit: z._default(wholeNumber("limit", 1, CURSOR_PAGE_MAX), CURSOR_PAGE_DEFAULT),
  cursor: z.optional(z.string().check(z.maxLength(1024, "cursor is not valid"))),
});
export type CursorPage = z.infer<typeof cursorPageSchema>;

/** The headers that tell a client where the next page starts (none on the last page). */
export const nextPageHeaders = (next: string | undefined): Record<string, string> | undefined =>
  next === undefined ? undefined : { "x-next-cursor": next };

import { MAX_CURSOR_LENGTH } from "../data/page-cursor.js";
import * as refusals from "../errors/refusals.js";
import { wholeNumber } from "./query-numbers.js";
import * as z from "./zod-mini.js";

/** Default and largest page of a cursor-paged list (GET /orders, GET /payout/history). */
export const CURSOR_PAGE_DEFAULT = 100;
export const CURSOR_PAGE_MAX = 1000;

/**
 * Query parameters of a seller's history list. Without either, the whole history (the spec's call,
 * which names no parameters); with `limit` or `cursor`, one page (an extension): `limit` items (default
 * 100) from `cursor` on (the `X-Next-Cursor` header of the previous page), newest first. Other
 * parameters are ignored, as they were before paging existed.
 */
export const cursorPageSchema = z.object({
  limit: z.optional(wholeNumber("limit", 1, CURSOR_PAGE_MAX)),
  cursor: z.optional(z.string().check(z.maxLength(MAX_CURSOR_LENGTH, refusals.invalidCursor.message))),
});
export type CursorPage = z.infer<typeof cursorPageSchema>;

/** The headers that tell a client where the next page starts (none on the last page). */
export const nextPageHeaders = (next: string | undefined): Record<string, string> | undefined =>
  next === undefined ? undefined : { "x-next-cursor": next };

import type { ListPosition, PageCursors } from "../data/page-cursor.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { CURSOR_PAGE_DEFAULT, type CursorPage } from "../validation/cursor-page.js";

/**
 * The most items a whole history answers with (GET /orders and GET /payout/history without paging
 * parameters): about 3.4 MB of the 6 MB a Lambda may answer when gzipped (see docs/decisions.md). Past
 * it the seller is told to page; a history is never cut short silently.
 */
export const WHOLE_HISTORY_MAX = 100_000;

/** Where a seller's history list is read from: one page after a position, or whole up to a bound. */
export interface HistorySource<T> {
  page(
    limit: number,
    start: ListPosition | undefined,
  ): Promise<{ items: T[]; next: ListPosition | undefined } | "invalid_start">;
  all(max: number): Promise<T[] | "too_many">;
}

/** Which history, for the cursors it issues and the words of its refusal. */
export interface HistoryList {
  /** The list's name in its cursors, so one list's cursor is refused by another. */
  readonly name: string;
  /** What it holds, plural ("orders", "payouts"). */
  readonly noun: string;
}

/**
 * Reads a seller's history list: whole, newest first, when the caller names no paging parameter (the
 * spec's call), else one page of `limit` from `cursor` on (the extension) with the next page's cursor,
 * none after the last page.
 */
export const readSellerHistory = async <T>(
  deps: { readonly cursors: PageCursors; readonly wholeMax?: number },
  list: HistoryList,
  sellerId: number,
  query: CursorPage,
  source: HistorySource<T>,
): Promise<{ items: T[]; next: string | undefined }> => {
  const owner = String(sellerId);
  if (query.limit === undefined && query.cursor === undefined) {
    const max = deps.wholeMax ?? WHOLE_HISTORY_MAX;
    const items = await source.all(max);
    if (items === "too_many") {
      throw refuse(worded(refusals.historyTooLarge, { max, noun: list.noun }));
    }
    return { items, next: undefined };
  }
  const start =
    query.cursor === undefined ? undefined : await deps.cursors.open(list.name, owner, query.cursor);
  if (query.cursor !== undefined && start === undefined) throw refuse(refusals.invalidCursor);
  const page = await source.page(query.limit ?? CURSOR_PAGE_DEFAULT, start);
  if (page === "invalid_start") throw refuse(refusals.invalidCursor);
  return {
    items: page.items,
    next: page.next ? await deps.cursors.seal(list.name, owner, page.next) : undefined,
  };
};

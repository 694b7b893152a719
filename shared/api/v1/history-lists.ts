import { WHOLE_HISTORY_MAX } from "../../lists/seller-history.js";
import { CURSOR_PAGE_DEFAULT, CURSOR_PAGE_MAX } from "../../validation/cursor-page.js";

// The seller's two histories (GET /orders, GET /payout/history) answer whole or in cursor pages alike.

/** The query parameters of a history read in pages. */
export const cursorQuery = {
  limit: `Extension: answer one page of this many items, 1 to ${CURSOR_PAGE_MAX} (default ${CURSOR_PAGE_DEFAULT} when only cursor is given), newest first. Without limit and cursor the whole history is answered.`,
  cursor:
    "Extension: where the page starts, exactly as the X-Next-Cursor response header of the previous page gave it (that header is absent when nothing follows). A cursor is valid only for the list and the seller it was issued to.",
};

/** What GET /orders and GET /payout/history say of their two ways of answering. */
export const historyDescription = (noun: string) =>
  `Newest first. As the spec says, without parameters the answer is the whole history: every one of the seller's ${noun}, read back to back from the index, gzip-compressed when the client sends Accept-Encoding: gzip (answers from 4 KB on). A whole history holds at most ${WHOLE_HISTORY_MAX} ${noun}; past that, or past the 6 MB a response may carry without compression (about 20,000 ${noun}), the answer is a 422 that says so, never a shortened list. Extension: with limit or cursor the answer is one page, and the X-Next-Cursor response header names the next page; the last page has none.`;

import { useState } from "preact/hooks";

/**
 * A history read in the API's cursor pages (GET /orders, GET /payout/history): the cursors of the pages
 * before the current one are kept, so Newer goes back without reading again from the start.
 */
export const useCursorPages = () => {
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  return {
    /** The current page's cursor; undefined for the first page. */
    cursor: cursors[cursors.length - 1],
    /** The current page's number, from 1. */
    page: cursors.length,
    older: (next: string) => setCursors([...cursors, next]),
    newer: () => setCursors(cursors.slice(0, -1)),
    first: () => setCursors([undefined]),
  };
};

/** Newer and Older for a cursor-paged history; nothing when it fits one page. */
export const CursorPager = (props: {
  readonly label: string;
  readonly pages: ReturnType<typeof useCursorPages>;
  /** The X-Next-Cursor of the page shown, if a page follows. */
  readonly next: string | undefined;
}) => {
  const { pages, next } = props;
  if (pages.page === 1 && next === undefined) return null;
  return (
    <nav class="pager" aria-label={props.label}>
      <button type="button" disabled={pages.page <= 1} onClick={pages.newer}>
        Newer
      </button>
      <span>Page {pages.page}</span>
      <button type="button" disabled={next === undefined} onClick={() => next && pages.older(next)}>
        Older
      </button>
    </nav>
  );
};

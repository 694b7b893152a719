import { createPageCursors } from "../data/page-cursor.js";
import { pageCursorKey } from "./service-keys.js";

/** List cursors sealed under the master secret's cursor key (loaded once per process, on first use). */
export const pageCursors = createPageCursors(pageCursorKey);

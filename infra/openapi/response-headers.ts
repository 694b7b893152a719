import type { JsonSchema } from "./json-schema.js";

/**
 * The response headers the documents declare, each where the service sets it: the next page's cursor
 * (`nextPageHeaders`, shared/validation/cursor-page.ts) on the lists paged by cursor, the replay mark of
 * the Idempotency-Key extension (functions/v2-purchases/handler.ts) on the routes that take the key, and
 * Retry-After on every 429 (shared/http/middleware/error-envelope.ts, from the refusal's wait).
 */

/** The cursor header's name (`nextPageHeaders` writes it in lower case: header names ignore case). */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";

/** The request header whose routes answer a replay with `Idempotent-Replayed`. */
export const IDEMPOTENCY_KEY = "Idempotency-Key";

type Header = { readonly description: string; readonly schema: JsonSchema };

/** On the success of a list a query `cursor` pages. */
export const nextCursorHeader: Record<string, Header> = {
  [NEXT_CURSOR_HEADER]: {
    description:
      "Where the next page starts: send it back as the query parameter cursor. Absent on the last page (and on an answer without limit or cursor, which is the whole list).",
    schema: { type: "string" },
  },
};

/** On the success of a route that takes Idempotency-Key. */
export const idempotentReplayedHeader: Record<string, Header> = {
  "Idempotent-Replayed": {
    description:
      "true when this answer repeats the first answer to the same Idempotency-Key (nothing was done again); absent on the first answer.",
    schema: { type: "string", enum: ["true"] },
  },
};

/** On every 429. */
export const retryAfterHeader: Record<string, Header> = {
  "Retry-After": {
    description: "Whole seconds to wait before the next attempt can succeed.",
    schema: { type: "integer", minimum: 1 },
  },
};

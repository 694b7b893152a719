import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Opaque list cursors. A cursor is the position after the last item of a page (a Query's start key) as
 * base64url JSON, followed by a MAC over the list's name, the caller and that JSON under a key derived
 * from the master secret. So a cursor is accepted back only exactly as the service issued it, for the
 * same list and the same caller: a forged, edited or borrowed one is refused before anything is read,
 * and DynamoDB never sees a start key the service did not write itself.
 */

/** Bytes of HMAC-SHA256 a cursor carries: 128 bits, far beyond guessing. */
const MAC_BYTES = 16;
/** The longest cursor accepted: a key of four attributes of at most 256 characters each, and its MAC. */
export const MAX_CURSOR_LENGTH = 1500;

/** A list position: the key attributes of the last item a page returned. */
export type ListPosition = Record<string, string>;

const mac = (key: Uint8Array, list: string, owner: string, payload: string): Buffer =>
  createHmac("sha256", key).update(`${list}\u0000${owner}\u0000${payload}`).digest().subarray(0, MAC_BYTES);

const isPosition = (value: unknown): value is ListPosition =>
  value !== null &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === "string" && v.length > 0 && v.length <= 256);

/** Seals list positions into cursors and opens them again, keyed once per process (see DerivedKeys.pageCursors). */
export const createPageCursors = (key: () => Promise<Uint8Array>) => ({
  /** The cursor of `position` in the list `list` of `owner` (e.g. a seller's id). */
  async seal(list: string, owner: string, position: ListPosition): Promise<string> {
    const payload = Buffer.from(JSON.stringify(position)).toString("base64url");
    return `${payload}.${mac(await key(), list, owner, payload).toString("base64url")}`;
  },

  /** The position a cursor stands for, or undefined unless it is exactly one this service issued for `list` of `owner`. */
  async open(list: string, owner: string, cursor: string): Promise<ListPosition | undefined> {
    if (cursor.length > MAX_CURSOR_LENGTH) return undefined;
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(cursor);
    if (!match) return undefined;
    const [, payload = "", given = ""] = match;
    // Compared as text, not decoded bytes: base64url's last character has spare bits, and a cursor
    // that differs from the issued one in any character is not the issued one.
    const expected = Buffer.from(mac(await key(), list, owner, payload).toString("base64url"));
    const presented = Buffer.from(given);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
    // Signed by us, so well formed; checked all the same, so a mistake of ours is a 400 and never a 500.
    try {
      const position: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      return isPosition(position) ? position : undefined;
    } catch {
      return undefined;
    }
  },
});

export type PageCursors = ReturnType<typeof createPageCursors>;

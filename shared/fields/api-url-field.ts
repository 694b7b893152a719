import { hasControlCharacters, isWellFormedText } from "../text/control-characters.js";
import * as z from "../validation/zod-mini.js";

/** An absolute http(s) URL with a host. */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
};

/**
 * A webhook target (`api_url`) as sellers set it on a product or their profile: an absolute http(s)
 * URL, or "" to clear it. The URL parser silently drops tabs and line breaks, so those are refused
 * before it sees the value.
 */
export const apiUrlField = z.string({ error: "Invalid API URL" }).check(
  z.trim(),
  z.maxLength(2048, { error: "Invalid API URL", abort: true }),
  z.refine((v) => isWellFormedText(v) && !hasControlCharacters(v, false), {
    error: "Invalid API URL",
    abort: true,
  }),
  z.refine((v) => v === "" || isHttpUrl(v), { error: "Invalid API URL" }),
);

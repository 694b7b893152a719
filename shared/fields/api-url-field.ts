import { isIP } from "node:net";
import * as refusals from "../errors/refusals.js";
import { isAllowedAddress } from "../network/allowed-address.js";
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
 * Whether a webhook URL may be saved: no credentials in it, and a host that is a name or an address
 * the service may call. The URL parser has already turned hex, octal and decimal IPv4 forms into
 * dotted ones, so `http://0xA9FEA9FE/` is judged as 169.254.169.254. Loopback passes here (the local
 * stack calls it); names are resolved and judged again at send time, where loopback is refused
 * outside the local stack.
 */
export const isSavableTarget = (value: string): boolean => {
  const url = new URL(value);
  if (url.username !== "" || url.password !== "") return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) === 0 || isAllowedAddress(host, true);
};

/**
 * A webhook target (`api_url`) as sellers set it on a product or their profile: an absolute http(s)
 * URL without credentials and not at a private, link-local (cloud metadata) or reserved address, or
 * "" to clear it. The URL parser silently drops tabs and line breaks, so those are refused
 * before it sees the value.
 */
export const apiUrlField = z.string({ error: refusals.invalidApiUrl.message }).check(
  z.trim(),
  z.maxLength(2048, { error: refusals.invalidApiUrl.message, abort: true }),
  z.refine((v) => isWellFormedText(v) && !hasControlCharacters(v, false), {
    error: refusals.invalidApiUrl.message,
    abort: true,
  }),
  z.refine((v) => v === "" || isHttpUrl(v), { error: refusals.invalidApiUrl.message, abort: true }),
  z.refine((v) => v === "" || isSavableTarget(v), { error: refusals.invalidApiUrl.message }),
);

import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isAllowedAddress } from "../network/allowed-address.js";

/** A webhook target the service refuses to call. */
export class RefusedTargetError extends Error {}

/**
 * Resolves a webhook URL's host to the one address the request will connect to, refusing the URL if
 * any address it resolves to is not allowed (so DNS cannot mix a private address in).
 */
export const resolveTarget = async (
  url: URL,
  allowLoopback: boolean,
): Promise<{ address: string; family: 4 | 6 }> => {
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new RefusedTargetError("Only http(s) targets");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new RefusedTargetError(`Cannot resolve ${host}`);
      });
  if (addresses.length === 0) throw new RefusedTargetError(`Cannot resolve ${host}`);
  for (const { address } of addresses) {
    if (!isAllowedAddress(address, allowLoopback)) {
      throw new RefusedTargetError(`Refused target address ${address} for ${host}`);
    }
  }
  const first = addresses[0];
  if (!first) throw new RefusedTargetError(`Cannot resolve ${host}`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
};

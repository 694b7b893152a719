import { readFileSync } from "node:fs";
import { endianness } from "node:os";

/** One 32-bit word of /proc/net/tcp*, written in the kernel's byte order, as its four address bytes. */
const wordBytes = (hex: string): number[] => {
  const bytes = [0, 2, 4, 6].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return endianness() === "LE" ? bytes.reverse() : bytes;
};

/** An address of /proc/net/tcp or tcp6 as text; an IPv4-mapped IPv6 address reads as its IPv4 address. */
const decodeAddress = (hex: string): string => {
  if (hex.length === 8) return wordBytes(hex).join(".");
  const bytes = [0, 8, 16, 24].flatMap((at) => wordBytes(hex.slice(at, at + 8)));
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join(".");
  const groups = [0, 2, 4, 6, 8, 10, 12, 14].map((at) =>
    (((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)).toString(16),
  );
  return groups.join(":").replace(/(^|:)0(:0)+(:|$)/, "::");
};

/** The state column's value for a listening socket. */
const LISTEN = "0A";

/**
 * The addresses on which some process of this machine listens on TCP `port`, read from /proc/net/tcp and
 * tcp6 (Linux): "0.0.0.0" or "::" for every interface, "127.0.0.1" for loopback only. Sorted, no repeats.
 */
export const listeningAddresses = (port: number): string[] => {
  const found = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local = "", , state] = line.trim().split(/\s+/);
      const [address = "", portHex = ""] = local.split(":");
      if (state === LISTEN && Number.parseInt(portHex, 16) === port) found.add(decodeAddress(address));
    }
  }
  return [...found].sort();
};

import { BlockList, isIP } from "node:net";

/**
 * Which network addresses the service may call: the rules the webhook sender applies after resolving
 * a target, and that `api_url` validation applies to literal addresses when a seller saves one.
 */

const blocked = new BlockList();
// Private, shared, link-local (cloud metadata), documentation, benchmark, multicast and reserved ranges.
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // IPv4-compatible (::a.b.c.d) and SIIT (::ffff:0:a.b.c.d) forms, NAT64, 6to4 and Teredo all carry an
  // IPv4 address (Teredo's, obfuscated, reaches a relay that forwards to it).
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["2001::", 32],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Whether an address may be called; loopback only when the local stack allows it. */
export const isAllowedAddress = (address: string, allowLoopback: boolean): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isAllowedAddress(mapped, allowLoopback);
  if (loopback.check(address, type)) return allowLoopback;
  return !blocked.check(address, type);
};

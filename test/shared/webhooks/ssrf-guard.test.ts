import type * as Dns from "node:dns/promises";
import { isIP } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { isAllowedAddress } from "../../../shared/network/allowed-address.js";
import { RefusedTargetError, resolveTarget } from "../../../shared/webhooks/ssrf-guard.js";

// No test in this file may reach a DNS server: "localhost" is answered from /etc/hosts by the real resolver,
// every other name from this script (a name not in it is unknown, as ".invalid" names always are).
const dns = vi.hoisted(() => ({
  answers: new Map<string, { address: string; family: number }[]>(),
  asked: [] as string[],
}));
vi.mock("node:dns/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof Dns>();
  const lookup = async (host: string, options: { all: true; verbatim: boolean }) => {
    dns.asked.push(host);
    if (host === "localhost") return actual.lookup(host, options);
    const answer = dns.answers.get(host);
    if (answer) return answer;
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host });
  };
  return { ...actual, default: { ...actual, lookup }, lookup };
});

/** The error a refused resolution fails with; fails the test if it resolves. */
const refusal = async (target: string, allowLoopback: boolean): Promise<Error> => {
  const error = await resolveTarget(new URL(target), allowLoopback).then(
    (resolved) => new Error(`resolved to ${JSON.stringify(resolved)}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusedTargetError);
  return error as Error;
};

const refusedAddresses = [
  ["10.0.0.1", "private 10/8"],
  ["172.16.5.4", "private 172.16/12"],
  ["192.168.1.1", "private 192.168/16"],
  ["169.254.169.254", "link-local cloud metadata"],
  ["100.64.0.1", "shared carrier-grade NAT"],
  ["0.0.0.0", "this host"],
  ["224.0.0.1", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["::", "unspecified IPv6"],
  ["fc00::1", "unique local IPv6"],
  ["fd00:ec2::254", "EC2 IPv6 metadata"],
  ["fe80::1", "link-local IPv6"],
  ["ff02::1", "multicast IPv6"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
  ["64:ff9b::a00:1", "NAT64 of a private IPv4"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["2001::1", "Teredo prefix"],
] as const;

describe("isAllowedAddress", () => {
  it.each(refusedAddresses)("refuses %s (%s) whether or not loopback is allowed", (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(false);
  });

  it.each(["127.0.0.1", "127.5.5.5", "::1", "::ffff:127.0.0.1"])(
    "refuses loopback %s unless loopback is allowed, then allows it",
    (address) => {
      expect(isAllowedAddress(address, false)).toBe(false);
      expect(isAllowedAddress(address, true)).toBe(true);
    },
  );

  it.each(["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])(
    "allows the public address %s (a pure check, nothing is contacted)",
    (address) => {
      expect(isAllowedAddress(address, false)).toBe(true);
      expect(isAllowedAddress(address, true)).toBe(true);
    },
  );

  it.each([
    ["::ffff:a00:1", false],
    ["::ffff:a9fe:a9fe", false],
    ["::ffff:7f00:1", true],
  ])("judges the hexadecimal IPv4-mapped form %s as the IPv4 address it carries", (address, loopback) => {
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(loopback);
  });

  it.each(["", "localhost", "10.0.0.1.example", "999.1.1.1"])(
    "refuses %j, which is not an IP address",
    (address) => {
      expect(isAllowedAddress(address, true)).toBe(false);
    },
  );
});

describe("IPv6 forms that carry an IPv4 address", () => {
  it.each(["::10.0.0.1", "::a00:1", "::ffff:0:a00:1", "64:ff9b:1::a00:1", "2002:a00:1::1"])(
    "refuses %s whatever address it carries, even in local mode",
    (address) => {
      expect(isAllowedAddress(address, false)).toBe(false);
      expect(isAllowedAddress(address, true)).toBe(false);
    },
  );
});

describe("resolveTarget", () => {
  it.each([
    ["http://10.0.0.1/x", "10.0.0.1"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["http://[fd00:ec2::254]/", "fd00:ec2::254"],
  ])("refuses the IP literal in %s without resolving it, naming the address", async (target, address) => {
    dns.asked.length = 0;
    expect((await refusal(target, true)).message).toBe(`Refused target address ${address} for ${address}`);
    expect(dns.asked).toEqual([]);
  });

  it("refuses an IPv4-mapped literal, which the URL parser rewrites to hexadecimal", async () => {
    expect((await refusal("http://[::ffff:169.254.169.254]/latest", true)).message).toBe(
      "Refused target address ::ffff:a9fe:a9fe for ::ffff:a9fe:a9fe",
    );
  });

  it("refuses a name that resolves to loopback (localhost) outside local mode", async () => {
    expect((await refusal("http://localhost:9/", false)).message).toMatch(
      /^Refused target address (127\.\d+\.\d+\.\d+|::1) for localhost$/,
    );
  });

  it("resolves localhost to a loopback address in local mode", async () => {
    const resolved = await resolveTarget(new URL("http://localhost:9/"), true);
    expect(resolved.address).toMatch(/^(127\.\d+\.\d+\.\d+|::1)$/);
    expect(isIP(resolved.address)).toBe(resolved.family);
  });

  it("refuses a target that is not http(s)", async () => {
    expect((await refusal("ftp://x", true)).message).toBe("Only http(s) targets");
  });

  it("refuses a name that cannot be resolved", async () => {
    dns.asked.length = 0;
    expect((await refusal("https://no-such-host.invalid/hook", true)).message).toBe(
      "Cannot resolve no-such-host.invalid",
    );
    expect(dns.asked).toEqual(["no-such-host.invalid"]);
  });

  it("refuses a name that resolves to no address at all", async () => {
    dns.answers.set("empty.test", []);
    expect((await refusal("https://empty.test/", false)).message).toBe("Cannot resolve empty.test");
  });

  it("refuses a name when any one of its addresses is not allowed, so DNS cannot mix one in", async () => {
    dns.answers.set("mixed.test", [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ]);
    expect((await refusal("https://mixed.test/hook", true)).message).toBe(
      "Refused target address 10.0.0.1 for mixed.test",
    );
  });

  it("resolves a name with only public addresses to its first address (nothing is contacted)", async () => {
    dns.answers.set("public.test", [
      { address: "2606:4700:4700::1111", family: 6 },
      { address: "1.1.1.1", family: 4 },
    ]);
    expect(await resolveTarget(new URL("https://public.test/hook"), false)).toEqual({
      address: "2606:4700:4700::1111",
      family: 6,
    });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Cidr,
  cidrContains,
  cidrContainsAddress,
  cidrsOverlap,
  formatCidr,
  formatIpv4,
  isPrivateCidr,
  lastAddress,
  nthHostAddress,
  parseCidr,
  parseIpv4,
} from "../src/ipv4";

const cidr = (text: string) => parseCidr(text) as Cidr;

describe("IPv4 addresses and blocks", () => {
  it("parses dotted addresses and refuses what is not one", () => {
    expect(parseIpv4("10.0.0.1")).toBe(167772161);
    expect(parseIpv4("255.255.255.255")).toBe(4294967295);
    for (const bad of ["10.0.0", "10.0.0.256", "10.0.0.01", "10.0.0.-1", "a.b.c.d", "10.0.0.1 ", ""]) {
      expect(parseIpv4(bad), bad).toBeNull();
    }
  });

  it("parses blocks, refusing host bits beyond the prefix and prefixes over 32", () => {
    expect(cidr("10.1.0.0/16")).toEqual({ base: parseIpv4("10.1.0.0"), prefix: 16 });
    expect(parseCidr("10.1.0.1/16")).toBeNull();
    expect(parseCidr("10.1.0.0/33")).toBeNull();
    expect(parseCidr("10.1.0.0")).toBeNull();
    expect(formatIpv4(lastAddress(cidr("192.168.1.0/24")))).toBe("192.168.1.255");
  });

  it("answers containment and overlap", () => {
    expect(cidrContains(cidr("10.0.0.0/16"), cidr("10.0.3.0/24"))).toBe(true);
    expect(cidrContains(cidr("10.0.0.0/16"), cidr("10.1.0.0/24"))).toBe(false);
    expect(cidrContains(cidr("10.0.3.0/24"), cidr("10.0.0.0/16"))).toBe(false);
    expect(cidrsOverlap(cidr("10.0.3.0/24"), cidr("10.0.0.0/16"))).toBe(true);
    expect(cidrsOverlap(cidr("10.0.3.0/24"), cidr("10.0.4.0/24"))).toBe(false);
    expect(cidrContainsAddress(cidr("10.0.3.0/24"), parseIpv4("10.0.3.200") as number)).toBe(true);
    expect(formatIpv4(nthHostAddress(cidr("10.0.3.0/24"), 1))).toBe("10.0.3.1");
  });

  it("knows the private ranges of RFC 1918", () => {
    expect(isPrivateCidr(cidr("10.20.0.0/16"))).toBe(true);
    expect(isPrivateCidr(cidr("172.31.0.0/16"))).toBe(true);
    expect(isPrivateCidr(cidr("172.32.0.0/16"))).toBe(false);
    expect(isPrivateCidr(cidr("192.168.0.0/16"))).toBe(true);
    expect(isPrivateCidr(cidr("192.168.0.0/15"))).toBe(false);
    expect(isPrivateCidr(cidr("8.8.8.0/24"))).toBe(false);
  });

  const anyCidr = fc
    .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 32 }))
    .map(([address, prefix]) => ({ base: address - (address % 2 ** (32 - prefix)), prefix }));

  it("formats and parses back every block (property)", () => {
    fc.assert(
      fc.property(anyCidr, (c) => {
        expect(parseCidr(formatCidr(c))).toEqual(c);
      }),
    );
  });

  it("overlap is symmetric and equals sharing an address (property)", () => {
    fc.assert(
      fc.property(anyCidr, anyCidr, (a, b) => {
        const sharing = Math.max(a.base, b.base) <= Math.min(lastAddress(a), lastAddress(b));
        expect(cidrsOverlap(a, b)).toBe(sharing);
        expect(cidrsOverlap(b, a)).toBe(sharing);
      }),
    );
  });
});
